//! What the runner counts of a game as it drives it, whatever the game:
//! the decisions taken (a turn may hold several), the seat that took the
//! first, and how many options each decision offered (the branching that
//! metrics.csv reports).

use crate::core::seat::Seat;

/// A game's decisions, counted by [`crate::runner::drive`], and the
/// options of every decision of every game counted so far.
///
/// ```
/// use ludus::runner::decisions::Decisions;
/// let mut d = Decisions::default();
/// d.note(1, 3);
/// d.note(1, 1);
/// d.note(0, 4);
/// assert_eq!((d.count, d.first, d.choices, d.options), (3, Some(1), 2, 8));
/// d.start_game();
/// assert_eq!((d.count, d.first), (0, None));
/// assert_eq!(d.seen, [0, 1, 0, 1, 1], "the options of all games stay");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decisions {
    /// Decisions taken: a policy's choice or a uniform draw, each once.
    pub count: u32,
    /// The seat of the first decision.
    pub first: Option<Seat>,
    /// Decisions that offered two options or more.
    pub choices: u32,
    /// The options of the game's decisions, summed.
    pub options: u64,
    /// The options of the decisions that offered two or more, summed.
    pub choice_options: u64,
    /// `seen[k]`: decisions with `k` options, in every game since the
    /// counter was made (not cleared by [`Decisions::start_game`]).
    pub seen: Vec<u64>,
}

impl Decisions {
    /// Counts a decision by `seat` among `options` legal ones.
    #[inline]
    pub fn note(&mut self, seat: Seat, options: usize) {
        if self.count == 0 {
            self.first = Some(seat);
        }
        self.count += 1;
        self.options += options as u64;
        if options > 1 {
            self.choices += 1;
            self.choice_options += options as u64;
        }
        if options >= self.seen.len() {
            self.seen.resize(options + 1, 0);
        }
        self.seen[options] += 1;
    }

    /// Forgets the game's counts, for the next game; keeps [`Decisions::seen`].
    #[inline]
    pub fn start_game(&mut self) {
        self.count = 0;
        self.first = None;
        self.choices = 0;
        self.options = 0;
        self.choice_options = 0;
    }
}
