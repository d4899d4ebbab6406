-- Rithmomachy, two plies deep: for each move, what it captures minus the
-- most the opponent can capture in reply; the best balance wins, ties
-- broken at random. A move that wins the game outright is taken at once.
local me

function init(info)
  me = info.seat
end

local function best_reply(copy)
  if copy:over() then return 0 end
  local replies = copy:views_for("capture_value", copy:moves())
  local most = 0
  for j = 1, #replies do
    if replies[j] > most then most = replies[j] end
  end
  return most
end

function choose(game, moves)
  local gains = game:views_for("capture_value", moves)
  local best, ties = nil, {}
  for i = 1, #moves do
    local m = moves[i]
    local copy = game:copy()
    copy:play(m)
    if copy:winner() == me then return m end
    local score = gains[i] - best_reply(copy)
    if best == nil or score > best then
      best, ties = score, {i}
    elseif score == best then
      ties[#ties + 1] = i
    end
  end
  return ties[math.random(#ties)]
end
