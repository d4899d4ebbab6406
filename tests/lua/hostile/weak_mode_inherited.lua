-- A metatable with a metatable of its own, which could give it __mode later.
local base = {}
local mt = setmetatable({}, {__index = base})
local cache = setmetatable({}, mt)
mt.__mode = "k"
function choose(g, m) return 1 end
