//! Why an experiment or a tournament file was refused.

use thiserror::Error;

/// A plan refused, naming the file and the key at fault.
///
/// ```
/// use ludus::plan::plan_error::PlanError;
/// let e = PlanError::at("x.toml", "games", "must be at least 1");
/// assert_eq!(e.to_string(), "x.toml: `games`: must be at least 1");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlanError {
    /// Something in a file: `key` is the TOML key at fault (`cells[0].game`)
    /// where there is one.
    #[error("{file}: {}{message}", key.as_ref().map_or(String::new(), |k| format!("`{k}`: ")))]
    File {
        /// The file as the user named it.
        file: String,
        /// The key at fault.
        key: Option<String>,
        /// What is wrong with it.
        message: String,
    },
    /// A value checked before it is placed in a file (a name, an option's
    /// TOML value); [`PlanError::at`] places it.
    #[error("{0}")]
    Value(String),
    /// A setting from the command line that overrides the file's (`--games 0`).
    #[error("{0}")]
    CommandLine(String),
}

impl PlanError {
    /// An error about `key` in `file`.
    pub fn at(file: &str, key: &str, message: impl std::fmt::Display) -> PlanError {
        PlanError::File {
            file: file.to_string(),
            key: Some(key.to_string()),
            message: message.to_string(),
        }
    }

    /// An error about `file` as a whole.
    pub fn whole(file: &str, message: impl std::fmt::Display) -> PlanError {
        PlanError::File {
            file: file.to_string(),
            key: None,
            message: message.to_string(),
        }
    }
}
