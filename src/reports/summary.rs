//! summary.csv: one row per cell and seat.

use crate::plan::cell_plan::CellPlan;
use crate::reports::exact_beside::ExactBeside;
use crate::reports::interval::{clopper_pearson, wilson};
use crate::reports::length_stats::LengthStats;
use crate::reports::payoff::PayoffStats;
use crate::runner::tally::Tally;

/// The columns of summary.csv, in order (documented in reports/README.md).
pub const COLUMNS: &[&str] = &columns::<37>(&[
    &["cell", "game", "options", "seat", "side", "policy"],
    &SCORE_COLUMNS,
    &[
        "mean_place",
        "win_rate",
        "wilson_low",
        "wilson_high",
        "cp_low",
        "cp_high",
        "mean_payoff",
        "se_payoff",
        "sd_payoff",
        "mean_length",
        "sd_length",
        "min_length",
        "median_length",
        "p90_length",
        "max_length",
        "mean_decisions",
        "sd_decisions",
        "moved_first",
        "first_wins",
        "first_win_rate",
    ],
    &EXACT_COLUMNS,
    &["skill_gap"],
]);

/// The columns that set the estimates beside the exact values, empty
/// where the cell is not solved ([`ExactBeside`]).
pub const EXACT_COLUMNS: [&str; 4] = ["exact_win_rate", "z_win_rate", "exact_payoff", "z_payoff"];

/// The columns of a score, in the order [`score_fields`] writes them:
/// summary.csv's, standings.csv's and pairings.csv's.
pub const SCORE_COLUMNS: [&str; 6] = ["games", "wins", "draws", "losses", "score", "score_rate"];

/// A table's columns, `parts` one after another; `N`, how many there are,
/// is checked when the program is compiled.
pub const fn columns<const N: usize>(parts: &[&[&'static str]]) -> [&'static str; N] {
    let mut out = [""; N];
    let mut n = 0;
    let mut p = 0;
    while p < parts.len() {
        let mut i = 0;
        while i < parts[p].len() {
            out[n] = parts[p][i];
            n += 1;
            i += 1;
        }
        p += 1;
    }
    assert!(n == N, "fewer columns than N");
    out
}

/// A rate or statistic as the reports print it: six decimals, a value
/// that rounds to zero without a sign (an exact payoff of 0 by symmetry
/// comes out of the solver as -1e-17 or 1e-17, by the order of a sum).
///
/// ```
/// use ludus::reports::summary::fixed;
/// assert_eq!(fixed(0.25), "0.250000");
/// assert_eq!(fixed(-1e-17), "0.000000");
/// assert_eq!(fixed(-0.0000004), "0.000000");
/// assert_eq!(fixed(-0.0000006), "-0.000001");
/// ```
pub fn fixed(x: f64) -> String {
    let s = format!("{x:.6}");
    match s.strip_prefix('-') {
        Some(zero) if zero.bytes().all(|b| b == b'0' || b == b'.') => zero.to_string(),
        _ => s,
    }
}

/// The columns `games`, `wins`, `draws`, `losses`, `score`, `score_rate`
/// that summary.csv, standings.csv and pairings.csv share: a seat's or a
/// policy's games and how they went, `score` counting a draw's share.
pub fn score_fields(games: u64, wins: u64, draws: u64, losses: u64, score: f64) -> [String; 6] {
    [
        games.to_string(),
        wins.to_string(),
        draws.to_string(),
        losses.to_string(),
        fixed(score),
        fixed(score / games.max(1) as f64),
    ]
}

/// The options of a cell that differ from the game's defaults, `key=value`
/// pairs joined by `;`: what tells one cell from another in summary.csv.
pub fn changed_options(plan: &CellPlan) -> String {
    let entry = plan.game;
    plan.cell
        .options
        .changed_from_defaults(entry.option_specs())
}

/// The rows of one cell, one per seat, as text fields.
pub fn rows(plan: &CellPlan, tally: &Tally) -> Vec<Vec<String>> {
    let entry = plan.game;
    let lengths = LengthStats::from_histogram(&tally.lengths);
    // Mean and spread from the sums, as for payoffs: what merges exactly.
    let decisions = PayoffStats::new(tally.decisions as i64, tally.decisions_sq, tally.games);
    let options = changed_options(plan);
    let n = tally.games;
    let per_game = |x: f64| x / n.max(1) as f64;
    (0..tally.players)
        .map(|s| {
            let (wl, wh) = wilson(tally.wins[s], n);
            let (cl, ch) = clopper_pearson(tally.wins[s], n);
            let pay = PayoffStats::new(tally.payoff_sum[s], tally.payoff_sq[s], n);
            let (wins, draws) = (tally.wins[s], tally.draws[s]);
            let losses = n - wins - draws;
            let mut row = vec![
                plan.cell.index.to_string(),
                plan.game.to_string(),
                options.clone(),
                (s + 1).to_string(),
                entry.side_name(s).unwrap_or("").to_string(),
                plan.cell.seats[s].to_string(),
            ];
            row.extend(score_fields(n, wins, draws, losses, tally.score(s)));
            row.extend([
                tally.mean_place(s).map_or_else(String::new, fixed),
                fixed(per_game(tally.wins[s] as f64)),
                fixed(wl),
                fixed(wh),
                fixed(cl),
                fixed(ch),
                fixed(pay.mean),
                fixed(pay.se),
                fixed(pay.sd),
            ]);
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
            let (moved, won) = (tally.first_moves[s], tally.first_wins[s]);
            row.extend([
                fixed(decisions.mean),
                fixed(decisions.sd),
                moved.to_string(),
                won.to_string(),
                if moved == 0 {
                    String::new()
                } else {
                    fixed(won as f64 / moved as f64)
                },
            ]);
            row.extend(exact_fields(plan, tally, s));
            row.push(plan.skill_gap(s).map_or_else(String::new, fixed));
            row
        })
        .collect()
}

/// Seat `s`'s [`ExactBeside`] fields, all four empty where the cell is
/// not solved, a z empty where its standard error is 0.
fn exact_fields(plan: &CellPlan, tally: &Tally, s: usize) -> [String; 4] {
    let Some(e) = ExactBeside::of(plan, tally, s) else {
        return Default::default();
    };
    let z = |z: Option<f64>| z.map_or_else(String::new, fixed);
    [fixed(e.win), z(e.z_win), fixed(e.payoff), z(e.z_payoff)]
}
