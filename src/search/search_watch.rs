//! What a search tells its caller while it races: each round as it
//! starts and ends, and the games of the round as they finish.

use crate::runner::cell_progress::BatchProgress;

/// Told of a search's course; every method does nothing unless implemented.
pub trait SearchWatch {
    /// Round `round` starts: `left` candidates race, each level plays `games`.
    fn round_started(&mut self, _round: usize, _left: usize, _games: u64) {}
    /// Games finished in the round (every tick of its batch).
    fn progress(&mut self, _batch: &BatchProgress) {}
    /// NTBEA's batch `batch` is over: `settings` settings played so far,
    /// `spent` of `budget` games.
    fn batch_finished(&mut self, _batch: usize, _settings: usize, _spent: u64, _budget: u64) {}
    /// Round `round` is over: `left` candidates race, `spent` of `budget` games are played.
    fn round_finished(&mut self, _round: usize, _left: usize, _spent: u64, _budget: u64) {}
}

/// Watches nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl SearchWatch for Quiet {}
