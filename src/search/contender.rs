//! A candidate in the race: what is known of it at each skill level (its
//! exact values, or the games played so far), and when it was dropped.

use crate::plan::cell_plan::CellPlan;
use crate::plan::search_plan::{Candidate, Goal, Robust};
use crate::reports::metrics::{Estimate, estimates};
use crate::runner::packed_tally::PackedTally;
use crate::search::goal_value::{over_levels, widened};

/// What is known of a candidate at one level.
#[derive(Clone, Debug)]
pub enum Known {
    /// Nothing yet.
    Nothing,
    /// Its exact goal values.
    Exact(Vec<Estimate>),
    /// The games played of it, summed over rounds and packed (a race holds
    /// thousands), and the plan of its cell.
    Played(Box<(CellPlan, PackedTally)>),
}

/// A candidate and what the race knows of it.
#[derive(Clone, Debug)]
pub struct Contender {
    /// Its searched values (an index into each dimension's values).
    pub candidate: Candidate,
    /// What is known at each level.
    pub levels: Vec<Known>,
    /// The round it was dropped in and the contender (by index) that
    /// dropped it; `None` while it races.
    pub dropped: Option<(usize, usize)>,
}

/// One goal of a contender: the metric at each level, and counted over levels.
#[derive(Clone, Debug)]
pub struct GoalStanding {
    /// The metric at each level (`None` without games).
    pub levels: Vec<Option<Estimate>>,
    /// The metric over levels, and its utility (higher is better).
    pub overall: Option<(Estimate, Estimate)>,
}

impl Contender {
    /// A contender of whom nothing is known yet, at `levels` levels.
    pub fn new(candidate: Candidate, levels: usize) -> Contender {
        Contender {
            candidate,
            levels: vec![Known::Nothing; levels],
            dropped: None,
        }
    }

    /// Whether every level is solved exactly.
    pub fn exact(&self) -> bool {
        self.levels.iter().all(|k| matches!(k, Known::Exact(_)))
    }

    /// The games played at each level.
    pub fn games(&self) -> Vec<u64> {
        self.levels
            .iter()
            .map(|k| match k {
                Known::Played(p) => p.1.games(),
                _ => 0,
            })
            .collect()
    }

    /// Adds the games `tally` of its cell `plan` at `level`.
    pub fn add(&mut self, level: usize, plan: &CellPlan, tally: PackedTally) {
        let known = std::mem::replace(&mut self.levels[level], Known::Nothing);
        self.levels[level] = match known {
            Known::Played(p) => {
                let (plan, before) = *p;
                let sum = before.unpack().merge(tally.unpack());
                Known::Played(Box::new((plan, PackedTally::pack(&sum))))
            }
            _ => Known::Played(Box::new((plan.clone(), tally))),
        };
    }

    /// Its standing on every goal, each level's 95 % interval stretched
    /// `factor` times (1: as metrics.csv gives it) within the metric's range.
    pub fn standing(&self, goals: &[Goal], robust: Robust, factor: f64) -> Vec<GoalStanding> {
        let names: Vec<&str> = goals.iter().map(|g| g.metric.as_str()).collect();
        // [level][goal]
        let per_level: Vec<Vec<Option<Estimate>>> = self
            .levels
            .iter()
            .map(|k| match k {
                Known::Nothing => vec![None; goals.len()],
                Known::Exact(values) => values.iter().copied().map(Some).collect(),
                Known::Played(p) => estimates(&p.0, &p.1.unpack(), &names),
            })
            .collect();
        goals
            .iter()
            .enumerate()
            .map(|(g, goal)| {
                let levels: Vec<Option<Estimate>> = per_level
                    .iter()
                    .map(|l| l[g].map(|e| widened(&goal.metric, e, factor)))
                    .collect();
                GoalStanding {
                    overall: over_levels(goal.aim, robust, &levels),
                    levels,
                }
            })
            .collect()
    }
}
