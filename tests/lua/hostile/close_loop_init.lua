-- The same in init.
function init(info)
  local x <close> = setmetatable({}, {__close = function() while true do end end})
  while true do end
end
function choose(g, m) return 1 end
