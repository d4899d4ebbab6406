-- Issue 28, 1: an error value of 16 MiB (bytes that are not UTF-8, tripled
-- by a lossy copy) is cut where it is raised; the message stays short.
function choose(g, m)
  local s = "\255"
  for i = 1, 24 do s = s .. s end
  error(s)
end
