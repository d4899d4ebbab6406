function choose(g, m) error(("\27[2J\r\0"):rep(1 << 18)) end
