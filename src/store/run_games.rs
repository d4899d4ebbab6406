//! Which games a run plays: each cell's games in the run (all of them, or
//! a shard's share), less those its checkpoint holds already (`--resume`),
//! and the state each cell reaches from what it held and what a batch played.

use std::path::Path;

use crate::plan::experiment::Experiment;
use crate::runner::batch::CellSize;
use crate::runner::cell_progress::BatchProgress;
use crate::runner::checkpoint::CellState;
use crate::runner::game_ranges::GameRanges;
use crate::runner::shard::Shard;
use crate::store::checkpoint_error::CheckpointError;
use crate::store::packed_state::PackedState;
use crate::store::partial_manifest::PartialManifest;
use crate::store::resume::{Prior, prior_states};

/// The games of a run, cell by cell.
#[derive(Debug)]
pub struct RunGames {
    /// Each cell's seats.
    pub players: Vec<usize>,
    /// What each cell held before this batch (a resumed run's checkpoint).
    pub prior: Vec<Option<PackedState>>,
    /// The games of each cell the run is to hold.
    pub targets: Vec<GameRanges>,
    /// The games of each cell this batch plays.
    pub selections: Vec<GameRanges>,
}

impl RunGames {
    /// The games of the run `identity` of `exp` (or of its shard `shard`)
    /// whose report folder is `dir`, each cell with `players` seats; what
    /// the folder's checkpoint gives is read as `prior` says.
    pub fn of(
        exp: &Experiment,
        shard: Option<Shard>,
        dir: &Path,
        identity: &PartialManifest,
        players: Vec<usize>,
        prior: Prior,
    ) -> Result<RunGames, CheckpointError> {
        let prior = prior_states(dir, exp, identity, &players, prior)?;
        let targets: Vec<GameRanges> = exp
            .cells
            .iter()
            .map(|plan| {
                GameRanges::from(shard.map_or(0..plan.cell.games, |s| s.games(plan.cell.games)))
            })
            .collect();
        let selections = targets
            .iter()
            .zip(&prior)
            .map(|(t, p)| p.as_ref().map_or_else(|| t.clone(), |p| t.minus(&p.done)))
            .collect();
        Ok(RunGames {
            players,
            prior,
            targets,
            selections,
        })
    }

    /// The games a checkpoint held before this batch.
    pub fn resumed(&self) -> u64 {
        self.prior.iter().flatten().map(|p| p.tally.games()).sum()
    }

    /// The games the run is to hold.
    pub fn planned(&self) -> u64 {
        self.targets.iter().map(GameRanges::len).sum()
    }

    /// The games this batch plays.
    pub fn left(&self) -> u64 {
        self.selections.iter().map(GameRanges::len).sum()
    }

    /// Each cell's size in this batch.
    pub fn sizes(&self) -> Vec<CellSize> {
        self.selections
            .iter()
            .zip(&self.players)
            .map(|(s, &players)| CellSize {
                games: s.len(),
                players,
            })
            .collect()
    }

    /// What cell `c` held before this batch.
    pub fn prior_state(&self, c: usize) -> CellState {
        match &self.prior[c] {
            Some(p) => p.unpack(),
            None => CellState::new(self.players[c]),
        }
    }

    /// The state of cell `c`: what it held before and what `batch` played of it.
    pub fn state(&self, c: usize, batch: &BatchProgress) -> CellState {
        self.prior_state(c)
            .with_progress(&batch.cells[c], &self.selections[c])
    }
}
