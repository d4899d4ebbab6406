//! Why another program's game record was refused.

use thiserror::Error;

/// A game record refused, naming the entry at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RecordError {
    /// The game reads no records in this format.
    #[error("{game} reads no game records (format `{format}`)")]
    Unsupported {
        /// The game's registry name.
        game: &'static str,
        /// The format asked for.
        format: String,
    },
    /// The record's content: the message names the entry (its line or
    /// move number), as the game's reader writes it.
    #[error("{0}")]
    Content(String),
}
