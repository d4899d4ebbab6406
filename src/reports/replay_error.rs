//! Why a recorded game cannot be replayed onto a board.

/// Why a game of a records file has no replay on a board.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The record names a game this ludus does not have.
    #[error("the record's game `{0}` is not one of ludus's games")]
    UnknownGame(String),
    /// The record's options do not make a game.
    #[error("{game}: the record's options do not make a game: {error}")]
    Options {
        /// The game.
        game: String,
        /// Why.
        error: String,
    },
    /// The game draws no picture of its positions.
    #[error("{0} draws no picture of its positions")]
    NoPicture(String),
}
