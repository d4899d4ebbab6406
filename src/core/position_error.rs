//! Why a position file was refused.

use thiserror::Error;

use crate::core::option_error::OptionError;

/// A position file refused, naming the field, square or piece at fault.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The game has no position files.
    #[error("{game} has no position files")]
    Unsupported {
        /// The game's registry name.
        game: &'static str,
    },
    /// The options the position is set up under were refused.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// The file's content: the message starts with the field it is about
    /// (`board: e4 ...`, `ply: ...`), as the game's reader writes it.
    #[error("{0}")]
    Content(String),
}
