-- Morris family (alquerque, rabbit, nine-men, three-men): at each decision
-- takes the option that takes an enemy man (a jump, or the man a completed
-- line removes), or else one that completes a line (a removal follows);
-- among equals a random one. A turn may hold several decisions (the step,
-- then the removal; each jump of a chain): the script is asked at each.
-- One call per view asks it of every option at once.
function choose(game, moves)
  local takes = game:views_for("takes", moves)
  local lines = game:views_for("makes_line", moves)
  local best, ties, n = -1, {}, 0
  for i = 1, #moves do
    local k = 2 * #takes[i] + (lines[i] and 1 or 0)
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
