//! A candidate's goals from its exact values, where `ludus exact` solves
//! it with the level's seats (the dice games): no game is played for it.

use crate::analysis::exact::{Bounds, Exact};
use crate::plan::cell_plan::{CAP_TOLERANCE, CellPlan};
use crate::plan::search_plan::Goal;
use crate::reports::metrics::Estimate;
use crate::runner::cell::EXACT_BUDGET_PER_CELL;

/// The most reachable states a candidate is solved with: a larger one
/// is played instead.
pub const SEARCH_EXACT_LIMIT: usize = 200_000;

/// The exact values of every goal of `plan`'s play, or `None` where one
/// goal has no exact value (only rates of wins and the mean length have),
/// the play is not solved within [`SEARCH_EXACT_LIMIT`] states, or its
/// length cap would cut off games.
pub fn exact_goals(plan: &CellPlan, goals: &[Goal]) -> Option<Vec<Estimate>> {
    if !goals.iter().all(|g| exact_value(&g.metric, None).is_some()) {
        return None;
    }
    let bounds = Bounds {
        states: SEARCH_EXACT_LIMIT,
        outcomes: EXACT_BUDGET_PER_CELL,
        equilibrium: crate::policies::optimal::state_limit(),
    };
    let e = plan
        .game
        .exact(&plan.cell.options, &plan.cell.seats, bounds)
        .ok()?;
    if e.past(u64::from(plan.cell.max_plies)) > CAP_TOLERANCE {
        return None;
    }
    goals
        .iter()
        .map(|g| exact_value(&g.metric, Some(&e)))
        .collect()
}

/// Metric `metric`'s exact value under `e` (with `None`, whether it has
/// one at all).
fn exact_value(metric: &str, e: Option<&Exact>) -> Option<Estimate> {
    let point = |v: f64| Estimate {
        value: v,
        low: v,
        high: v,
    };
    let won = |e: &Exact| e.seats.iter().map(|s| s.win).sum::<f64>();
    match (metric, e) {
        (
            "balance" | "balance_decided" | "completion" | "drawishness" | "timeouts"
            | "duration_turns",
            None,
        ) => Some(point(0.0)),
        ("balance", Some(e)) if e.seats.len() >= 2 => Some(point(1.0 - gap(e))),
        ("balance_decided", Some(e)) if e.seats.len() >= 2 && won(e) > 0.0 => {
            Some(point(1.0 - gap(e) / won(e)))
        }
        ("completion", Some(e)) => Some(point(won(e))),
        ("drawishness", Some(e)) => Some(point((1.0 - won(e)).max(0.0))),
        ("timeouts", Some(_)) => Some(point(0.0)),
        ("duration_turns", Some(e)) => Some(point(e.mean_length)),
        _ => None,
    }
}

/// The largest gap between two seats' chances of winning alone.
fn gap(e: &Exact) -> f64 {
    let most = e.seats.iter().map(|s| s.win).fold(f64::MIN, f64::max);
    let least = e.seats.iter().map(|s| s.win).fold(f64::MAX, f64::min);
    most - least
}
