//! timings.csv: what each cell cost, one row per cell. Unlike the other
//! CSVs it changes from run to run: it measures the machine, not the games.

use crate::plan::cell_plan::CellPlan;
use crate::reports::cell_result::CellResult;
use crate::runner::tally::Tally;
use crate::store::cell_timing::CellTiming;

/// The columns of timings.csv, in order (documented in reports/README.md).
pub const COLUMNS: &[&str] = &[
    "cell",
    "game",
    "games",
    "wall_seconds",
    "thread_seconds",
    "games_per_second",
];

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
