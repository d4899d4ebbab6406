-- Issue 28, 2: string.format's output outgrows its inputs (%q escapes each
-- control byte as up to four): charged as built.
local s = string.rep("\1", 1 << 20)
function choose(g, m) while true do local q = string.format("%q", s) end end
