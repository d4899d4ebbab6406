-- Copies rolled out and kept: what they hold counts toward memory.
local keep = {}
function choose(g, m)
  for i = 1, 1e8 do
    local c = g:copy()
    c:rollout("random", 50)
    keep[i] = c
  end
  return 1
end
