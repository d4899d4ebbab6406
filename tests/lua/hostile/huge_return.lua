function choose(g, m) return ("\27[31m"):rep(1 << 20) end
