//! A game as the game-agnostic layers see it: [`GameEntry`], made for any
//! [`Game`] by [`Entry`]; what the registry lists, a cell's plan holds,
//! and the commands call, without knowing any game's rules.

use crate::core::native_policies::NativePolicies;
use crate::core::option_error::OptionError;
use crate::core::presentation::Presentation;
use crate::core::record_error::RecordError;
use crate::core::record_formats::RecordFormats;
use crate::core::stages::Stages;
use std::marker::PhantomData;

use crate::analysis::analysis_error::AnalysisError;
use crate::analysis::equilibrium::Objective;
use crate::analysis::exact::{self, Bounds, Exact};
use crate::analysis::exact_error::ExactError;
use crate::analysis::perft;
use crate::analysis::position_replay;
use crate::analysis::retrograde::{self, Solution};
use crate::analysis::start::Start;
use crate::analysis::strategy_table::{StrategyTable, strategy_table};
use crate::core::game::Game;
use crate::core::native_policies::NativePolicyInfo;
use crate::core::options::{OptionSpec, Options};
use crate::core::record::Record;
use crate::core::seat::Seat;
use crate::core::view::ViewInfo;
use crate::policies::policy_error::PolicyError;
use crate::policies::policy_spec::PolicySpec;
use crate::runner::cell::Cell;
use crate::runner::cell_error::CellError;
use crate::runner::cell_job::CellJob;
use crate::runner::cell_run::CellRun;
use crate::runner::drive::SeatFailure;
use crate::runner::play_one::{self, LogDyn, OneGame, PlayedGame};
use crate::runner::search_speed::{self, SearchSpeed};

/// The seed of the random games whose positions [`GameEntry::search_speed`]
/// searches from: one seed, so that every measurement times the same work.
pub const SEARCH_SEED: u64 = 1;

