//! `ScriptReadError`: a script a run names that cannot be read to hash it.

use thiserror::Error;

/// A script that cannot be read (exit code 2).
#[derive(Clone, Debug, Error, PartialEq, Eq)]
#[error("{path}: cannot read the script: {reason}")]
pub struct ScriptReadError {
    /// The script, as the experiment names it.
    pub path: String,
    /// Why.
    pub reason: String,
}
