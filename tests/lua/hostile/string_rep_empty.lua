function choose(g, m) local s = string.rep("", math.maxinteger) return 1 end
