//! One game played from its seed and narrated: what `ludus play` shows,
//! the same game a batch run plays under that seed.

use crate::core::dice::Dice;
use crate::core::game::Game;
use crate::core::log::Log;
use crate::core::native_policies::NativePolicies;
use crate::core::options::Options;
use crate::core::outcome::Outcome;
use crate::core::policy::Policy;
use crate::core::presentation::Presentation;
use crate::core::seat::Seat;
use crate::core::seed::{SeatRng, Stream, stream};
use crate::policies::policy_spec::PolicySpec;
use crate::runner::decisions::Decisions;
use crate::runner::drive::{Drive, SeatFailure, drive, uniform_seats};

/// One game played by [`play_one`].
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// How it ended.
    pub outcome: Outcome,
    /// Its length, in the game's own unit (turns, throws).
    pub length: u32,
    /// The decisions taken (a turn may hold several).
    pub decisions: u32,
    /// Each seat's payoff.
    pub payoffs: Vec<i64>,
}

/// A [`Log`] behind a pointer, for the one-game path where speed does not matter.
pub trait LogDyn {
    /// Records one line.
    fn line_dyn(&mut self, text: String);

    /// Whether the game's diagram is wanted at the start and after each
    /// decision (`ludus play --board`).
    fn boards(&self) -> bool {
        false
    }

    /// Told that chance is resolved (`true`) until told otherwise: the
    /// lines between are the throws' (see [`Log::throwing`]).
    fn throwing_dyn(&mut self, _throwing: bool) {}

    /// Told of seat `seat`'s decision, as its text (see [`Log::decided`]).
    fn decided_dyn(&mut self, _seat: Seat, _mv: String) {}
}

impl<T: Log> LogDyn for T {
    fn line_dyn(&mut self, text: String) {
        self.line(format_args!("{text}"));
    }
}

struct DynLog<'a>(&'a mut dyn LogDyn);

impl Log for DynLog<'_> {
    fn on(&self) -> bool {
        true
    }
    fn line(&mut self, args: std::fmt::Arguments<'_>) {
        self.0.line_dyn(args.to_string());
    }
    fn throwing(&mut self, throwing: bool) {
        self.0.throwing_dyn(throwing);
    }
    fn decided(&mut self, seat: Seat, mv: std::fmt::Arguments<'_>) {
        self.0.decided_dyn(seat, mv.to_string());
    }
}

/// One game to play: its options and a policy per seat (both checked by
/// the caller), its seed, and the length at which it is stopped.
#[derive(Clone, Copy, Debug)]
pub struct OneGame<'a> {
    /// The options.
    pub options: &'a Options,
    /// One policy per seat.
    pub seats: &'a [PolicySpec],
    /// The game's seed.
    pub seed: u64,
    /// Longest game before it is stopped as a draw.
    pub max_plies: u32,
}

/// Plays `one` as game `G`, narrating to `log` (with the game's diagram
/// after each decision where `log` wants boards).
pub fn play_one<G: Game + NativePolicies + Presentation>(
    one: &OneGame<'_>,
    log: &mut dyn LogDyn,
) -> Result<PlayedGame, SeatFailure> {
    let mut game = G::new(one.options).expect("options were checked");
    let in_force = G::options_in_force(one.options).expect("options were checked");
    let mut policies: Vec<Box<dyn Policy<G>>> = one
        .seats
        .iter()
        .map(|s| s.build_for::<G>(&in_force).expect("policies were checked"))
        .collect();
    let mut rngs: Vec<_> = (0..game.players())
        .map(|s| SeatRng::new(one.seed, s))
        .collect();
    let mut dice = Dice::seeded(stream(one.seed, Stream::Dice));
    let diagram = log
        .boards()
        .then_some(<G as Presentation>::diagram as fn(&G) -> String);
    let mut log = DynLog(log);
    let mut decisions = Decisions::default();
    let uniform = uniform_seats(&policies);
    let outcome = drive(Drive {
        game: &mut game,
        dice: &mut dice,
        policies: &mut policies,
        rngs: &mut rngs,
        max_plies: one.max_plies,
        buf: &mut Vec::new(),
        log: &mut log,
        decisions: &mut decisions,
        uniform,
        judge: None,
        diagram,
    })?;
    Ok(PlayedGame {
        outcome,
        length: game.length(),
        decisions: decisions.game.count,
        payoffs: (0..game.players()).map(|s| game.payoff(s)).collect(),
    })
}
