local keep = {}
function choose(g, m) for i = 1, 400000 do keep[i] = g:clone() end return 1 end
