-- One call asked for the views of very many arguments: the budget ends it.
function choose(g, m)
  local t = setmetatable({}, {__len = function() return 1 << 40 end})
  pcall(function() g:views_for("capture_value", t) end)
  local big, mv = {}, m[1]
  for i = 1, 1 << 15 do big[i] = mv end
  return g:views_for("capture_value", big)
end
