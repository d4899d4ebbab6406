//! manifest.json: how a report was made.

use serde::Serialize;

/// What `ludus run` records beside the CSVs.
#[derive(Clone, Debug, Serialize)]
pub struct Manifest {
    /// The ludus version that made the report.
    pub ludus_version: &'static str,
    /// The experiment's name.
    pub experiment: String,
    /// The experiment file (or "(default experiment)").
    pub source: String,
    /// SHA-256 of the experiment file's text.
    pub source_sha256: String,
    /// The experiment seed (after --seed).
    pub seed: u64,
    /// Games per cell (after --games).
    pub games_per_cell: u64,
    /// Longest game before it is stopped as a draw.
    pub max_plies: u32,
    /// Worker threads.
    pub threads: usize,
    /// Cells in the experiment.
    pub cells: usize,
    /// Cells whose games all finished and are in the CSVs.
    pub cells_done: usize,
    /// Games played in the finished cells.
    pub games_played: u64,
    /// Seconds from the first game to the last.
    pub wall_seconds: f64,
    /// Games per second over the whole run.
    pub games_per_second: f64,
    /// Whether every cell finished.
    pub complete: bool,
    /// Why the run stopped early, if it did.
    pub error: Option<String>,
}
