//! What the runner counts of a game as it drives it, whatever the game:
//! the decisions taken (a turn may hold several) and the seat that took
//! the first.

use crate::core::seat::Seat;

/// A game's decisions, counted by [`crate::runner::drive`].
///
/// ```
/// use ludus::runner::decisions::Decisions;
/// let mut d = Decisions::default();
/// d.note(1);
/// d.note(1);
/// d.note(0);
/// assert_eq!((d.count, d.first), (3, Some(1)));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Decisions {
    /// Decisions taken: a policy's choice or a uniform draw, each once.
    pub count: u32,
    /// The seat of the first decision.
    pub first: Option<Seat>,
}

impl Decisions {
    /// Counts a decision by `seat`.
    #[inline]
    pub fn note(&mut self, seat: Seat) {
        if self.count == 0 {
            self.first = Some(seat);
        }
        self.count += 1;
    }
}
