-- What a weak table holds depends on when memory is collected.
local cache = setmetatable({}, {__mode = "k"})
function choose(g, m)
  local key = {}
  cache[key] = true
  for i = 1, 1000 do local t = {i} end
  local n = 0
  for _ in pairs(cache) do n = n + 1 end
  return (n % #m) + 1
end
