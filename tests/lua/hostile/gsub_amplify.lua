function choose(g, m) return #string.gsub(("x"):rep(1 << 14), "", ("y"):rep(1 << 14)) end
