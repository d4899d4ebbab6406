function choose(g, m) while true do load(("x = 1;"):rep(1 << 20)) end end
