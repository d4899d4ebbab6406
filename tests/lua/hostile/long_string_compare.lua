-- Each comparison of two long strings is one instruction of much work.
function choose(g, m)
  local a, b = ("x"):rep(1 << 22), ("x"):rep(1 << 22)
  local n = 0
  while true do if a < b then n = n + 1 end end
end
