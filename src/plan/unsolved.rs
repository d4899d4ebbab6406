//! Why a cell has no exact values beside its estimates: the reasons a
//! run gives in manifest.json and on its page ([`crate::plan::cell_plan::CellPlan::exact_status`]).

use crate::analysis::exact_error::ExactError;
use crate::policies::policy_spec::PolicySpec;

/// Why a cell was not solved exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unsolved {
    /// The cell does not ask (`exact = false`).
    Off,
    /// A seat's policy is no known distribution of choices (a search, a
    /// script), or cannot be made for the game.
    Policy {
        /// The policy, as the experiment names it.
        policy: String,
    },
    /// More states are reachable than the limit.
    States {
        /// The limit.
        limit: usize,
    },
    /// Solving would follow more outcomes than the cell's share of the
    /// run's budget.
    Budget {
        /// The share.
        outcomes: u64,
    },
    /// The run's length cap would cut off more games than the solved game
    /// loses ([`crate::plan::cell_plan::CAP_TOLERANCE`]).
    Cap {
        /// The cap (`max_plies`).
        cap: u32,
    },
    /// Optimal play solved by stages gives no length distribution, so
    /// what the run's length cap cuts off is not known.
    Lengths,
    /// Exact analysis does not cover the game (it names no key for its
    /// states, as the board games, or its chance cannot be listed).
    NoAnalysis,
    /// The solver found no answer.
    Failed {
        /// What it said.
        why: String,
    },
}

impl Unsolved {
    /// The reason as one word, for a program reading manifest.json.
    ///
    /// ```
    /// use ludus::plan::unsolved::Unsolved;
    /// assert_eq!(Unsolved::States { limit: 10 }.code(), "states");
    /// ```
    pub fn code(&self) -> &'static str {
        match self {
            Unsolved::Off => "off",
            Unsolved::Policy { .. } => "policy",
            Unsolved::States { .. } => "states",
            Unsolved::Budget { .. } => "budget",
            Unsolved::Cap { .. } => "cap",
            Unsolved::Lengths => "lengths",
            Unsolved::NoAnalysis => "no-analysis",
            Unsolved::Failed { .. } => "failed",
        }
    }

    /// Why the solve of a cell played by `seats` refused, as `error` says.
    pub fn of_error(error: &ExactError, seats: &[PolicySpec]) -> Unsolved {
        match error {
            ExactError::NoDistribution { policy } | ExactError::Policy { policy, .. } => {
                Unsolved::Policy {
                    policy: policy.clone(),
                }
            }
            ExactError::SeatDistribution { seat } => Unsolved::Policy {
                policy: seats
                    .get(seat.wrapping_sub(1))
                    .map_or_else(|| format!("seat {seat}'s"), ToString::to_string),
            },
            ExactError::TooManyStates { limit } => Unsolved::States { limit: *limit },
            ExactError::TooMuchWork { branches } => Unsolved::Budget {
                outcomes: *branches,
            },
            ExactError::NoStateKey { .. }
            | ExactError::NoSituation { .. }
            | ExactError::Chance(_) => Unsolved::NoAnalysis,
            other => Unsolved::Failed {
                why: other.to_string(),
            },
        }
    }
}
