//! How a game ended.

use crate::core::seat::{Seat, SeatSet};

/// The end of a game: who won and why.
///
/// One seat in `winners` is a win for that seat; several seats share a draw;
/// every seat outside `winners` lost. `reason` is a short kebab-case name of
/// the rule that ended the game (reported in endings.csv), e.g. `"hazard"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winning seat, or the seats sharing a draw.
    pub winners: SeatSet,
    /// The name of the rule that ended the game.
    pub reason: &'static str,
}

impl Outcome {
    /// A win for one seat.
    ///
    /// ```
    /// use ludus::core::outcome::Outcome;
    /// let o = Outcome::win(1, "hazard");
    /// assert_eq!(o.sole_winner(), Some(1));
    /// ```
    pub fn win(seat: Seat, reason: &'static str) -> Outcome {
        Outcome {
            winners: SeatSet::single(seat),
            reason,
        }
    }

    /// A draw shared by `seats`.
    pub fn draw(seats: SeatSet, reason: &'static str) -> Outcome {
        Outcome {
            winners: seats,
            reason,
        }
    }

    /// The winner if exactly one seat won.
    pub fn sole_winner(&self) -> Option<Seat> {
        (self.winners.len() == 1).then(|| self.winners.first().unwrap())
    }
}
