-- Morris family (nine-men, three-men, alquerque, rabbit): a two-decision
-- minimax on material, as a new user would first write one. Every option
-- is played on a copy, then every answer to it (the opponent's reply, or
-- the script's own removal when the option completed a line), and each
-- position reached is scored by material: the men a side has on the board
-- and in hand (the views `men` and `hand`), its own less the other's. An
-- option is worth its worst answer when the opponent answers and its best
-- when the script does; a won game is worth more than any material. Ties
-- are broken at random (the seat's own stream).
--
-- Each position scored is a leaf: a copy, a play and two views, the calls
-- whose cost docs/policies.md profiles.

local WIN = 1000

-- Material of the position for the side named `me`.
local function material(game, me)
  local men, hand = game:view("men"), game:view("hand")
  local score = 0
  for side, list in pairs(men) do
    local n = #list + (hand[side] or 0)
    if side == me then score = score + n else score = score - n end
  end
  return score
end

-- What a position is worth to seat `seat` (named `me`): the result if the
-- game is over, else its material.
local function value(game, seat, me)
  if game:over() then
    local w = game:winner()
    if w == nil then return 0 end
    return w == seat and WIN or -WIN
  end
  return material(game, me)
end

-- An option's worth, one decision on: the best (own decision) or worst
-- (the opponent's) of the positions each answer leads to.
local function answer(node, seat, me)
  if node:over() then return value(node, seat, me) end
  local mine = node:to_move() == seat
  local best
  -- Played by index: a move value (`moves[i]`) is a userdata of its own,
  -- made when asked for, which would cost as much as the copy.
  for j = 1, #node:moves() do
    local leaf = node:copy()
    leaf:play(j)
    local v = value(leaf, seat, me)
    if best == nil or (mine and v > best) or (not mine and v < best) then best = v end
  end
  return best or material(node, me)
end

function choose(game, moves)
  local seat = game:seat()
  local me = game:seat_name()
  local best, ties, n = nil, {}, 0
  for i = 1, #moves do
    local node = game:copy()
    node:play(i)
    local v = answer(node, seat, me)
    if best == nil or v > best then
      best, n = v, 1
      ties[1] = i
    elseif v == best then
      n = n + 1
      ties[n] = i
    end
  end
  return ties[math.random(n)]
end
