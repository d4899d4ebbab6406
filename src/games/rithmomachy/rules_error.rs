//! Why a rule set was refused: an unknown preset, TOML that does not read
//! as a rule set, or a rule set that reads but cannot be played.

use thiserror::Error;

use crate::core::option_error::OptionError;

/// A rule set refused, naming the preset, line or key at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RulesError {
    /// A preset name that is not one of `rules::PRESETS`.
    #[error("unknown rule set `{name}` (rule sets: {known})")]
    UnknownPreset {
        /// The name as given.
        name: String,
        /// The presets, comma-separated.
        known: String,
    },
    /// TOML that does not read as a rule set (the message gives the line
    /// and column); `file` is the preset's file where it is one.
    #[error("{}{message}", file.as_ref().map_or(String::new(), |f| format!("{f}: ")))]
    Toml {
        /// The preset's file, e.g. `data/rithmomachy/fulke.toml`.
        file: Option<String>,
        /// The TOML reader's message.
        message: String,
    },
    /// A rule set that reads but cannot be played: the message names the
    /// key (`ranks = 12: ...`, a movement pattern).
    #[error("{0}")]
    Unplayable(String),
}

impl From<RulesError> for OptionError {
    fn from(e: RulesError) -> OptionError {
        match e {
            RulesError::UnknownPreset { .. } => OptionError::Value {
                key: "rules",
                message: e.to_string(),
            },
            other => OptionError::Combination(other.to_string()),
        }
    }
}
