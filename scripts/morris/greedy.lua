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

-- What the position is worth to `seat`, when the script judges the lead
-- for metrics.csv (metrics = "all", metrics_evaluator =
-- "lua:scripts/morris/greedy.lua"): its men, on the board and in hand,
-- less the other side's, squashed into -1..1.
function evaluate(game, seat)
  local me = game:seat_name(seat)
  local men, hand = game:view("men"), game:view("hand")
  local lead = 0
  for side, list in pairs(men) do
    local n = #list + (hand[side] or 0)
    if side == me then lead = lead + n else lead = lead - n end
  end
  return lead / (1 + math.abs(lead))
end
