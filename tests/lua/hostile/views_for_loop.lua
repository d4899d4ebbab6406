-- Large views of many arguments, in a loop.
local args = {}
for i = 1, 4096 do args[i] = i end
function choose(g, m) while true do g:views_for("pieces", args) end end
