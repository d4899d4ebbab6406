//! Whether a cell was solved exactly and, if not, why, as manifest.json
//! records it and index.html says it ([`crate::plan::unsolved::Unsolved`]
//! in plain words).

use serde::{Deserialize, Serialize};

use crate::plan::cell_plan::CellPlan;
use crate::plan::unsolved::Unsolved;
use crate::reports::table::thousands;

/// A cell's line on its exact values in manifest.json:
/// `{"solved": true}` or `{"solved": false, "reason": "states", "why":
/// "more than 2,000,000 states"}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ExactNote {
    /// Whether the cell's exact values stand beside its estimates.
    pub solved: bool,
    /// Why not, as one word ([`Unsolved::code`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Why not, in words ([`words`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub why: Option<String>,
}

impl ExactNote {
    /// The note of `plan`'s cell, solving it unless it was before.
    pub fn of(plan: &CellPlan) -> ExactNote {
        match plan.exact_status() {
            Ok(_) => ExactNote {
                solved: true,
                reason: None,
                why: None,
            },
            Err(u) => ExactNote {
                solved: false,
                reason: Some(u.code().to_string()),
                why: Some(words(u)),
            },
        }
    }
}

/// Why a cell is not solved, in a few plain words.
///
/// ```
/// use ludus::plan::unsolved::Unsolved;
/// use ludus::reports::exact_note::words;
/// assert_eq!(words(&Unsolved::States { limit: 1_000_000 }), "more than 1,000,000 states");
/// ```
pub fn words(u: &Unsolved) -> String {
    match u {
        Unsolved::Off => "not asked for (exact = false)".to_string(),
        Unsolved::Policy { policy } => format!("a seat plays {policy}, no known distribution"),
        Unsolved::States { limit } => format!("more than {} states", thousands(*limit as u64)),
        Unsolved::Budget { outcomes } => format!(
            "more work than its budget ({} outcomes)",
            thousands(*outcomes)
        ),
        Unsolved::Cap { cap } => {
            format!("max_plies {} cuts games short", thousands(u64::from(*cap)))
        }
        Unsolved::Lengths => {
            "optimal play solved by stages: no length distribution, so the cap's cut is unknown"
                .to_string()
        }
        Unsolved::NoAnalysis => "the game has no exact analysis".to_string(),
        Unsolved::Failed { why } => format!("no exact answer: {why}"),
    }
}
