-- A __close handler inside pcall, looping again after each error.
function choose(g, m)
  while true do
    pcall(function()
      local x <close> = setmetatable({}, {__close = function() while true do end end})
      while true do end
    end)
  end
end
