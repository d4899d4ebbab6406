//! One number for the games of one evaluation, as NTBEA needs: each
//! goal's utility (higher better) at each level, counted over levels as
//! the file says (`robust`), put on a common scale and summed with the
//! goals' weights (equal weights where the file gives none).

use crate::plan::cell_plan::CellPlan;
use crate::plan::search_plan::{Robust, SearchPlan};
use crate::reports::metrics::estimates;
use crate::runner::tally::Tally;
use crate::search::goal_value::{is_rate, utility};

/// Each goal's utility over levels for one evaluation's games at every
/// level (`played[level]`); `None` for a goal its games do not measure
/// at some level (a balance among decided games when none was decided).
pub fn goal_utilities(plan: &SearchPlan, played: &[(&CellPlan, &Tally)]) -> Vec<Option<f64>> {
    let names: Vec<&str> = plan.goals.iter().map(|g| g.metric.as_str()).collect();
    let per_level: Vec<Vec<Option<f64>>> = played
        .iter()
        .map(|(cell, tally)| {
            estimates(cell, tally, &names)
                .into_iter()
                .zip(&plan.goals)
                .map(|(e, g)| e.map(|e| utility(g.aim, e).value))
                .collect()
        })
        .collect();
    (0..plan.goals.len())
        .map(|g| {
            let levels: Vec<f64> = per_level.iter().map(|l| l[g]).collect::<Option<_>>()?;
            Some(match plan.robust {
                Robust::Worst => levels.iter().copied().fold(f64::INFINITY, f64::min),
                Robust::Mean => levels.iter().sum::<f64>() / levels.len() as f64,
            })
        })
        .collect()
}

/// How goals' utilities become one fitness: a scale for each goal (1 for
/// a rate; for the rest, the spread of the first evaluations, so that a
/// length in turns does not drown a balance), the worst utility seen of
/// each (what a goal its games do not measure counts as), the weights.
#[derive(Clone, Debug)]
pub struct Fitness {
    scales: Vec<f64>,
    worst: Vec<Option<f64>>,
    weights: Vec<f64>,
}

impl Fitness {
    /// The scale of `plan`'s goals, set from `first`: the goal utilities
    /// of the first evaluations.
    pub fn new(plan: &SearchPlan, first: &[Vec<Option<f64>>]) -> Fitness {
        let weighs = plan.goals.iter().any(|g| g.weight != 0.0);
        let scales = plan
            .goals
            .iter()
            .enumerate()
            .map(|(g, goal)| {
                if is_rate(&goal.metric) {
                    return 1.0;
                }
                let xs: Vec<f64> = first.iter().filter_map(|u| u[g]).collect();
                let sd = spread(&xs);
                if sd.is_finite() && sd > 1e-12 {
                    sd
                } else {
                    1.0
                }
            })
            .collect();
        Fitness {
            scales,
            worst: vec![None; plan.goals.len()],
            weights: plan
                .goals
                .iter()
                .map(|g| if weighs { g.weight } else { 1.0 })
                .collect(),
        }
    }

    /// Takes `utilities` into the worst values seen.
    pub fn see(&mut self, utilities: &[Option<f64>]) {
        for (w, u) in self.worst.iter_mut().zip(utilities) {
            if let Some(u) = *u {
                *w = Some(w.map_or(u, |w| w.min(u)));
            }
        }
    }

    /// The fitness of goal utilities: the weighted sum of each over its
    /// scale, a goal not measured counting as the worst seen (0 before
    /// any is).
    pub fn of(&self, utilities: &[Option<f64>]) -> f64 {
        utilities
            .iter()
            .enumerate()
            .map(|(g, u)| {
                let u = u.or(self.worst[g]).unwrap_or(0.0);
                self.weights[g] * u / self.scales[g]
            })
            .sum()
    }
}

/// The standard deviation of `xs` (0 for fewer than two).
fn spread(xs: &[f64]) -> f64 {
    if xs.len() < 2 {
        return 0.0;
    }
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    (xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (xs.len() - 1) as f64).sqrt()
}
