-- Issue 28, 2: game:view with a 16 MiB name that is not UTF-8 (copied
-- lossily, it would triple) and quoted in the error: refused unread.
function choose(g, m)
  local big = "\255"
  for i = 1, 24 do big = big .. big end
  while true do pcall(g.view, g, big) end
end
