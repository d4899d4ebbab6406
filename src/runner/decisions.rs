//! What the runner counts of a game as it drives it, whatever the game:
//! the decisions taken (a turn may hold several), the seat that took the
//! first, and how many options each decision offered (the branching that
//! metrics.csv reports).

use std::collections::HashSet;

use crate::core::seat::Seat;
use crate::core::seed::splitmix64;

/// Where a game's fast random draw does not count the legal decisions
/// ([`crate::core::game::Game::PICK_COUNTS`] false: chess, Rithmomachy),
/// counting them costs more than the draw: the runner counts them at one
/// decision in `SAMPLED`, each decision drawn by a hash of the game's salt
/// and the decision's number (no stream of the game's is touched, so the
/// games are the same).
pub const SAMPLED: u64 = 8;

/// A game's decisions, counted by [`crate::runner::drive`], and the
/// options of every decision of every game counted so far.
///
/// ```
/// use ludus::runner::decisions::Decisions;
/// let mut d = Decisions::default();
/// d.note(1, 3);
/// d.note(1, 1);
/// d.note(0, 4);
/// d.note(0, 0);
/// assert_eq!((d.count, d.counted, d.first), (4, 3, Some(1)));
/// assert_eq!((d.choices, d.options), (2, 8));
/// d.start_game(7);
/// assert_eq!((d.count, d.first), (0, None));
/// assert_eq!(d.seen, [0, 1, 0, 1, 1], "the options of all games stay");
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decisions {
    /// Decisions taken: a policy's choice or a uniform draw, each once.
    pub count: u32,
    /// The seat of the first decision.
    pub first: Option<Seat>,
    /// Decisions whose options were counted: all of them, or a sample
    /// (see [`SAMPLED`]).
    pub counted: u32,
    /// Decisions that offered two options or more.
    pub choices: u32,
    /// The options of the game's decisions, summed.
    pub options: u64,
    /// The options of the decisions that offered two or more, summed.
    pub choice_options: u64,
    /// `seen[k]`: decisions with `k` options, in every game since the
    /// counter was made (not cleared by [`Decisions::start_game`]).
    pub seen: Vec<u64>,
    /// The game's salt, for [`Decisions::samples_next`].
    pub salt: u64,
    /// Whether every decision is counted, not a sample, and the positions
    /// met are looked up ([`crate::runner::metrics_level::MetricsLevel::All`]).
    pub count_all: bool,
    /// Positions met before a decision, where the game hashes them.
    pub positions: u32,
    /// Of those, the ones met before in the game.
    pub repeats: u32,
    /// The game's positions met so far, by content hash.
    met: HashSet<u64>,
}

impl Decisions {
    /// A counter for a cell's games; `count_all` as
    /// [`Decisions::count_all`].
    pub fn new(count_all: bool) -> Decisions {
        Decisions {
            count_all,
            ..Decisions::default()
        }
    }

    /// Whether the next decision is one of the sample whose options are
    /// counted where counting is dear (one in [`SAMPLED`]).
    #[inline]
    pub fn samples_next(&self) -> bool {
        self.count_all || splitmix64(self.salt ^ u64::from(self.count)).is_multiple_of(SAMPLED)
    }

    /// Notes the position before a decision by its content hash
    /// ([`crate::core::game::Game::content_hash`]), if the game has one:
    /// whether it was met before in the game.
    ///
    /// ```
    /// use ludus::runner::decisions::Decisions;
    /// let mut d = Decisions::default();
    /// for h in [Some(1), Some(2), Some(1), None] {
    ///     d.note_position(h);
    /// }
    /// assert_eq!((d.positions, d.repeats), (3, 1));
    /// ```
    pub fn note_position(&mut self, hash: Option<u64>) {
        if let Some(h) = hash {
            self.positions += 1;
            if !self.met.insert(h) {
                self.repeats += 1;
            }
        }
    }

    /// Counts a decision by `seat` among `options` legal ones (0: not
    /// counted, see [`Decisions::samples_next`]). Always inlined: as a
    /// call it cost a morris game a tenth.
    #[inline(always)]
    pub fn note(&mut self, seat: Seat, options: usize) {
        if self.count == 0 {
            self.first = Some(seat);
        }
        self.count += 1;
        if options == 0 {
            return;
        }
        self.counted += 1;
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

    /// Forgets the game's counts, for the next game of salt `salt` (its
    /// seed); keeps [`Decisions::seen`].
    #[inline]
    pub fn start_game(&mut self, salt: u64) {
        self.salt = salt;
        if self.positions > 0 {
            self.met.clear();
        }
        self.positions = 0;
        self.repeats = 0;
        self.count = 0;
        self.counted = 0;
        self.first = None;
        self.choices = 0;
        self.options = 0;
        self.choice_options = 0;
    }
}
