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

local function squares(text)
  return string.match(text, "^(%a%d+)[-x](%a%d+)")
end

-- What moving a piece of kind `kind` gains: the value of the kind it takes,
-- `taken` (if any), less the mover's if its target is `attacked`. A king is
-- never left attacked by a legal move, so only other pieces risk being
-- taken back.
local function net(kind, attacked, taken)
  local gain = taken and VALUE[taken] or 0
  if kind ~= "king" and attacked then
    gain = gain - VALUE[kind]
  end
  return gain
end

-- The net gain of the best move of `game` (the game or a copy where the
-- script's seat is to move) and the index of one such move. A move written
-- with `x` takes: one call each asks what every such move takes, which
-- pieces move and whether their targets are attacked. The quiet ones are
-- probed in random order for a safe one, which is a uniform draw among the
-- safe quiet moves without looking at them all (most decisions have dozens).
local function best_move(game, moves)
  local best, ties = nil, {}
  local takes, froms, tos, at = {}, {}, {}, {}
  local quiet = {}
  for i = 1, #moves do
    local text = moves:text(i)
    if string.find(text, "x", 1, true) then
      local k = #takes + 1
      takes[k], at[k] = moves[i], i
      froms[k], tos[k] = squares(text)
    else
      quiet[#quiet + 1] = i
    end
  end
  if #takes > 0 then
    local taken = game:views_for("takes", takes)
    local movers = game:views_for("square", froms)
    local attacked = game:views_for("attacked", tos)
    for k = 1, #takes do
      local gain = net(movers[k].kind, attacked[k], taken[k])
      if best == nil or gain > best then
        best, ties = gain, {at[k]}
      elseif gain == best then
        ties[#ties + 1] = at[k]
      end
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
    local gain = 0
    if from then
      gain = net(game:view("square", from).kind, game:view("attacked", to), nil)
    end
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
-- gains most, each played on a copy. A die that no piece can move loses
-- the turn: the copy then plays on to the next seat's decision, so the
-- script's seat still choosing in the same turn (same ply) is what tells a
-- die that moves.
local function choose_die(game, moves)
  local me = game:seat()
  local best, ties = nil, {}
  for i = 1, #moves do
    local copy = game:copy()
    copy:play(moves[i])
    local gain = LOST_TURN
    if copy:to_move() == me and copy:ply() == game:ply() then
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
