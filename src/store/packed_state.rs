//! `PackedState`: a cell's games played and their tally packed, what a run
//! keeps of each finished cell, and of each cell a resumed run's
//! checkpoint held, however many cells.

use crate::runner::checkpoint::CellState;
use crate::runner::game_ranges::GameRanges;
use crate::runner::packed_tally::PackedTally;
use crate::store::cell_timing::CellTiming;

/// A cell's games played, their tally packed (see [`PackedTally`]).
#[derive(Clone, Debug)]
pub struct PackedState {
    /// The games played.
    pub done: GameRanges,
    /// Their tally.
    pub tally: PackedTally,
    /// Time the worker threads spent on them.
    pub thread_seconds: f64,
    /// From the first game's start to the last's end.
    pub wall_seconds: f64,
}

impl PackedState {
    /// `s`, packed.
    pub fn pack(s: &CellState) -> PackedState {
        PackedState {
            done: s.done.clone(),
            tally: PackedTally::pack(&s.tally),
            thread_seconds: s.thread_seconds,
            wall_seconds: s.wall_seconds,
        }
    }

    /// The state again.
    pub fn unpack(&self) -> CellState {
        CellState {
            done: self.done.clone(),
            tally: self.tally.unpack(),
            thread_seconds: self.thread_seconds,
            wall_seconds: self.wall_seconds,
        }
    }

    /// What its games cost.
    pub fn timing(&self) -> CellTiming {
        CellTiming {
            wall_seconds: self.wall_seconds,
            thread_seconds: self.thread_seconds,
        }
    }
}
