//! `CellTiming`: what one cell's games cost, measured on the machine.

/// What one cell's games cost.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct CellTiming {
    /// From the start of the cell's first chunk to the end of its last.
    pub wall_seconds: f64,
    /// Time the worker threads spent on its games, summed.
    pub thread_seconds: f64,
}

impl CellTiming {
    /// Games per second of one thread.
    pub fn games_per_second(&self, games: u64) -> f64 {
        games as f64 / self.thread_seconds.max(1e-9)
    }
}
