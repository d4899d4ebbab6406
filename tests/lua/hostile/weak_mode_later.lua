-- __mode added after the table became a metatable.
local mt = {}
local cache = setmetatable({}, mt)
mt.__mode = "k"
function choose(g, m) return 1 end
