//! The short summary table `ludus run` prints when it is done.

use std::fmt::Write;

use crate::reports::length_stats::LengthStats;
use crate::reports::report::CellResult;

/// One line per cell and seat: the win rate with its Wilson interval, the
/// mean payoff where there is one, and the median length.
pub fn summary_table(results: &[CellResult]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>4}  {:<15} {:<28} {:>4}  {:<13} {:>8}  {:>17}  {:>9}  {:>7}",
        "cell", "game", "options", "seat", "policy", "win%", "95% Wilson", "payoff", "median"
    );
    for r in results {
        let t = &r.tally;
        let median = LengthStats::from_histogram(&t.lengths).map_or(0, |l| l.median);
        let mut options = r.plan.options.to_string();
        if options.len() > 28 {
            options.truncate(25);
            options.push_str("...");
        }
        for s in 0..t.players {
            let (lo, hi) = crate::reports::interval::wilson(t.wins[s], t.games);
            let payoff = t.payoff_sum[s] as f64 / t.games.max(1) as f64;
            let _ = writeln!(
                out,
                "{:>4}  {:<15} {:<28} {:>4}  {:<13} {:>7.2}%  [{:>6.2}%, {:>6.2}%]  {:>9.3}  {:>7}",
                r.plan.index,
                r.plan.game,
                options,
                s + 1,
                r.plan.seats[s].to_string(),
                100.0 * t.wins[s] as f64 / t.games.max(1) as f64,
                100.0 * lo,
                100.0 * hi,
                payoff,
                median
            );
        }
    }
    out
}
