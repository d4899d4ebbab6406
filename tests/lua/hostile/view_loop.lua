-- A host call that builds a large value, in a loop.
function choose(g, m) while true do g:view("pieces") end end
