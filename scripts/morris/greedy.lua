-- Morris family (alquerque, rabbit, nine-men, three-men): takes the move
-- that takes the most enemy men (a whole chain of jumps, or the man a
-- completed line removes); among equals a random one.
function choose(game, moves)
  local best, ties = -1, {}
  for i = 1, #moves do
    local n = #game:view("takes", moves[i])
    if n > best then
      best, ties = n, {i}
    elseif n == best then
      ties[#ties + 1] = i
    end
  end
  return ties[math.random(#ties)]
end
