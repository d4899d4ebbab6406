//! places.csv: how often each seat finished in each place, one row per
//! cell, seat and place.

use crate::plan::cell_plan::CellPlan;
use crate::runner::tally::Tally;

/// The columns of places.csv, in order (documented in reports/README.md).
pub const COLUMNS: &[&str] = &["cell", "seat", "place", "count"];

/// The rows of one cell: every seat, and for each every place from 1 to
/// the number of seats, zero counts included, so that every seat of a cell
/// has the same rows and a pivot needs no filling in.
pub fn rows(plan: &CellPlan, tally: &Tally) -> Vec<Vec<String>> {
    (0..tally.players)
        .flat_map(|s| {
            (0..tally.players).map(move |p| {
                vec![
                    plan.cell.index.to_string(),
                    (s + 1).to_string(),
                    (p + 1).to_string(),
                    tally.places[s][p].to_string(),
                ]
            })
        })
        .collect()
}
