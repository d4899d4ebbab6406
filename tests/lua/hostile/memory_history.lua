-- Issue 28, 3: keeps 3-5 KB strings until the memory limit, and makes a
-- move value of every move (each freed only by its finalizer). With
-- {strings=1} it keeps one a decision, as the red team's bot did: whether
-- a game runs out of memory must not depend on the games its VM played
-- before (tests/lua/memory_history.rs).
local keep, per_call = {}, math.huge
function init(info) per_call = info.params.strings or math.huge end
function choose(g, m)
  local best
  for i = 1, #m do
    local mv = m[i]
    if best == nil or math.random(i) == 1 then best = mv end
  end
  local n = 0
  while n < per_call do
    keep[#keep + 1] = string.rep("x", math.random(3000, 5000))
    n = n + 1
  end
  return best
end
