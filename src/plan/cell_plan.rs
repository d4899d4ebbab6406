//! A cell of an experiment or a tournament as planned: the game, what the
//! runner plays of it, and where in its file the cell comes from.

use std::sync::OnceLock;

use crate::analysis::exact::{Bounds, SeatOdds};
use crate::core::option_error::OptionError;
use crate::runner::cell::Cell;
use crate::runner::cell_job::CellJob;
use crate::runner::game_entry::GameEntry;
use crate::runner::precision::{Precision, Stopped};

/// One cell to play: a game, and its options and seats as the runner plays
/// them, with the entry of the file and the sweep point it comes from.
#[derive(Clone, Debug)]
pub struct CellPlan {
    /// The game.
    pub game: &'static dyn GameEntry,
    /// What to play of it.
    pub cell: Cell,
    /// The index of the `[[cells]]` entry of the experiment file this cell
    /// comes from: the cells of one sweep share it.
    pub entry: usize,
    /// The entry's `label`, if its file gives one: what index.html calls
    /// the entry instead of "entry N".
    pub label: Option<String>,
    /// This cell's point of its entry's sweep, as (key, value) pairs in
    /// the file's order (`seats` among them when seat lists are swept).
    pub swept: Vec<(String, String)>,
    /// The policy parameters among them (`budget` of `seats =
    /// "mcts:{budget}"`), in the same order: the keys that are neither an
    /// option of the game nor `seats`, each a column of the reports.
    pub params: Vec<(String, String)>,
    /// The precision the cell plays to (`games = { until_se, max }`), its
    /// `cell.games` then the most; `None`: it plays `cell.games`.
    pub precision: Option<Precision>,
    /// The cell's exact odds by seat, once asked for
    /// ([`CellPlan::exact`]): only what the reports show is kept, as a
    /// sweep may solve 100,000 cells.
    pub exact: OnceLock<Option<Vec<SeatOdds>>>,
}

/// The most reachable states the reports solve a cell over (`ludus
/// exact --limit` goes further).
pub const REPORT_EXACT_LIMIT: usize = 50_000;

/// The most probability the run's length cap (`max_plies`) may cut off
/// for the exact values to stand beside the run's estimates: a game
/// stopped by the cap ends otherwise than the solved game.
pub const CAP_TOLERANCE: f64 = 1e-12;

impl CellPlan {
    /// Why the cell's games, which add up to `tally`, are as many as they
    /// are (cells.csv's `stopped`).
    pub fn stopped(&self, tally: &crate::runner::tally::Tally) -> Stopped {
        self.precision.map_or(Stopped::Games, |p| p.stopped(tally))
    }

    /// The cell's games ready to play: its game set up once.
    pub fn job(&self) -> Result<Box<dyn CellJob>, OptionError> {
        self.game.cell_job(&self.cell)
    }

    /// The exact odds and payoffs of the cell's play, solved once, where
    /// they exist: the cell asks for them (`exact`), its seats are
    /// policies of known choices, its states number at most
    /// [`REPORT_EXACT_LIMIT`], the outcomes followed stay within its
    /// budget ([`Cell::exact_budget`]) and its length cap cuts off no more
    /// than [`CAP_TOLERANCE`] of its games. `None` otherwise.
    pub fn exact(&self) -> Option<&[SeatOdds]> {
        self.exact
            .get_or_init(|| {
                if self.cell.exact_budget == 0 {
                    return None;
                }
                let bounds = Bounds {
                    states: REPORT_EXACT_LIMIT,
                    outcomes: self.cell.exact_budget,
                };
                let e = self
                    .game
                    .exact(&self.cell.options, &self.cell.seats, bounds)
                    .ok()?;
                (e.past(u64::from(self.cell.max_plies)) <= CAP_TOLERANCE).then_some(e.seats)
            })
            .as_deref()
    }
}
