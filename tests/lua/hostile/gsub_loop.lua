-- Issue 28, 2: gsub's result charged as built: each empty match adds the
-- replacement, far more than gsub reads.
local s, r = ("x"):rep(1 << 10), ("y"):rep(1 << 12)
function choose(g, m) while true do local t = s:gsub("", r) end end
