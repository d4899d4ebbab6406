-- Issue 28, 3, the red team's bot: keeps a 3-5 KB string a decision, and
-- makes a move value of every move (each freed only by its finalizer).
-- Run at max_memory_mb=1 (tests/lua/memory_history.rs).
local keep = {}
function choose(g, m)
  local best
  for i = 1, #m do
    local mv = m[i]
    if best == nil or math.random(i) == 1 then best = mv end
  end
  keep[#keep + 1] = string.rep("x", math.random(3000, 5000))
  return best
end
