//! Why one line of a records file is not a game record.

use thiserror::Error;

use crate::core::control_error::ControlError;

/// A line that is not JSON of a game record, or one whose texts hold a
/// control character.
#[derive(Debug, Error)]
pub enum RecordLineError {
    /// Not JSON, or not a record's fields.
    #[error("{0}")]
    Json(#[from] serde_json::Error),
    /// A text holding a control character.
    #[error(transparent)]
    Control(#[from] ControlError),
}
