function choose(g, m) while true do print(("flood "):rep(100)) end end
