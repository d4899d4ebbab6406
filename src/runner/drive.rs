//! Plays one game to its end: chance from the dice, decisions from the policies.

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::outcome::Outcome;
use crate::core::policy::{BotError, Policy};
use crate::core::seat::{Seat, SeatSet};
use crate::core::seed::{SeatRng, below};
use crate::say;

/// The ending of a game cut short at the experiment's `max_plies`: a draw
/// shared by every seat.
pub const MAX_PLIES: &str = "max-plies";

/// A policy failed during a game.
#[derive(Clone, Debug)]
pub struct SeatFailure {
    /// The seat whose policy failed.
    pub seat: Seat,
    /// What went wrong.
    pub error: BotError,
    /// The game's length when it happened (in the game's own unit).
    pub ply: u32,
}

/// The ending of a game whose seat's policy failed, with `--on-bot-error
/// forfeit`: that seat lost.
pub const BOT_ERROR: &str = "bot-error";

/// The outcome of a game forfeited by `seat`: every other seat wins (a
/// sole win in a two-player game, a draw shared by the others otherwise).
pub fn forfeit(players: usize, seat: Seat) -> Outcome {
    let others = SeatSet(SeatSet::all(players).0 & !SeatSet::single(seat).0);
    Outcome::draw(others, BOT_ERROR)
}

fn no_moves_check<G: Game>(n: usize, seat: Seat) {
    assert!(
        n > 0,
        "{} asked seat {} to choose among no moves",
        G::NAME,
        seat + 1
    );
}

/// Plays `game` to its end (or to `max_plies`, counted in the game's own
/// length unit and checked between steps) and returns how it ended.
///
/// `policies[s]` and `rngs[s]` are seat `s`'s policy and stream; `buf` is
/// scratch space for the legal moves, reused across calls.
pub fn drive<G: Game, L: Log>(
    game: &mut G,
    dice: &mut Dice,
    policies: &mut [Box<dyn Policy<G>>],
    rngs: &mut [SeatRng],
    max_plies: u32,
    buf: &mut Vec<G::Move>,
    log: &mut L,
) -> Result<Outcome, SeatFailure> {
    for (seat, policy) in policies.iter_mut().enumerate() {
        policy
            .start(seat, game, &mut rngs[seat])
            .map_err(|error| SeatFailure {
                seat,
                error,
                ply: game.length(),
            })?;
    }
    loop {
        match game.turn() {
            Turn::Over => return Ok(game.outcome().expect("a game that is over has an outcome")),
            Turn::Chance => game.chance(dice, log),
            Turn::Decide(seat) => {
                let picked = if policies[seat].uniform() {
                    let rng = rngs[seat].get();
                    game.pick_move(&mut |n| {
                        no_moves_check::<G>(n, seat);
                        below(rng, n as u32) as usize
                    })
                } else {
                    None
                };
                let mv = match picked {
                    // A uniform draw needs only the count and the one drawn.
                    Some(mv) => mv,
                    None => {
                        game.legal_moves(buf);
                        no_moves_check::<G>(buf.len(), seat);
                        let i = policies[seat].choose(game, buf, rngs[seat].get()).map_err(
                            |error| SeatFailure {
                                seat,
                                error,
                                ply: game.length(),
                            },
                        )?;
                        *buf.get(i).ok_or_else(|| SeatFailure {
                            seat,
                            ply: game.length(),
                            error: BotError {
                                message: format!("chose move {} of {}", i + 1, buf.len()),
                            },
                        })?
                    }
                };
                say!(log, "{} chooses {}", G::seat_name(seat), mv);
                game.play(mv, log);
            }
        }
        if game.length() >= max_plies && game.turn() != Turn::Over {
            say!(
                log,
                "the game reaches {} plies and is stopped: a draw",
                max_plies
            );
            return Ok(Outcome::draw(SeatSet::all(game.players()), MAX_PLIES));
        }
    }
}
