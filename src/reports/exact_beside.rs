//! A seat's estimates set beside the exact values of its cell, where the
//! cell can be solved ([`CellPlan::exact`]): the exact win rate and
//! payoff, and how many standard errors the estimates lie from them.

use crate::plan::cell_plan::CellPlan;
use crate::reports::payoff::PayoffStats;
use crate::runner::tally::Tally;

/// One seat's exact values and the z of its estimates against them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ExactBeside {
    /// The exact probability that the seat wins alone.
    pub win: f64,
    /// The estimated win rate's gap from `win` over its standard error
    /// (from the exact rate); `None` where that error is 0.
    pub z_win: Option<f64>,
    /// The exact expected payoff.
    pub payoff: f64,
    /// The mean payoff's gap from `payoff` over the estimate's standard
    /// error; `None` where that error is 0 (a game without money).
    pub z_payoff: Option<f64>,
}

impl ExactBeside {
    /// Seat `s` of the cell of `plan`, played as `tally` counts; `None`
    /// where the cell is not solved.
    pub fn of(plan: &CellPlan, tally: &Tally, s: usize) -> Option<ExactBeside> {
        let odds = plan.exact()?[s];
        let n = tally.games.max(1) as f64;
        let z = |gap: f64, se: f64| (se > 0.0).then(|| gap / se);
        let rate = tally.wins[s] as f64 / n;
        let pay = PayoffStats::new(tally.payoff_sum[s], tally.payoff_sq[s], tally.games);
        Some(ExactBeside {
            win: odds.win,
            z_win: z(rate - odds.win, (odds.win * (1.0 - odds.win) / n).sqrt()),
            payoff: odds.payoff,
            z_payoff: z(pay.mean - odds.payoff, pay.se),
        })
    }
}
