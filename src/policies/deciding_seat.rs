//! The seat a search policy is asked to choose for.

use crate::core::game::{Game, Turn};
use crate::core::policy::BotError;
use crate::core::seat::Seat;

/// The seat that decides in `game`, or the failure of `policy` (its name),
/// asked to choose where no seat decides.
pub fn deciding_seat<G: Game>(policy: &str, game: &G) -> Result<Seat, BotError> {
    match game.turn() {
        Turn::Decide(seat) => Ok(seat),
        _ => Err(BotError {
            message: format!("{policy} was asked to choose where no seat decides"),
        }),
    }
}
