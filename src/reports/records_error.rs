//! Why a game of a `records.jsonl` could not be read.

use crate::core::input_error::InputError;
use crate::core::plural::plural;

/// Why `ludus play --record FILE --game K` could not read game K.
#[derive(Debug, thiserror::Error)]
pub enum RecordsError {
    /// The file cannot be read at all.
    #[error("{path}: {error}")]
    File {
        /// The file.
        path: String,
        /// Why.
        error: InputError,
    },
    /// The file holds fewer games than asked for.
    #[error(
        "{path}: --game {game}: the file holds {held} (lines 0-{last}, one game a line)",
        held = plural(*.lines as usize, "game"),
        last = .lines.saturating_sub(1)
    )]
    OutOfRange {
        /// The file.
        path: String,
        /// The game asked for, from 0.
        game: u64,
        /// The lines the file holds.
        lines: u64,
    },
    /// The line is not a game record.
    #[error(
        "{path}: line {line} (from 0) is not a game record: {error}; \
         records.jsonl is written by `ludus run --record N`"
    )]
    Malformed {
        /// The file.
        path: String,
        /// The line, from 0.
        line: u64,
        /// What is wrong with it.
        error: String,
    },
}
