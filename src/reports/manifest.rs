//! manifest.json: how a report was made.

use serde::{Deserialize, Serialize};

use crate::core::text::{bounded, printable};
use crate::plan::cell_plan::CellPlan;
use crate::plan::experiment::Experiment;
use crate::reports::cell_result::CellResult;
use crate::reports::exact_note::ExactNote;
use crate::store::cell_timing::CellTiming;

/// The most bytes of `error` a manifest keeps: a failure's message may
/// quote a script, and the manifest is read by tools and people.
pub const ERROR_BYTES: usize = 8 << 10;

/// What `ludus run` records beside the CSVs.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Manifest {
    /// The ludus version that made the report.
    pub ludus_version: String,
    /// The experiment's name.
    pub experiment: String,
    /// The experiment file (or "(default experiment)").
    pub source: String,
    /// SHA-256 of the experiment file's text.
    pub source_sha256: String,
    /// The experiment seed (after --seed).
    pub seed: u64,
    /// Games per cell (after --games), for the cells that do not set their own.
    pub games_per_cell: u64,
    /// Longest game before it is stopped as a draw.
    pub max_plies: u32,
    /// Worker threads.
    pub threads: usize,
    /// Cells in the experiment.
    pub cells: usize,
    /// Cells whose games all finished and are in the CSVs.
    pub cells_done: usize,
    /// Games in every cell of the experiment.
    pub games_total: u64,
    /// Games played in the finished cells.
    pub games_played: u64,
    /// Seconds from the first game to the last.
    pub wall_seconds: f64,
    /// Games per second over the whole run.
    pub games_per_second: f64,
    /// Whether every cell finished.
    pub complete: bool,
    /// Whether the run was stopped by an interrupt (Ctrl-C, SIGINT).
    pub interrupted: bool,
    /// Why the run stopped early, if it did.
    pub error: Option<String>,
    /// Each finished cell's games and cost, as in timings.csv.
    pub cell_runs: Vec<CellRunRecord>,
    /// For a report merged from partials (`ludus merge`): which, and the
    /// games none of them held. Absent from a run's manifest.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub merged: Option<MergeRecord>,
}

/// Where a merged report's games come from.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct MergeRecord {
    /// The partial files summed, as given.
    pub partials: Vec<String>,
    /// The shards they are of (`K/N`), where they are shards.
    pub shards: Vec<String>,
    /// Games of the experiment in none of them (`--allow-partial`).
    pub games_missing: u64,
    /// Which games those are, per cell.
    pub missing: Vec<crate::store::partial_manifest::MissingGames>,
}

impl Manifest {
    /// The manifest as written: `error` on bounded length, its control
    /// characters escaped.
    pub fn bounded(&self) -> Manifest {
        Manifest {
            error: self
                .error
                .as_ref()
                .map(|e| bounded(&printable(e.as_bytes(), true), ERROR_BYTES)),
            ..self.clone()
        }
    }
}

/// One finished cell in the manifest.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CellRunRecord {
    /// The cell's index.
    pub cell: usize,
    /// Its game.
    pub game: String,
    /// Games played.
    pub games: u64,
    /// From the start of its first chunk to the end of its last.
    pub wall_seconds: f64,
    /// Worker-thread time spent on its games.
    pub thread_seconds: f64,
    /// Games per second of one thread.
    pub games_per_second: f64,
    /// Whether its exact values stand beside its estimates, and if not,
    /// why (absent from manifests written before ludus said).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExactNote>,
}

impl CellRunRecord {
    /// Finished cell `plan`'s line: `games` played at the cost `timing`,
    /// and whether it is solved exactly (solving it unless it was).
    pub fn of(plan: &CellPlan, games: u64, timing: CellTiming) -> CellRunRecord {
        CellRunRecord {
            cell: plan.cell.index,
            game: plan.game.to_string(),
            games,
            wall_seconds: timing.wall_seconds,
            thread_seconds: timing.thread_seconds,
            games_per_second: timing.games_per_second(games),
            exact: Some(ExactNote::of(plan)),
        }
    }
}

impl Manifest {
    /// The manifest of a run of `exp` on `threads` threads: its settings
    /// and its finished cells' `runs`, after `secs` seconds.
    pub fn of_run(
        exp: &Experiment,
        threads: usize,
        secs: f64,
        runs: Vec<CellRunRecord>,
        interrupted: bool,
        error: Option<String>,
    ) -> Manifest {
        let played: u64 = runs.iter().map(|r| r.games).sum();
        Manifest {
            ludus_version: env!("CARGO_PKG_VERSION").to_string(),
            experiment: exp.name.clone(),
            source: exp.source.clone(),
            source_sha256: exp.source_sha256.clone(),
            seed: exp.seed,
            games_per_cell: exp.games,
            max_plies: exp.max_plies,
            threads,
            cells: exp.cells.len(),
            cells_done: runs.len(),
            games_total: exp.cells.iter().map(|c| c.cell.games).sum(),
            games_played: played,
            wall_seconds: secs,
            games_per_second: played as f64 / secs.max(1e-9),
            complete: runs.len() == exp.cells.len() && error.is_none(),
            interrupted,
            error,
            cell_runs: runs,
            merged: None,
        }
    }

    /// [`Manifest::of_run`] of the finished cells `results`.
    pub fn of_results(
        exp: &Experiment,
        threads: usize,
        secs: f64,
        results: &[CellResult],
        interrupted: bool,
        error: Option<String>,
    ) -> Manifest {
        let runs = results
            .iter()
            .map(|r| CellRunRecord::of(&r.plan, r.tally.games, r.timing))
            .collect();
        Manifest::of_run(exp, threads, secs, runs, interrupted, error)
    }
}
