//! How often a run rewrites its checkpoint and its report: at most every
//! [`EVERY`], and no sooner after the last write than [`SHARE`] times what
//! it took, so that however many cells, writing takes a small share of the run.
//!
//! ```
//! use std::time::Instant;
//! use ludus::store::write_pace::WritePace;
//!
//! let mut pace = WritePace::default();
//! assert!(pace.due(Instant::now()));
//! let started = Instant::now();
//! pace.wrote(started);
//! assert!(!pace.due(Instant::now()));
//! ```

use std::time::{Duration, Instant};

/// The shortest time between two writes.
pub const EVERY: Duration = Duration::from_secs(1);

/// How many times its own duration the run goes on between two writes.
pub const SHARE: u32 = 20;

/// When the next write is due.
#[derive(Clone, Copy, Debug, Default)]
pub struct WritePace {
    next: Option<Instant>,
}

impl WritePace {
    /// Whether a write is due at `now` (the first always is).
    pub fn due(&self, now: Instant) -> bool {
        self.next.is_none_or(|t| now >= t)
    }

    /// Notes a write that began at `started` and has just ended.
    pub fn wrote(&mut self, started: Instant) {
        let took = started.elapsed();
        self.next = Some(Instant::now() + EVERY.max(took * SHARE));
    }
}
