//! What a report folder's checkpoint (its partial.json) gives a run: the
//! games an interrupted run of the same arguments played (`--resume`), or
//! nothing, when there is none or it is replaced (`--force`); a checkpoint
//! that would be lost otherwise is refused.

use std::path::Path;

use crate::plan::experiment::Experiment;
use crate::store::checkpoint_error::CheckpointError;
use crate::store::folder_error::FolderError;
use crate::store::packed_state::PackedState;
use crate::store::partial::{self, Partial};
use crate::store::partial_manifest::PartialManifest;

/// What to do with a checkpoint found in the report folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prior {
    /// Refuse an unfinished run's or another experiment's (no flag).
    Keep,
    /// Replace it (`--force`).
    Replace,
    /// Finish the run it is of (`--resume`).
    Resume,
}

/// What the checkpoint in `dir` holds of the run `identity` of `exp`,
/// every cell (`None` for a cell of which it holds no game; `players` are
/// each cell's seats), or nothing when there is none or `prior` replaces
/// it. Without `--resume`, an unfinished run's checkpoint or another
/// experiment's is refused; with it, a checkpoint of another run is.
pub fn prior_states(
    dir: &Path,
    exp: &Experiment,
    identity: &PartialManifest,
    players: &[usize],
    prior: Prior,
) -> Result<Vec<Option<PackedState>>, CheckpointError> {
    let fresh = || vec![None; players.len()];
    let path = dir.join(partial::FILE);
    if prior == Prior::Replace || !path.exists() {
        return Ok(fresh());
    }
    let p = Partial::read(&path).map_err(|error| CheckpointError::Unreadable { error })?;
    let path = || path.clone();
    if prior == Prior::Keep {
        let m = &p.manifest;
        if m.experiment != exp.name || m.source != exp.source {
            return Err(CheckpointError::OtherExperiment {
                path: path(),
                experiment: m.experiment.clone(),
                file: m.source.clone(),
                wanted: exp.name.clone(),
                wanted_file: exp.source.clone(),
            });
        }
        if !m.complete {
            return Err(CheckpointError::Unfinished {
                path: path(),
                played: m.games_played,
                planned: m.games_planned,
            });
        }
        // The same settings play the same games again: only a report of
        // others would be lost.
        if let Some(differs) = identity.differs(m, true) {
            let dir = dir.to_path_buf();
            return Err(FolderError::OtherSettings { dir, differs }.into());
        }
        return Ok(fresh());
    }
    if let Some(differs) = identity.differs(&p.manifest, true) {
        return Err(CheckpointError::OtherRun {
            path: path(),
            differs,
        });
    }
    let states = p.states().map_err(|error| CheckpointError::Cells {
        path: path(),
        error,
    })?;
    let mut packed = Vec::with_capacity(states.len());
    for (c, s) in states.into_iter().enumerate() {
        if s.tally.players != players[c] {
            return Err(CheckpointError::Seats {
                path: path(),
                cell: c,
                held: s.tally.players,
                seats: players[c],
            });
        }
        packed.push((s.tally.games > 0).then(|| PackedState::pack(&s)));
    }
    Ok(packed)
}
