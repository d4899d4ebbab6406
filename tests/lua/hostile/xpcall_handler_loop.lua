-- After the budget ends, a message handler must not run where nothing is counted.
function choose(g, m) return xpcall(function() while true do end end, function() while true do end end) end
