//! endings.csv: how games ended, one row per cell, reason and winner.

use crate::plan::cell_plan::CellPlan;
use crate::reports::summary::fixed;
use crate::runner::tally::Tally;

/// The columns of endings.csv, in order (documented in reports/README.md).
/// `winner` is a number or empty, never a word, so that pandas and R
/// read the column as integers; `draw` says what an empty winner means.
pub const COLUMNS: &[&str] = &[
    "cell", "game", "reason", "winner", "side", "draw", "count", "share",
];

/// The rows of one cell: by reason, then by winning seat, draws last.
pub fn rows(plan: &CellPlan, tally: &Tally) -> Vec<Vec<String>> {
    let entry = plan.game;
    let mut endings = tally.endings.clone();
    endings.sort_by_key(|e| (e.reason, e.winner.is_none(), e.winner));
    endings
        .into_iter()
        .map(|e| {
            vec![
                plan.cell.index.to_string(),
                plan.game.to_string(),
                e.reason.to_string(),
                e.winner.map_or(String::new(), |w| (w + 1).to_string()),
                e.winner
                    .and_then(|w| entry.side_name(w))
                    .unwrap_or("")
                    .to_string(),
                e.winner.is_none().to_string(),
                e.count.to_string(),
                fixed(e.count as f64 / tally.games.max(1) as f64),
            ]
        })
        .collect()
}
