-- Morris family (alquerque, rabbit, nine-men, three-men): takes the move
-- that takes the most enemy men (a whole chain of jumps, or the man a
-- completed line removes); among equals a random one. One call asks what
-- every move would take.
function choose(game, moves)
  local takes = game:views_for("takes", moves)
  local best, ties, n = -1, {}, 0
  for i = 1, #moves do
    local k = #takes[i]
    if k > best then
      best, n = k, 1
      ties[1] = i
    elseif k == best then
      n = n + 1
      ties[n] = i
    end
  end
  return ties[math.random(n)]
end
