-- Issue 28, 1: one print of 8 Mi newlines; each line is shown after the
-- script's path, so the host must stop at the allowance, not build ~1 GB.
-- (Doubled by concatenation, which costs an instruction each.)
function choose(g, m)
  local s = "\n"
  for i = 1, 23 do s = s .. s end
  print(s)
  return 1
end
