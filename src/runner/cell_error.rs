//! Why a cell could not be set up to play: its options, or one of its
//! seats' policies.

use thiserror::Error;

use crate::core::option_error::OptionError;
use crate::core::policy::BotError;
use crate::policies::policy_error::PolicyError;

/// A cell refused before any game is played.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum CellError {
    /// The game refused the cell's options.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// A seat's policy could not be built for this game.
    #[error(transparent)]
    Policy(#[from] PolicyError),
    /// A policy failed while it was timed (`ludus bench --search`).
    #[error("{0}")]
    Bot(BotError),
    /// The positions to time a search on could not be found (`ludus bench
    /// --search`).
    #[error("{0}")]
    NoPositions(String),
}
