function choose(g, m)
  local s, p = ("a"):rep(1 << 23), ("a"):rep(1 << 12) .. "b"
  while true do string.find(s, p, 1, true) end
end
