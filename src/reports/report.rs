//! Writes a report folder: summary.csv, cells.csv, endings.csv,
//! lengths.csv, places.csv, timings.csv and manifest.json.

use std::collections::HashMap;
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

/// A finished cell as the report writer reads it: borrowed, so that a
/// checkpoint copies nothing.
#[derive(Clone, Copy, Debug)]
pub struct CellRef<'a> {
    /// What was played.
    pub plan: &'a CellPlan,
    /// What came of it.
    pub tally: &'a Tally,
    /// What it cost.
    pub timing: CellTiming,
}

impl CellResult {
    /// The cell as the report writer reads it.
    pub fn as_ref(&self) -> CellRef<'_> {
        CellRef {
            plan: &self.plan,
            tally: &self.tally,
            timing: self.timing,
        }
    }
}

/// The CSV bytes of `rows`, without a header.
fn rows_bytes(rows: impl IntoIterator<Item = Vec<String>>) -> std::io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    for r in rows {
        w.write_record(&r)?;
    }
    w.into_inner().map_err(|e| e.into_error())
}

/// One finished cell's rows in each per-cell CSV, rendered once.
struct Rendered {
    summary: Vec<u8>,
    endings: Vec<u8>,
    lengths: Vec<u8>,
    places: Vec<u8>,
    timings: Vec<u8>,
}

impl Rendered {
    fn of(c: &CellRef) -> std::io::Result<Rendered> {
        Ok(Rendered {
            summary: rows_bytes(summary::rows(c.plan, c.tally))?,
            endings: rows_bytes(endings::rows(c.plan, c.tally))?,
            lengths: rows_bytes(lengths::rows(c.plan, c.tally))?,
            places: rows_bytes(places::rows(c.plan, c.tally))?,
            timings: rows_bytes([timings::row(c.plan, c.tally, c.timing)])?,
        })
    }
}

/// A per-cell CSV: its file, its columns, its part of a cell's rows.
type PerCell = (
    &'static str,
    &'static [&'static str],
    fn(&Rendered) -> &[u8],
);

/// Writes a report again and again as cells finish, rendering each cell's
/// rows once: a checkpoint costs the rows of the cells finished since the
/// last one, and copying bytes for the others.
#[derive(Default)]
pub struct ReportWriter {
    rendered: HashMap<usize, Rendered>,
    /// The option columns of cells.csv the cached rows were rendered for.
    columns: Vec<&'static str>,
    cell_rows: HashMap<usize, Vec<u8>>,
    renders: u64,
}

impl ReportWriter {
    /// A writer with nothing rendered yet.
    pub fn new() -> ReportWriter {
        ReportWriter::default()
    }

    /// How many cells' rows were rendered so far (each cell once, unless
    /// the option columns of cells.csv changed).
    pub fn renders(&self) -> u64 {
        self.renders
    }

    /// Writes every table of the report into `dir` (created if needed),
    /// each atomically, so that a reader never sees half a file. `cells`
    /// are the finished cells in cell order.
    pub fn write(
        &mut self,
        dir: &Path,
        cells: &[CellRef],
        manifest: &Manifest,
    ) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        for c in cells {
            if let std::collections::hash_map::Entry::Vacant(e) = self.rendered.entry(c.plan.index)
            {
                e.insert(Rendered::of(c)?);
                self.renders += 1;
            }
        }
        let columns = cells::option_columns_of(cells.iter().map(|c| c.plan));
        if columns != self.columns {
            self.columns = columns;
            self.cell_rows.clear();
        }
        for c in cells {
            if !self.cell_rows.contains_key(&c.plan.index) {
                let row = rows_bytes([cells::row(c.plan, &self.columns)])?;
                self.cell_rows.insert(c.plan.index, row);
            }
        }
        let file = |header: &[String], part: &dyn Fn(&ReportWriter, usize) -> &[u8]| {
            let mut bytes = csv_bytes(header, std::iter::empty())?;
            for c in cells {
                bytes.extend_from_slice(part(self, c.plan.index));
            }
            std::io::Result::Ok(bytes)
        };
        let names = |cols: &[&str]| cols.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        let per_cell: [PerCell; 5] = [
            ("summary.csv", summary::COLUMNS, |r| &r.summary),
            ("endings.csv", endings::COLUMNS, |r| &r.endings),
            ("lengths.csv", lengths::COLUMNS, |r| &r.lengths),
            ("places.csv", places::COLUMNS, |r| &r.places),
            ("timings.csv", timings::COLUMNS, |r| &r.timings),
        ];
        for (name, cols, part) in per_cell {
            let bytes = file(&names(cols), &|w, i| part(&w.rendered[&i]))?;
            write_atomic(&dir.join(name), &bytes)?;
        }
        let bytes = file(&cells::header(&self.columns), &|w, i| &w.cell_rows[&i])?;
        write_atomic(&dir.join("cells.csv"), &bytes)?;
        let json = serde_json::to_vec_pretty(&manifest.bounded()).map_err(std::io::Error::other)?;
        write_atomic(&dir.join("manifest.json"), &json)
    }
}

/// Writes every table of the report into `dir` (created if needed), each
/// atomically, so that a reader never sees half a file. `results` are the
/// finished cells in cell order.
pub fn write_report(
    dir: &Path,
    results: &[CellResult],
    manifest: &Manifest,
) -> std::io::Result<()> {
    let cells: Vec<CellRef> = results.iter().map(CellResult::as_ref).collect();
    ReportWriter::new().write(dir, &cells, manifest)
}
