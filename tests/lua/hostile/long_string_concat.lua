-- Joining long strings, one instruction each.
function choose(g, m)
  local a = ("x"):rep(1 << 22)
  while true do local b = a .. a end
end
