-- Half Hazard and Growing Hazard: throw on until k hazards were thrown in
-- this turn, then stop ("stop after k hazards"). k is a parameter:
--   lua:scripts/dice/banking.lua{k=2}
-- Plays the same games as the native policy threshold:k.

-- The parameters this script takes, with their defaults: any other in the
-- braces (a typo, `{K=2}`) is refused before any game.
params = { k = 1 }

local k

function init(info)
  k = info.params.k
end

function choose(game, moves)
  if game:view("turn_hazards") >= k then
    return "stop"
  end
  return "throw"
end
