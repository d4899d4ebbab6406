//! Why a script's file could not be read.

use thiserror::Error;

/// A script that cannot be read: its path, and why (the message gives
/// only the why, for callers that name the path their own way).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{reason}")]
pub struct ScriptReadError {
    /// The script's path.
    pub path: String,
    /// Why it cannot be read.
    pub reason: String,
}
