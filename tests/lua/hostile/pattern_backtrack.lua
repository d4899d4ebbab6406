-- A pattern that backtracks for ever inside one library call: only the
-- watchdog can end it.
function choose(g, m) return string.find(("a"):rep(40), ("a*"):rep(40) .. "b") end
