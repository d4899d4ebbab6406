//! What a run leaves: its report folder, its finished cells (what every
//! table is made of) and how long its games took.

use std::path::PathBuf;

use crate::reports::finished_states::FinishedStates;
use crate::runner::shard::Shard;

/// A run's outcome, once its folder is written.
#[derive(Debug)]
pub struct RunOutcome<'a> {
    /// The report folder.
    pub dir: PathBuf,
    /// The shard played, if the run was one (its folder holds partial.json).
    pub shard: Option<Shard>,
    /// The finished cells of the experiment: `results()` gives each one's
    /// plan, tally and cost.
    pub cells: FinishedStates<'a>,
    /// The games this run played (a resumed run's earlier games aside).
    pub played: u64,
    /// Seconds the games took.
    pub secs: f64,
    /// Worker threads.
    pub threads: usize,
    /// Games kept whole in records.jsonl.
    pub recorded: usize,
}
