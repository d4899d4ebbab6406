-- Catching the memory limit, in Lua and in host calls.
local keep = {}
function choose(g, m)
  while true do
    pcall(function() keep[#keep + 1] = g:clone() end)
    pcall(function() keep[#keep + 1] = ("x"):rep(1 << 20) .. #keep end)
  end
end
