-- Plays any game: a uniformly random legal move, drawn from the seat's
-- own seeded stream. Where the native `random` policy draws an index among
-- the listed moves (the dice and morris games) it plays the same games; in
-- Rithmomachy and the chess games the native policy draws among candidate
-- moves without listing them: the same odds, other games.
function choose(game, moves)
  return math.random(#moves)
end
