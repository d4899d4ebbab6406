//! summary.csv: one row per cell and seat.

use crate::reports::interval::{clopper_pearson, wilson};
use crate::reports::length_stats::LengthStats;
use crate::runner::cell_run::CellPlan;
use crate::runner::tally::Tally;

/// The columns of summary.csv, in order (documented in reports/README.md).
pub const COLUMNS: &[&str] = &[
    "cell",
    "game",
    "options",
    "seat",
    "policy",
    "games",
    "wins",
    "draws",
    "losses",
    "win_rate",
    "wilson_low",
    "wilson_high",
    "cp_low",
    "cp_high",
    "mean_payoff",
    "sd_payoff",
    "mean_length",
    "sd_length",
    "min_length",
    "median_length",
    "p90_length",
    "max_length",
];

fn fixed(x: f64) -> String {
    format!("{x:.6}")
}

/// The rows of one cell, one per seat, as text fields.
pub fn rows(plan: &CellPlan, tally: &Tally) -> Vec<Vec<String>> {
    let lengths = LengthStats::from_histogram(&tally.lengths);
    let n = tally.games;
    (0..tally.players)
        .map(|s| {
            let (wl, wh) = wilson(tally.wins[s], n);
            let (cl, ch) = clopper_pearson(tally.wins[s], n);
            let mean_pay = tally.payoff_sum[s] as f64 / n.max(1) as f64;
            let sd_pay = (tally.payoff_sq[s] as f64 / n.max(1) as f64 - mean_pay * mean_pay)
                .max(0.0)
                .sqrt();
            let mut row = vec![
                plan.index.to_string(),
                plan.game.to_string(),
                plan.options.to_string(),
                (s + 1).to_string(),
                plan.seats[s].to_string(),
                n.to_string(),
                tally.wins[s].to_string(),
                tally.draws[s].to_string(),
                (n - tally.wins[s] - tally.draws[s]).to_string(),
                fixed(tally.wins[s] as f64 / n.max(1) as f64),
                fixed(wl),
                fixed(wh),
                fixed(cl),
                fixed(ch),
                fixed(mean_pay),
                fixed(sd_pay),
            ];
            match lengths {
                Some(l) => row.extend([
                    fixed(l.mean),
                    fixed(l.sd),
                    l.min.to_string(),
                    l.median.to_string(),
                    l.p90.to_string(),
                    l.max.to_string(),
                ]),
                None => row.extend(std::iter::repeat_n(String::new(), 6)),
            }
            row
        })
        .collect()
}
