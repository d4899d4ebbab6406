//! Why a search policy's parameter (`mcts:1000,c=0.7`, `alphabeta:4`) was
//! refused; each error names the policy and the setting it is about.

use thiserror::Error;

/// A search policy's parameter refused.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum SettingsError {
    /// No parameter: the policy needs its budget.
    #[error("{}", usage(.policy, .budget, .keys))]
    NoBudget {
        /// The policy, `mcts` or `alphabeta`.
        policy: &'static str,
        /// What its budget counts (`playouts`, `depth`).
        budget: &'static str,
        /// The settings it takes.
        keys: &'static [&'static str],
    },
    /// The budget is not a whole number of at least 1.
    #[error("{}; `{text}` is not a whole number of {budget} of at least 1", usage(.policy, .budget, .keys))]
    BadBudget {
        /// The policy.
        policy: &'static str,
        /// What its budget counts.
        budget: &'static str,
        /// The settings it takes.
        keys: &'static [&'static str],
        /// The budget as written.
        text: String,
    },
    /// A piece after the budget is not `key=value`.
    #[error("{}; `{text}` is not key=value", usage(.policy, .budget, .keys))]
    NotKeyValue {
        /// The policy.
        policy: &'static str,
        /// What its budget counts.
        budget: &'static str,
        /// The settings it takes.
        keys: &'static [&'static str],
        /// The piece as written.
        text: String,
    },
    /// A setting the policy does not have.
    #[error("policy `{policy}` has no setting `{key}` (settings: {})", .keys.join(", "))]
    UnknownSetting {
        /// The policy.
        policy: &'static str,
        /// The setting named.
        key: String,
        /// The settings it takes.
        keys: &'static [&'static str],
    },
    /// A setting given twice.
    #[error("policy `{policy}`: `{key}` is given twice")]
    Twice {
        /// The policy.
        policy: &'static str,
        /// The setting.
        key: String,
    },
    /// A setting that takes a number of at least 0 given something else.
    #[error("setting `{key}` takes a number of at least 0, not `{value}`")]
    NotNumber {
        /// The setting.
        key: String,
        /// Its value as written.
        value: String,
    },
    /// A setting that takes a whole number of at least 1 given something else.
    #[error("setting `{key}` takes a whole number of at least 1, not `{value}`")]
    NotWhole {
        /// The setting.
        key: String,
        /// Its value as written.
        value: String,
    },
    /// A yes-or-no setting given something else.
    #[error("setting `{key}` takes `yes` or `no`, not `{value}`")]
    NotSwitch {
        /// The setting.
        key: String,
        /// Its value as written.
        value: String,
    },
    /// More playouts than `mcts` allows a decision.
    #[error("policy `mcts`: at most {most} playouts a decision")]
    TooManyPlayouts {
        /// The most it allows.
        most: u32,
    },
    /// A deeper search than `alphabeta` allows.
    #[error("policy `alphabeta`: a depth of at most {most}")]
    TooDeep {
        /// The deepest it allows.
        most: u32,
    },
}

/// How the policy's parameter is written: `policy `mcts` takes its
/// playouts and optional settings: mcts:N[,c=...][,cap=...]`.
fn usage(policy: &str, budget: &str, keys: &[&str]) -> String {
    let settings: String = keys.iter().map(|k| format!("[,{k}=...]")).collect();
    format!("policy `{policy}` takes its {budget} and optional settings: {policy}:N{settings}")
}
