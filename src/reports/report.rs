//! Writes a report folder: summary.csv, cells.csv, endings.csv,
//! lengths.csv, places.csv, timings.csv and manifest.json.

use std::path::Path;

use crate::reports::atomic::write_atomic;
use crate::reports::manifest::Manifest;
use crate::reports::timings::CellTiming;
use crate::reports::{cells, endings, lengths, places, summary, timings};
use crate::runner::cell_run::CellPlan;
use crate::runner::tally::Tally;

/// A finished cell: its plan, what its games added up to, what they cost.
#[derive(Clone, Debug)]
pub struct CellResult {
    /// What was played.
    pub plan: CellPlan,
    /// What came of it.
    pub tally: Tally,
    /// What it cost (zero where unknown).
    pub timing: CellTiming,
}

/// A CSV file's bytes: the header, then the rows.
pub fn csv_bytes<H: AsRef<[u8]>>(
    header: &[H],
    rows: impl IntoIterator<Item = Vec<String>>,
) -> std::io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(header)?;
    for r in rows {
        w.write_record(&r)?;
    }
    w.into_inner().map_err(|e| e.into_error())
}

/// Writes every table of the report into `dir` (created if needed), each
/// atomically, so that a reader never sees half a file. `results` are the
/// finished cells in cell order.
pub fn write_report(
    dir: &Path,
    results: &[CellResult],
    manifest: &Manifest,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let per_cell = |rows: fn(&CellPlan, &Tally) -> Vec<Vec<String>>| {
        results.iter().flat_map(move |r| rows(&r.plan, &r.tally))
    };
    write_atomic(
        &dir.join("summary.csv"),
        &csv_bytes(summary::COLUMNS, per_cell(summary::rows))?,
    )?;
    let (header, rows) = cells::table(results);
    write_atomic(&dir.join("cells.csv"), &csv_bytes(&header, rows)?)?;
    write_atomic(
        &dir.join("endings.csv"),
        &csv_bytes(endings::COLUMNS, per_cell(endings::rows))?,
    )?;
    write_atomic(
        &dir.join("lengths.csv"),
        &csv_bytes(lengths::COLUMNS, per_cell(lengths::rows))?,
    )?;
    write_atomic(
        &dir.join("places.csv"),
        &csv_bytes(places::COLUMNS, per_cell(places::rows))?,
    )?;
    write_atomic(
        &dir.join("timings.csv"),
        &csv_bytes(timings::COLUMNS, timings::rows(results))?,
    )?;
    let json = serde_json::to_vec_pretty(manifest).map_err(std::io::Error::other)?;
    write_atomic(&dir.join("manifest.json"), &json)
}
