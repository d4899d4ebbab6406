-- Half Hazard and Growing Hazard: throw on until k hazards were thrown in
-- this turn, then stop ("stop after k hazards"). k is a parameter:
--   lua:scripts/dice/banking.lua{k=2}
-- Plays the same games as the native policy threshold:k.
local k = 1

function init(info)
  k = info.params.k or 1
end

function choose(game, moves)
  if game:view("turn_hazards") >= k then
    return "stop"
  end
  return "throw"
end
