//! What a run holds of one cell at a checkpoint: which games are played,
//! what they add up to and what they cost. A run saves it as it goes
//! (see [`crate::store::partial`]); a resumed run starts from it and
//! plays only the games it lacks; merging partials adds such states up.

use crate::runner::cell_progress::CellProgress;
use crate::runner::game_ranges::GameRanges;
use crate::runner::tally::Tally;

/// Why two states of a cell cannot be added up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Conflict {
    /// Both hold these games (the first range they share).
    Overlap(std::ops::Range<u64>),
    /// A count of the sum would pass 2^64 (or a payoff sum `i64`).
    Overflow,
}

/// One cell's games played so far.
#[derive(Clone, Debug, PartialEq)]
pub struct CellState {
    /// The indices of the games played.
    pub done: GameRanges,
    /// What they add up to: `tally.games == done.len()`.
    pub tally: Tally,
    /// Worker-thread seconds they took, over every run that played them.
    pub thread_seconds: f64,
    /// Wall seconds from each run's first chunk of the cell to its last, summed.
    pub wall_seconds: f64,
}

impl CellState {
    /// No games of a cell of `players` seats.
    pub fn new(players: usize) -> CellState {
        CellState {
            done: GameRanges::new(),
            tally: Tally::new(players),
            thread_seconds: 0.0,
            wall_seconds: 0.0,
        }
    }

    /// This state with the games of `other` added, or why they cannot be:
    /// games both hold, or a count that would pass 2^64.
    pub fn merge(&self, other: &CellState) -> Result<CellState, Conflict> {
        if let Some(r) = self.done.overlap(&other.done) {
            return Err(Conflict::Overlap(r));
        }
        let mut done = self.done.clone();
        for r in other.done.ranges() {
            done.insert(r.clone());
        }
        Ok(CellState {
            done,
            tally: self
                .tally
                .clone()
                .checked_merge(&other.tally)
                .ok_or(Conflict::Overflow)?,
            thread_seconds: self.thread_seconds + other.thread_seconds,
            wall_seconds: self.wall_seconds + other.wall_seconds,
        })
    }

    /// This state with what a batch has played of `selection` (games this
    /// state lacked, see [`crate::runner::selected_games`]) added: the
    /// batch numbers the selected games from 0, the state holds the cell's
    /// own indices.
    pub fn with_progress(&self, progress: &CellProgress, selection: &GameRanges) -> CellState {
        if progress.done == 0 {
            return self.clone();
        }
        let mut played = CellState {
            done: GameRanges::new(),
            tally: progress.tally().into_owned(),
            thread_seconds: progress.busy.as_secs_f64(),
            wall_seconds: progress.wall_seconds(),
        };
        for local in progress.ranges.ranges() {
            for (_, r) in selection.pieces(local.clone()) {
                played.done.insert(r);
            }
        }
        self.merge(&played)
            .expect("a job plays only the games its cell's state lacks")
    }
}
