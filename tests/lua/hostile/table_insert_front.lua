function choose(g, m)
  local t = {}
  for i = 1, 1 << 20 do t[i] = i end
  while true do table.insert(t, 1, 0) end
end
