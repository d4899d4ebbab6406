//! Why an analysis (perft, replay, the solver, showing a position) could
//! not be carried out.

use thiserror::Error;

use crate::core::option_error::OptionError;
use crate::core::position_error::PositionError;

/// An analysis refused or stopped, naming the game and, where it is about
/// one, the move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AnalysisError {
    /// The options the start is set up under were refused.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// The position file was refused.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The analysis follows decisions and met a chance event: the message
    /// says why there is one and, where an option removes it, which.
    #[error("{0}")]
    Chance(String),
    /// A move of a list to replay (1-based) that cannot be played.
    #[error("move {number} `{text}`{why}")]
    Move {
        /// Its number in the list, from 1.
        number: usize,
        /// The move as given.
        text: String,
        /// Why it cannot be played, as the sentence goes on after the
        /// move (`: the game is already over`, ` is not legal here`).
        why: &'static str,
    },
    /// The game or the position is not one this analysis takes (more than
    /// two players, already over, no diagram, too many positions); the
    /// message names the game.
    #[error("{0}")]
    Unsuited(String),
}
