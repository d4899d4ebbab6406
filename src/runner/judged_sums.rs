//! The sums of the metrics that follow the lead (`metrics = "all"`): each
//! game's value of each, added game by game in fixed point so that they
//! merge exactly.

use crate::core::outcome::Outcome;
use crate::runner::fixed_mean::FixedMean;
use crate::runner::judgements::Judgements;

/// The metrics, under their names in metrics.csv and partial files, with
/// the range of a game's value.
pub const JUDGED: [(&str, f64, f64); 6] = [
    ("lead_change", 0.0, 1.0),
    ("stability", 0.0, 1.0),
    ("drama", 0.0, 2.0),
    ("decisiveness", 0.0, 1.0),
    ("clarity_variance", 0.0, 2.0),
    ("clarity_narrowness", 0.0, 1.0),
];

/// Each metric's per-game values summed, in the order of [`JUDGED`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct JudgedSums(pub [FixedMean; 6]);

impl JudgedSums {
    /// Adds a game judged throughout (see [`crate::runner::judge::Judge`])
    /// that ended with `outcome`: each metric it has a value of.
    pub fn add(&mut self, j: &Judgements, outcome: &Outcome) {
        let values = [
            j.lead_change(),
            j.stability(),
            j.drama(outcome),
            j.decisiveness(outcome),
            j.clarity_variance(),
            j.clarity_narrowness(),
        ];
        for ((sum, value), (_, low, high)) in self.0.iter_mut().zip(values).zip(JUDGED) {
            if let Some(x) = value {
                sum.add(x.clamp(low, high));
            }
        }
    }

    /// The sums of both, or `None` if one would overflow.
    pub fn checked_merge(mut self, other: &JudgedSums) -> Option<JudgedSums> {
        for (mine, theirs) in self.0.iter_mut().zip(&other.0) {
            *mine = mine.checked_merge(theirs)?;
        }
        Some(self)
    }
}
