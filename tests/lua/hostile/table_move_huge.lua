function choose(g, m) return table.move({}, 1, 1 << 40, 1, {}) end
