-- Rithmomachy: takes the move that captures the most value; among equals
-- (most often: no capture at all) a random one.
function choose(game, moves)
  local best, ties = -1, {}
  for i = 1, #moves do
    local v = game:view("capture_value", moves[i])
    if v > best then
      best, ties = v, {i}
    elseif v == best then
      ties[#ties + 1] = i
    end
  end
  return ties[math.random(#ties)]
end
