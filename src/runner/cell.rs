//! One cell to play, as the runner sees it: the options, a policy per seat,
//! how many games, from which seed, under which limits.

use crate::core::game::Game;
use crate::core::option_error::OptionError;
use crate::core::options::Options;
use crate::policies::policy_spec::PolicySpec;
use crate::runner::metrics_level::MetricsLevel;
use crate::runner::on_bot_error::OnBotError;

/// The most outcomes of throws and moves followed to solve a cell made
/// alone ([`Cell::single`]) and a search's candidate: a second or two at
/// most. A run's cells get their share of a larger budget
/// (`crate::plan::exact_reach`).
pub const EXACT_BUDGET_PER_CELL: u64 = 4_000_000;

/// One cell to play: its options and a policy per seat (the game is the
/// job's, see [`crate::runner::play_entry::PlayEntry::cell_job`]).
#[derive(Clone, Debug)]
pub struct Cell {
    /// The cell's index in the experiment (part of every game's seed).
    pub index: usize,
    /// The options as given, every option not given at its default: what
    /// builds the game and what a replay command repeats.
    pub options: Options,
    /// The options in force (see [`crate::core::game::Game::options_in_force`]):
    /// what scripts and reports see.
    pub in_force: Options,
    /// One policy per seat.
    pub seats: Vec<PolicySpec>,
    /// Games to play.
    pub games: u64,
    /// The experiment seed.
    pub seed: u64,
    /// Longest game before it is stopped as a draw.
    pub max_plies: u32,
    /// What a failing policy does to the run.
    pub on_bot_error: OnBotError,
    /// How much of metrics.csv is measured.
    pub metrics: MetricsLevel,
    /// What judges the positions for the metrics that follow the lead
    /// (`metrics_evaluator`); `None`: the game's own evaluation.
    pub evaluator: Option<PolicySpec>,
    /// How many outcomes of throws and moves the reports may follow to
    /// solve the cell, and set its estimates beside its exact values
    /// (the experiment's `exact`); 0: they do not try.
    pub exact_budget: u64,
}

impl Cell {
    /// Cell 0 of an experiment of seed `seed`: game `G` with `options`,
    /// one policy per seat, every game played to its end. For tests and
    /// tools that play one cell.
    pub fn single<G: Game>(
        options: Options,
        seats: Vec<PolicySpec>,
        games: u64,
        seed: u64,
    ) -> Result<Cell, OptionError> {
        Ok(Cell {
            index: 0,
            in_force: G::options_in_force(&options)?,
            options,
            seats,
            games,
            seed,
            max_plies: u32::MAX,
            on_bot_error: OnBotError::Stop,
            metrics: MetricsLevel::Basic,
            evaluator: None,
            exact_budget: EXACT_BUDGET_PER_CELL,
        })
    }
}
