-- Monte Carlo tree search (UCT) for any game, written over the copy calls:
-- each playout copies the game, walks down the tree choosing by UCB1, adds
-- one node, then lets the native `random` policy play the copy out
-- (copy:rollout) and adds the result along the path. The move played most
-- often at the root is chosen.
--
-- Parameters: playouts (per decision, default 100), c (the exploration
-- constant, default 1.4), cap (decisions a rollout may play before it is
-- scored as even; 0, the default: to the end of the game). E.g.
--   lua:scripts/mcts.lua{playouts=200, c=1.0, cap=100}
--
-- Every seat is scored by its place (1 for first, 0 for last, ties sharing),
-- so it plays games of any number of seats. A copy throws its own dice, so in
-- dice games the moves at a node may differ from one visit to the next: a
-- node keeps an edge for every move it has seen (by its text) and chooses
-- among those legal now ("open loop"), each counting the visits in which it
-- was available.

-- The parameters this script takes, with their defaults: any other in the
-- braces (a typo, `{playout=200}`) is refused before any game.
params = { playouts = 100, c = 1.4, cap = 0 }

local PLAYOUTS, C, CAP

function init(info)
  PLAYOUTS = info.params.playouts
  C = info.params.c
  -- copy:rollout takes no cap as "to the end of the game".
  CAP = info.params.cap > 0 and info.params.cap or nil
end

-- What a finished game is worth to each seat, from its places: 1 for the
-- sole winner, 0 for the last, tied seats sharing the places they span. A
-- rollout stopped at its cap (no outcome) is even.
local function rewards(outcome, players)
  local r = {}
  for s = 1, players do
    if outcome == nil or players < 2 then
      r[s] = 0.5
    else
      local places, tied = outcome.places, 0
      for t = 1, players do
        if places[t] == places[s] then tied = tied + 1 end
      end
      local rank = places[s] + (tied - 1) / 2
      r[s] = (players - rank) / (players - 1)
    end
  end
  return r
end

local function new_node()
  return {edges = {}}
end

-- The edge to follow from `node` in `copy` (whose seat is to move): a move
-- not tried yet, drawn at random among them; else the best by UCB1 for the
-- seat to move. Returns the edge and the move's index in `moves`.
local function select(node, moves)
  local untried = {}
  for i = 1, #moves do
    local text = moves:text(i)
    local e = node.edges[text]
    if e == nil then
      e = {visits = 0, reward = 0, available = 0}
      node.edges[text] = e
    end
    if e.visits == 0 then untried[#untried + 1] = i end
  end
  if #untried > 0 then
    local i = untried[math.random(#untried)]
    return node.edges[moves:text(i)], i
  end
  local best, best_i, best_score = nil, nil, -math.huge
  for i = 1, #moves do
    local e = node.edges[moves:text(i)]
    e.available = e.available + 1
    local score = e.reward / e.visits + C * math.sqrt(math.log(e.available) / e.visits)
    if score > best_score then best, best_i, best_score = e, i, score end
  end
  return best, best_i
end

-- One playout from `root`: down the tree, one node added, a rollout, and
-- the result added to every edge on the way.
local function playout(game, root, players)
  local copy = game:copy()
  local node, path = root, {}
  while not copy:over() do
    local seat = copy:to_move()
    local edge, i = select(node, copy:moves())
    path[#path + 1] = {edge, seat}
    copy:play(i)
    if edge.child == nil then
      edge.child = new_node()
      break
    end
    node = edge.child
  end
  local r = rewards(copy:over() and copy:outcome() or copy:rollout("random", CAP), players)
  for _, step in ipairs(path) do
    local edge, seat = step[1], step[2]
    edge.visits = edge.visits + 1
    edge.reward = edge.reward + r[seat]
  end
end

function choose(game, moves)
  if #moves == 1 then return 1 end
  local root = new_node()
  local players = game:players()
  for _ = 1, PLAYOUTS do
    playout(game, root, players)
  end
  -- The most visited move; ties to the first in the game's order.
  local best, most = 1, -1
  for i = 1, #moves do
    local e = root.edges[moves:text(i)]
    local n = e and e.visits or 0
    if n > most then best, most = i, n end
  end
  return best
end
