-- A __close handler that never returns, run as the budget's error unwinds.
function choose(g, m)
  local x <close> = setmetatable({}, {__close = function() while true do end end})
  while true do end
end
