//! Some of a cell's games as a cell of their own: what a shard, a resumed
//! run or a block of an SPRT match plays. The selected games are numbered
//! from 0 for the batch that schedules them, but each is played as the
//! game it is (its own index, hence its own seed), so the tallies add up
//! to those of the whole cell.

use std::ops::Range;
use std::sync::Arc;

use crate::runner::cell::Cell;
use crate::runner::cell_job::CellJob;
use crate::runner::game_ranges::GameRanges;
use crate::runner::tally::{GameFailure, Tally};

/// A cell's job restricted to the games of `selection`.
pub struct SelectedGames {
    inner: Arc<dyn CellJob>,
    cell: Cell,
    selection: GameRanges,
}

impl SelectedGames {
    /// The games of `selection` of the cell `inner` plays; the job's cell
    /// is the inner one with `games` the number selected. `inner` may be
    /// shared (an SPRT match plays blocks of the same seatings).
    pub fn new(inner: impl Into<Arc<dyn CellJob>>, selection: GameRanges) -> SelectedGames {
        let inner = inner.into();
        let mut cell = inner.cell().clone();
        cell.games = selection.len();
        SelectedGames {
            inner,
            cell,
            selection,
        }
    }

    /// The games selected.
    pub fn selection(&self) -> &GameRanges {
        &self.selection
    }

    /// The games of the cell that the job's games `local` are.
    pub fn games_of(&self, local: Range<u64>) -> Vec<Range<u64>> {
        self.selection
            .pieces(local)
            .into_iter()
            .map(|(_, r)| r)
            .collect()
    }
}

impl CellJob for SelectedGames {
    fn cell(&self) -> &Cell {
        &self.cell
    }

    fn play(&self, games: Range<u64>, go_on: &dyn Fn(u64) -> bool) -> Result<Tally, GameFailure> {
        let mut tally = Tally::new(0);
        for (local_start, piece) in self.selection.pieces(games) {
            let len = piece.end - piece.start;
            let start = piece.start;
            let t = self
                .inner
                .play(piece, &|index| go_on(local_start + (index - start)))?;
            let cut_short = t.games < len;
            tally = tally.merge(t);
            if cut_short {
                break;
            }
        }
        Ok(tally)
    }
}
