-- Rithmomachy: takes the move that captures the most value; among equals
-- (most often: no capture at all) a random one. One call asks what every
-- move would capture.
function choose(game, moves)
  local values = game:views_for("capture_value", moves)
  local best, ties, n = -1, {}, 0
  for i = 1, #moves do
    local v = values[i]
    if v > best then
      best, n = v, 1
      ties[1] = i
    elseif v == best then
      n = n + 1
      ties[n] = i
    end
  end
  return ties[math.random(n)]
end
