//! Which games a run plays: each cell's games in the run (all of them, or
//! a shard's share), less those its checkpoint holds already (`--resume`),
//! and the state each cell reaches from what it held and what a batch played.
//! A cell played to a precision is to hold its games up to its `max`, and
//! is handed its selected games a block at a time
//! ([`RunGames::to_play`]): a resumed run goes on from the block its
//! checkpoint was in, or keeps the cell as it was if it had stopped.

use std::path::Path;

use crate::plan::experiment::Experiment;
use crate::runner::batch::CellSize;
use crate::runner::cell_progress::BatchProgress;
use crate::runner::checkpoint::CellState;
use crate::runner::game_ranges::GameRanges;
use crate::runner::precision::Precision;
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
    /// The games of each cell this batch may play.
    pub selections: Vec<GameRanges>,
    /// The precision each cell plays to, if any.
    pub precision: Vec<Option<Precision>>,
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
        let mut games = RunGames {
            players,
            prior,
            targets,
            selections,
            precision: exp.cells.iter().map(|plan| plan.precision).collect(),
        };
        // A cell that had stopped at its precision has nothing left to play.
        for c in 0..games.selections.len() {
            if games.precision[c].is_some() && games.to_play(c, &games.prior_state(c)) == 0 {
                games.selections[c] = GameRanges::new();
            }
        }
        Ok(games)
    }

    /// How many of cell `c`'s selected games the batch is to have played
    /// when the cell holds `state`: all of them; of a cell played to a
    /// precision, those below its next block boundary, none once it has
    /// stopped (see [`Precision::next_target`]).
    pub fn to_play(&self, c: usize, state: &CellState) -> u64 {
        let selected = &self.selections[c];
        match self.precision[c] {
            None => selected.len(),
            Some(p) => match p.next_target(&state.done, &state.tally) {
                None => 0,
                Some(b) => selected.minus(&GameRanges::from(b..u64::MAX)).len(),
            },
        }
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

    /// Each cell's size in this batch as it starts: a cell played to a
    /// precision is open, and holds its first block's games.
    pub fn sizes(&self) -> Vec<CellSize> {
        (0..self.selections.len())
            .map(|c| CellSize {
                games: match self.precision[c] {
                    None => self.selections[c].len(),
                    Some(_) => self.to_play(c, &self.prior_state(c)),
                },
                players: self.players[c],
                open: self.precision[c].is_some(),
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
