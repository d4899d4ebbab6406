-- Issue 28, 2: string.pack builds 16 MB from an empty string; charged for
-- what it builds, the loop ends by the budget, not the clock.
function choose(g, m) while true do local s = string.pack("c16000000", "") end end
