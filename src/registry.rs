//! The one place that maps game names to games. Everything above it (the
//! experiment files, the CLI, the reports) reaches games only through
//! [`GameEntry`], which knows no game's rules.

use std::marker::PhantomData;

use crate::core::dice::Dice;
use crate::core::game::{Game, NativePolicyInfo};
use crate::core::log::Log;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::policy::Policy;
use crate::core::seed::{Stream, stream};
use crate::games::dice;
use crate::runner::cell_run::{CellPlan, GameFailure, run_cell};
use crate::runner::drive::{SeatFailure, drive};
use crate::runner::policy_spec::PolicySpec;
use crate::runner::tally::Tally;

/// A game as the game-agnostic layers see it.
pub trait GameEntry: Sync {
    /// The registry name.
    fn name(&self) -> &'static str;
    /// The reader's name.
    fn title(&self) -> &'static str;
    /// The options.
    fn option_specs(&self) -> &'static [OptionSpec];
    /// The rules as implemented.
    fn rules(&self) -> &'static str;
    /// The game's own native policies.
    fn native_policies(&self) -> &'static [NativePolicyInfo];
    /// Checks that a game can be made with `options`; returns its seat count.
    fn players(&self, options: &Options) -> Result<usize, String>;
    /// Checks that `policy` can play this game.
    fn check_policy(&self, policy: &PolicySpec) -> Result<(), String>;
    /// Plays every game of a cell.
    fn run_cell(
        &self,
        plan: &CellPlan,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Tally, GameFailure>;
    /// Plays one game from its seed, narrating to `log`.
    fn play_one(
        &self,
        options: &Options,
        seats: &[PolicySpec],
        game_seed: u64,
        max_plies: u32,
        log: &mut dyn LogDyn,
    ) -> Result<PlayedGame, SeatFailure>;
}

/// A [`Log`] behind a pointer, for the one-game path where speed does not matter.
pub trait LogDyn {
    /// Records one line.
    fn line_dyn(&mut self, text: String);
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
}

/// One game played by [`GameEntry::play_one`].
#[derive(Clone, Debug)]
pub struct PlayedGame {
    /// How it ended.
    pub outcome: Outcome,
    /// Its length.
    pub length: u32,
    /// Each seat's payoff.
    pub payoffs: Vec<i64>,
}

struct Entry<G>(PhantomData<fn() -> G>);

impl<G: Game> GameEntry for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn option_specs(&self) -> &'static [OptionSpec] {
        G::option_specs()
    }
    fn rules(&self) -> &'static str {
        G::rules()
    }
    fn native_policies(&self) -> &'static [NativePolicyInfo] {
        G::native_policies()
    }
    fn players(&self, options: &Options) -> Result<usize, String> {
        G::new(options).map(|g| g.players())
    }
    fn check_policy(&self, policy: &PolicySpec) -> Result<(), String> {
        policy.build::<G>().map(|_| ())
    }
    fn run_cell(
        &self,
        plan: &CellPlan,
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Tally, GameFailure> {
        run_cell::<G>(plan, progress)
    }
    fn play_one(
        &self,
        options: &Options,
        seats: &[PolicySpec],
        game_seed: u64,
        max_plies: u32,
        log: &mut dyn LogDyn,
    ) -> Result<PlayedGame, SeatFailure> {
        let mut game = G::new(options).expect("options were checked");
        let mut policies: Vec<Box<dyn Policy<G>>> = seats
            .iter()
            .map(|s| s.build::<G>().expect("policies were checked"))
            .collect();
        let mut rngs: Vec<_> = (0..game.players())
            .map(|s| stream(game_seed, Stream::Seat(s)))
            .collect();
        let mut dice = Dice::seeded(stream(game_seed, Stream::Dice));
        let mut log = DynLog(log);
        let outcome = drive(
            &mut game,
            &mut dice,
            &mut policies,
            &mut rngs,
            max_plies,
            &mut Vec::new(),
            &mut log,
        )?;
        Ok(PlayedGame {
            outcome,
            length: game.length(),
            payoffs: (0..game.players()).map(|s| game.payoff(s)).collect(),
        })
    }
}

/// Every game, in the order `ludus games` lists them.
pub fn games() -> &'static [&'static dyn GameEntry] {
    &[
        &Entry::<dice::triga::Triga>(PhantomData),
        &Entry::<dice::hazard::Hazard>(PhantomData),
        &Entry::<dice::pair_ace::PairAce>(PhantomData),
    ]
}

/// The game registered under `name`.
pub fn find(name: &str) -> Option<&'static dyn GameEntry> {
    games().iter().copied().find(|g| g.name() == name)
}
