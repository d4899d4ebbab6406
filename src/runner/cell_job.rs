//! A cell's games, ready to be played in any chunks on any thread: what
//! [`crate::runner::batch`] schedules, without knowing the game.

use crate::runner::cell::Cell;
use crate::runner::tally::{GameFailure, Tally};

/// The games of one cell, ready to be played in any chunks on any thread.
/// `Send`, so that a batch may make a cell's job on the thread that first
/// needs it and share it until the cell's last chunk is played.
pub trait CellJob: Send + Sync {
    /// The cell it plays.
    fn cell(&self) -> &Cell;

    /// Plays the games whose indices are in `games`, in order, asking
    /// `go_on(index)` before each: a chunk stopped early returns the
    /// tally of the games it played. The first game a policy fails (under
    /// [`crate::runner::on_bot_error::OnBotError::Stop`]) ends the chunk with that failure.
    fn play(
        &self,
        games: std::ops::Range<u64>,
        go_on: &dyn Fn(u64) -> bool,
    ) -> Result<Tally, GameFailure>;
}
