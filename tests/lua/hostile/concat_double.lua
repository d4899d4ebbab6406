function choose(g, m) local s = "x" while true do s = s .. s end end
