local mt = {}
local cache = setmetatable({}, mt)
rawset(mt, "__mode", "v")
function choose(g, m) return 1 end
