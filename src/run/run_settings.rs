//! How a run is played and where its report goes: everything the command
//! line adds to an experiment, as plain fields a caller sets.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use crate::plan::experiment::Experiment;
use crate::run::RunError;
use crate::runner::shard::Shard;
use crate::store::resume::Prior;

/// A flag that nobody raises: a run that cannot be interrupted.
static NEVER: AtomicBool = AtomicBool::new(false);

/// How to run an experiment.
#[derive(Clone, Debug)]
pub struct RunSettings {
    /// The report folder.
    pub dir: PathBuf,
    /// Worker threads (results do not depend on them).
    pub threads: usize,
    /// Play only this shard of every cell's games: the folder then holds
    /// partial.json for `ludus merge`, not the report.
    pub shard: Option<Shard>,
    /// What to do with a checkpoint found in the folder: refuse an
    /// unfinished run's (`Keep`), replace it (`Replace`, which also writes
    /// over another experiment's report) or finish it (`Resume`).
    pub prior: Prior,
    /// The share of a cell's games (0 to 1) that may be forfeited under
    /// `on_bot_error = "forfeit"` before the run fails.
    pub max_forfeits: f64,
    /// Raised to stop the run: it stops between games, keeps what was
    /// played and fails with [`RunError::Interrupted`].
    pub halt: &'static AtomicBool,
}

impl RunSettings {
    /// A run into `dir` on one thread, whole, refusing to lose a
    /// checkpoint, stopping at 5 % forfeits, never interrupted.
    pub fn new(dir: impl Into<PathBuf>) -> RunSettings {
        RunSettings {
            dir: dir.into(),
            threads: 1,
            shard: None,
            prior: Prior::Keep,
            max_forfeits: 0.05,
            halt: &NEVER,
        }
    }

    /// Refuses settings no run of `exp` can take.
    pub(crate) fn check(&self, exp: &Experiment) -> Result<(), RunError> {
        if self.threads == 0 {
            return Err(RunError::Threads {
                threads: 0,
                error: "a run needs at least one".into(),
            });
        }
        if !(0.0..=1.0).contains(&self.max_forfeits) {
            return Err(RunError::MaxForfeits(self.max_forfeits));
        }
        if let Some(said) = exp.unused_evaluator() {
            return Err(RunError::UnusedEvaluator(format!("{}: {said}", exp.source)));
        }
        if let Some(shard) = self.shard
            && let Some(plan) = exp.cells.iter().find(|c| c.precision.is_some())
        {
            return Err(RunError::ShardPrecision {
                shard,
                cell: plan.cell.index,
                game: plan.game.name().to_string(),
                key: exp.games_key(plan.entry),
            });
        }
        if let Some(shard) = self.shard
            && exp.record > 0
        {
            return Err(RunError::ShardRecords {
                shard,
                record: exp.record,
            });
        }
        Ok(())
    }

    /// A pool of the run's worker threads.
    pub(crate) fn pool(&self) -> Result<rayon::ThreadPool, RunError> {
        rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()
            .map_err(|e| RunError::Threads {
                threads: self.threads,
                error: e.to_string(),
            })
    }
}
