//! timings.csv: what each cell cost, one row per cell. Unlike the other
//! CSVs it changes from run to run: it measures the machine, not the games.

use crate::plan::cell_plan::CellPlan;
use crate::reports::report::CellResult;
use crate::runner::tally::Tally;

/// The columns of timings.csv, in order (documented in reports/README.md).
pub const COLUMNS: &[&str] = &[
    "cell",
    "game",
    "games",
    "wall_seconds",
    "thread_seconds",
    "games_per_second",
];

/// What one cell's games cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CellTiming {
    /// From the start of the cell's first chunk to the end of its last.
    pub wall_seconds: f64,
    /// Time the worker threads spent on its games, summed.
    pub thread_seconds: f64,
}

impl CellTiming {
    /// Games per second of one thread.
    pub fn games_per_second(&self, games: u64) -> f64 {
        games as f64 / self.thread_seconds.max(1e-9)
    }
}

/// One row per cell.
pub fn rows(results: &[CellResult]) -> Vec<Vec<String>> {
    results
        .iter()
        .map(|r| row(&r.plan, &r.tally, r.timing))
        .collect()
}

/// The row of one cell.
pub fn row(plan: &CellPlan, tally: &Tally, t: CellTiming) -> Vec<String> {
    vec![
        plan.cell.index.to_string(),
        plan.game.to_string(),
        tally.games.to_string(),
        format!("{:.6}", t.wall_seconds),
        format!("{:.6}", t.thread_seconds),
        format!("{:.1}", t.games_per_second(tally.games)),
    ]
}
