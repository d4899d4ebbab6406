//! lengths.csv: the exact length histogram, one row per cell and length.

use crate::plan::cell_plan::CellPlan;
use crate::runner::tally::Tally;

/// The columns of lengths.csv, in order (documented in reports/README.md).
pub const COLUMNS: &[&str] = &["cell", "game", "length", "count"];

/// The rows of one cell: every length that occurred, shortest first.
pub fn rows(plan: &CellPlan, tally: &Tally) -> Vec<Vec<String>> {
    tally
        .lengths
        .iter()
        .enumerate()
        .filter(|(_, c)| **c > 0)
        .map(|(len, count)| {
            vec![
                plan.cell.index.to_string(),
                plan.game.to_string(),
                len.to_string(),
                count.to_string(),
            ]
        })
        .collect()
}
