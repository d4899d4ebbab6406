-- Issue 28, 2: tostring of a table whose __name is 4 MiB builds the text
-- anew at each call: charged as built.
function choose(g, m)
  local name = "n"
  for i = 1, 22 do name = name .. name end
  local t = setmetatable({}, {__name = name})
  while true do local s = tostring(t) end
end
