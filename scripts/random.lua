-- Plays any game: a uniformly random legal move, drawn from the seat's
-- own seeded stream. Gives the same games as the native `random` policy.
function choose(game, moves)
  return math.random(#moves)
end
