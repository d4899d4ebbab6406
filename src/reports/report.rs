//! Writes a report folder: summary.csv, endings.csv, lengths.csv and manifest.json.

use std::path::Path;

use crate::reports::atomic::write_atomic;
use crate::reports::manifest::Manifest;
use crate::reports::summary;
use crate::runner::cell_run::CellPlan;
use crate::runner::tally::Tally;

/// A finished cell: its plan and what its games added up to.
#[derive(Clone, Debug)]
pub struct CellResult {
    /// What was played.
    pub plan: CellPlan,
    /// What came of it.
    pub tally: Tally,
}

fn csv_bytes(
    header: &[&str],
    rows: impl IntoIterator<Item = Vec<String>>,
) -> std::io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    w.write_record(header)?;
    for r in rows {
        w.write_record(&r)?;
    }
    w.into_inner().map_err(|e| e.into_error())
}

/// Writes every file of the report into `dir` (created if needed), each
/// atomically, so that a reader never sees half a file.
pub fn write_report(
    dir: &Path,
    results: &[CellResult],
    manifest: &Manifest,
) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    let summary_rows = results
        .iter()
        .flat_map(|r| summary::rows(&r.plan, &r.tally));
    write_atomic(
        &dir.join("summary.csv"),
        &csv_bytes(summary::COLUMNS, summary_rows)?,
    )?;

    let endings = results.iter().flat_map(|r| {
        let mut reasons = r.tally.reasons.clone();
        reasons.sort_by(|a, b| a.0.cmp(b.0));
        reasons.into_iter().map(move |(reason, count)| {
            vec![
                r.plan.index.to_string(),
                r.plan.game.to_string(),
                reason.to_string(),
                count.to_string(),
                format!("{:.6}", count as f64 / r.tally.games.max(1) as f64),
            ]
        })
    });
    write_atomic(
        &dir.join("endings.csv"),
        &csv_bytes(&["cell", "game", "reason", "count", "share"], endings)?,
    )?;

    let lengths = results.iter().flat_map(|r| {
        r.tally
            .lengths
            .iter()
            .enumerate()
            .filter(|(_, c)| **c > 0)
            .map(move |(len, count)| {
                vec![
                    r.plan.index.to_string(),
                    r.plan.game.to_string(),
                    len.to_string(),
                    count.to_string(),
                ]
            })
    });
    write_atomic(
        &dir.join("lengths.csv"),
        &csv_bytes(&["cell", "game", "length", "count"], lengths)?,
    )?;

    let json = serde_json::to_vec_pretty(manifest).map_err(std::io::Error::other)?;
    write_atomic(&dir.join("manifest.json"), &json)
}
