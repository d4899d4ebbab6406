local keep = {}
function choose(g, m) local c = g:clone() for i = 1, 1e8 do keep[i] = c:moves() end return 1 end
