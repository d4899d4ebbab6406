//! What a run tells its caller while it plays: how much a checkpoint held,
//! progress, warnings, and the outcome once the folder is written. The
//! command line draws a bar and prints a table; a library caller may
//! watch nothing ([`Silent`]).

use crate::run::RunOutcome;
use crate::runner::cell_progress::BatchProgress;

/// Told of a run's course. Every method does nothing unless implemented.
pub trait RunWatch {
    /// A resumed run: `resumed` of `planned` games were played before,
    /// `left` are played now.
    fn resumed(&mut self, _resumed: u64, _planned: u64, _left: u64) {}
    /// Games finished (called every tick of the batch).
    fn progress(&mut self, _batch: &BatchProgress) {}
    /// A warning the run goes on after (a forfeit, a checkpoint not written).
    fn warn(&mut self, _said: &str) {}
    /// Play is over; the report is being written.
    fn played(&mut self) {}
    /// The folder is written: what it holds, before the run returns (an
    /// error too, when play stopped).
    fn finished(&mut self, _outcome: &RunOutcome) {}
}

/// Watches nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl RunWatch for Silent {}
