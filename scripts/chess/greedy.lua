-- Grande Acedrex and Four Seasons: takes the most valuable piece it can,
-- counting as lost the mover's value when the square it lands on is
-- attacked (so it neither hangs a piece for nothing nor gives a rook for a
-- pawn). The best net gain wins; at equal gain a trade comes before a quiet
-- move; ties at random. With two dice (Four Seasons, dice=two) it first
-- chooses the die whose kind offers the best such move, trying each on a copy.

-- Rough worth of each kind, by its reach; a king outweighs everything, since
-- taking one puts its seat out of the game.
local VALUE = {
  pawn = 1, general = 2, bishop = 2, giraffe = 3, knight = 3,
  crocodile = 4, lion = 4, rook = 5, unicorn = 6, aanca = 8, king = 100,
}
-- A die that loses the turn is worth less than a quiet move, more than a
-- piece given away.
local LOST_TURN = -0.5

-- What moving from `from` to `to` gains: the piece taken (if any) less the
-- mover if it can be taken there. A king is never left attacked by a legal
-- move, so only other pieces risk being taken back.
local function net(game, from, to, taken)
  local gain = taken and VALUE[taken] or 0
  local kind = game:view("square", from).kind
  if kind ~= "king" and game:view("attacked", to) then
    gain = gain - VALUE[kind]
  end
  return gain
end

local function squares(text)
  return string.match(text, "^(%a%d+)[-x](%a%d+)")
end

-- The net gain of the best move of `game` (the game or a copy where the
-- script's seat is to move) and the index of one such move. A move written
-- with `x` takes; the quiet ones are probed in random order for a safe
-- one, which is a uniform draw among the safe quiet moves without looking
-- at them all (most decisions have dozens).
local function best_move(game, moves)
  local best, ties = nil, {}
  local quiet = {}
  for i = 1, #moves do
    local text = moves:text(i)
    local from, to = squares(text)
    if string.find(text, "x", 1, true) then
      local gain = net(game, from, to, game:view("takes", moves[i]))
      if best == nil or gain > best then
        best, ties = gain, {i}
      elseif gain == best then
        ties[#ties + 1] = i
      end
    else
      quiet[#quiet + 1] = i
    end
  end
  if best ~= nil and best >= 0 then
    return best, ties[math.random(#ties)]
  end
  -- No trade breaks even: a safe quiet move if there is one, else the
  -- least bad of everything.
  local unsafe = {}
  while #quiet > 0 do
    local k = math.random(#quiet)
    local i = quiet[k]
    quiet[k] = quiet[#quiet]
    quiet[#quiet] = nil
    local from, to = squares(moves:text(i))
    local gain = from and net(game, from, to, nil) or 0
    if gain == 0 then return 0, i end
    unsafe[#unsafe + 1] = {i, gain}
  end
  for _, u in ipairs(unsafe) do
    if best == nil or u[2] > best then
      best, ties = u[2], {u[1]}
    elseif u[2] == best then
      ties[#ties + 1] = u[1]
    end
  end
  return best, ties[math.random(#ties)]
end

-- With two dice the moves are the dice (`die:4`): the one whose best move
-- gains most, each played on a copy.
local function choose_die(game, moves)
  local me = game:seat()
  local best, ties = nil, {}
  for i = 1, #moves do
    local copy = game:clone()
    copy:play(moves[i])
    local gain = LOST_TURN
    if copy:to_move() == me then
      local replies = copy:moves()
      if #replies > 0 then gain = best_move(copy, replies) end
    end
    if best == nil or gain > best then
      best, ties = gain, {i}
    elseif gain == best then
      ties[#ties + 1] = i
    end
  end
  return ties[math.random(#ties)]
end

function choose(game, moves)
  if string.find(moves:text(1), "^die:") then
    return choose_die(game, moves)
  end
  local _, i = best_move(game, moves)
  return i
end
