local keep = {}
function choose(g, m) for i = 1, 1e8 do keep[i] = m[1] end return 1 end