/// A game as the game-agnostic layers see it.
pub trait GameEntry: Sync {
    /// The registry name.
    fn name(&self) -> &'static str;
    /// Whether a seat ever decides anything ([`Game::DECIDES`]).
    fn decides(&self) -> bool;
    /// Whether the runner counts a sample of the decisions' options, each
    /// weighing [`crate::runner::decisions::SAMPLED`], not all of them
    /// (the fast draw does not count them: [`Game::PICK_COUNTS`] false).
    fn samples_options(&self) -> bool;
    /// The reader's name.
    fn title(&self) -> &'static str;
    /// The unit a game's length counts (`throws`, `plies`).
    fn length_unit(&self) -> &'static str;
    /// The options.
    fn option_specs(&self) -> &'static [OptionSpec];
    /// The rules as implemented.
    fn rules(&self) -> &'static str;
    /// The rules page for these options (a rule set's own page, if it has one).
    fn rules_page(&self, options: &Options) -> String;
    /// The game's own native policies.
    fn native_policies(&self) -> &'static [NativePolicyInfo];
    /// The views the game offers to scripts.
    fn views(&self) -> &'static [ViewInfo];
    /// How narration names a seat (`seat 1`, or `white` in Rithmomachy).
    fn seat_name(&self, seat: usize) -> String;
    /// The side a seat plays where the game names its seats (`white`).
    fn side_name(&self, seat: usize) -> Option<&'static str>;
    /// Checks that a game can be made with `options`; returns its seat count.
    fn players(&self, options: &Options) -> Result<usize, OptionError>;
    /// The options as they are in force (every `preset` resolved).
    fn options_in_force(&self, options: &Options) -> Result<Options, OptionError>;
    /// Checks that `policy` can play this game with the options in force.
    fn check_policy(&self, policy: &PolicySpec, in_force: &Options) -> Result<(), PolicyError>;
    /// Sets up a cell for the batch runner.
    fn cell_job(&self, cell: &Cell) -> Result<Box<dyn CellJob>, OptionError>;
    /// Plays `one` from its seed, narrating to `log`.
    fn play_one(&self, one: &OneGame<'_>, log: &mut dyn LogDyn) -> Result<PlayedGame, SeatFailure>;
    /// Times one decision of a search policy from each of `count` positions
    /// met in random games, the same positions every time
    /// ([`search_speed::measure`] under [`SEARCH_SEED`]).
    fn search_speed(
        &self,
        options: &Options,
        spec: &PolicySpec,
        count: usize,
    ) -> Result<SearchSpeed, CellError>;
    /// Counts the leaf positions `depth` decisions deep from `start` (a
    /// finished game is a leaf).
    fn perft(&self, start: &Start<'_>, depth: u32) -> Result<u64, AnalysisError>;
    /// Solves the game exactly from `start` (small chance-free games),
    /// refusing more than `limit` positions.
    fn solve(&self, start: &Start<'_>, limit: usize) -> Result<Solution, AnalysisError>;
    /// The exact odds of every seat, its expected payoff and the
    /// distribution of the length, of the game with `options` played by
    /// `seats` (one policy each, every one a known distribution of
    /// choices), refused past `bounds`.
    fn exact(
        &self,
        options: &Options,
        seats: &[PolicySpec],
        bounds: Bounds,
    ) -> Result<Exact, ExactError>;
    /// Optimal play of the game with `options` for `objective`, every
    /// seat optimal, as a table in the game's terms, refusing more than
    /// `limit` reachable states.
    fn strategy(
        &self,
        options: &Options,
        objective: Objective,
        limit: usize,
    ) -> Result<StrategyTable, ExactError>;
    /// Sets up `start`, plays `moves` (written as the game writes them) and
    /// shows the result as text or JSON; an error for a game that has no
    /// positions (the dice games).
    fn position(
        &self,
        start: &Start<'_>,
        moves: &[String],
        json: bool,
    ) -> Result<String, AnalysisError>;
    /// The formats of other programs' records the game reads.
    fn record_formats(&self) -> &'static [&'static str];
    /// Reads another program's record of a game ([`crate::core::record_formats::RecordFormats::read_record`]).
    fn read_record(&self, format: &str, text: &str) -> Result<Record, RecordError>;
    /// The file extension of the records ludus writes of this game's
    /// games in another program's format, if it writes any.
    fn written_extension(&self) -> Option<&'static str>;
    /// A game ludus played, made with `options` (as given), in the format
    /// of [`RecordFormats::write_record`]; `None` where it has none or the
    /// game falls outside it.
    fn write_record(
        &self,
        options: &[(String, String)],
        moves: &[(Seat, &str)],
        players: &[String],
        comment: &str,
    ) -> Option<String>;
}

/// The [`GameEntry`] of game `G`.
pub struct Entry<G>(PhantomData<fn() -> G>);

impl<G: Game> Entry<G> {
    /// The entry of `G`.
    pub const fn new() -> Entry<G> {
        Entry(PhantomData)
    }
}

impl<G: Game> Default for Entry<G> {
    fn default() -> Entry<G> {
        Entry::new()
    }
}

impl<G: Game + Presentation + NativePolicies + RecordFormats + Stages> GameEntry for Entry<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }
    fn decides(&self) -> bool {
        G::DECIDES
    }
    fn samples_options(&self) -> bool {
        !G::PICK_COUNTS
    }
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn length_unit(&self) -> &'static str {
        G::LENGTH_UNIT
    }
    fn option_specs(&self) -> &'static [OptionSpec] {
        G::option_specs()
    }
    fn rules(&self) -> &'static str {
        G::rules()
    }
    fn rules_page(&self, options: &Options) -> String {
        G::rules_page(options)
    }
    fn native_policies(&self) -> &'static [NativePolicyInfo] {
        G::native_policies()
    }
    fn views(&self) -> &'static [ViewInfo] {
        G::views()
    }
    fn seat_name(&self, seat: usize) -> String {
        G::seat_name(seat)
    }
    fn side_name(&self, seat: usize) -> Option<&'static str> {
        G::side_name(seat)
    }
    fn players(&self, options: &Options) -> Result<usize, OptionError> {
        G::new(options).map(|g| g.players())
    }
    fn options_in_force(&self, options: &Options) -> Result<Options, OptionError> {
        G::options_in_force(options)
    }
    fn check_policy(&self, policy: &PolicySpec, in_force: &Options) -> Result<(), PolicyError> {
        policy.build_for::<G>(in_force).map(|_| ())
    }
    fn cell_job(&self, cell: &Cell) -> Result<Box<dyn CellJob>, OptionError> {
        Ok(Box::new(CellRun::<G>::new(cell.clone())?))
    }
    fn play_one(&self, one: &OneGame<'_>, log: &mut dyn LogDyn) -> Result<PlayedGame, SeatFailure> {
        play_one::play_one::<G>(one, log)
    }
    fn search_speed(
        &self,
        options: &Options,
        spec: &PolicySpec,
        count: usize,
    ) -> Result<SearchSpeed, CellError> {
        search_speed::measure::<G>(options, spec, count, SEARCH_SEED)
    }
    fn perft(&self, start: &Start<'_>, depth: u32) -> Result<u64, AnalysisError> {
        perft::perft(&start.load::<G>()?, depth)
    }
    fn solve(&self, start: &Start<'_>, limit: usize) -> Result<Solution, AnalysisError> {
        retrograde::solve(&start.load::<G>()?, limit)
    }
    fn exact(
        &self,
        options: &Options,
        seats: &[PolicySpec],
        bounds: Bounds,
    ) -> Result<Exact, ExactError> {
        let in_force = G::options_in_force(options)?;
        let game = G::new(options)?;
        let policies = seats
            .iter()
            .map(|spec| {
                // Not built at all: a script's VM or a search costs more
                // than the answer, which is no.
                if spec.searches_or_scripts() {
                    return Err(ExactError::NoDistribution {
                        policy: spec.to_string(),
                    });
                }
                let policy = spec.build_for::<G>(&in_force).map_err(|e| {
                    // The error may name the policy itself; the
                    // message names it once.
                    let policy = spec.to_string();
                    let reason = e.to_string();
                    let reason = reason
                        .strip_prefix(&format!("policy `{policy}`: "))
                        .map_or_else(|| reason.clone(), str::to_string);
                    ExactError::Policy { policy, reason }
                })?;
                if !policy.knows_distribution() {
                    return Err(ExactError::NoDistribution {
                        policy: spec.to_string(),
                    });
                }
                Ok(policy)
            })
            .collect::<Result<Vec<_>, _>>()?;
        exact::exact_within(&game, &policies, bounds)
    }
    fn strategy(
        &self,
        options: &Options,
        objective: Objective,
        limit: usize,
    ) -> Result<StrategyTable, ExactError> {
        strategy_table(&G::new(options)?, objective, limit)
    }
    fn record_formats(&self) -> &'static [&'static str] {
        G::record_formats()
    }
    fn read_record(&self, format: &str, text: &str) -> Result<Record, RecordError> {
        G::read_record(format, text)
    }
    fn written_extension(&self) -> Option<&'static str> {
        G::written_format().map(|(_, extension)| extension)
    }
    fn write_record(
        &self,
        options: &[(String, String)],
        moves: &[(Seat, &str)],
        players: &[String],
        comment: &str,
    ) -> Option<String> {
        let options = Options::resolve(G::option_specs(), options).ok()?;
        G::write_record(&options, moves, players, comment)
    }
    fn position(
        &self,
        start: &Start<'_>,
        moves: &[String],
        json: bool,
    ) -> Result<String, AnalysisError> {
        let mut game: G = start.load()?;
        position_replay::replay(&mut game, moves)?;
        position_replay::show(&game, json)
    }
}

impl std::fmt::Debug for dyn GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A game is written as its registry name (`hazard`), as reports and
/// messages name it.
impl std::fmt::Display for dyn GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
