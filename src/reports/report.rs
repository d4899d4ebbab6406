//! Writes a report folder: summary.csv, cells.csv, endings.csv,
//! lengths.csv, places.csv, timings.csv and manifest.json.

use std::collections::HashMap;
use std::path::Path;

use crate::plan::cell_plan::CellPlan;
use crate::reports::atomic::write_atomic_with;
use crate::reports::cell_result::{CellRef, CellResult};
use crate::reports::manifest::Manifest;
use crate::reports::{cells, endings, lengths, metrics, places, summary, timings};

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

/// The CSV bytes of `rows`, without a header.
fn rows_bytes(rows: impl IntoIterator<Item = Vec<String>>) -> std::io::Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    for r in rows {
        w.write_record(&r)?;
    }
    w.into_inner().map_err(|e| e.into_error())
}

/// One finished cell's rows in each per-cell CSV, rendered once: the rows
/// of summary.csv, endings.csv, lengths.csv, places.csv and timings.csv
/// one after another in one allocation, each ending where `ends` says
/// (a run of 100,000 cells keeps 100,000 of these).
struct Rendered {
    bytes: Box<[u8]>,
    ends: [u32; PARTS],
}

/// How many per-cell CSVs there are.
const PARTS: usize = PER_CELL.len();

impl Rendered {
    fn of(c: &CellRef) -> std::io::Result<Rendered> {
        let mut parts = Vec::with_capacity(PARTS);
        for table in PER_CELL {
            parts.push(rows_bytes((table.rows)(c))?);
        }
        let mut bytes = Vec::with_capacity(parts.iter().map(Vec::len).sum());
        let mut ends = [0; PARTS];
        for (end, part) in ends.iter_mut().zip(&parts) {
            bytes.extend_from_slice(part);
            *end = u32::try_from(bytes.len())
                .map_err(|_| std::io::Error::other("a cell's rows in the report pass 4 GiB"))?;
        }
        Ok(Rendered {
            bytes: bytes.into_boxed_slice(),
            ends,
        })
    }

    /// The rows of the `k`-th per-cell CSV.
    fn part(&self, k: usize) -> &[u8] {
        let start = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        &self.bytes[start..self.ends[k] as usize]
    }
}

/// A per-cell CSV: its file, its columns, and a finished cell's rows.
struct Table {
    file: &'static str,
    columns: &'static [&'static str],
    rows: fn(&CellRef) -> Vec<Vec<String>>,
}

impl Table {
    const fn new(
        file: &'static str,
        columns: &'static [&'static str],
        rows: fn(&CellRef) -> Vec<Vec<String>>,
    ) -> Table {
        Table {
            file,
            columns,
            rows,
        }
    }
}

/// The per-cell CSVs, in the order of a [`Rendered`]'s parts: a new one
/// is its module and a line here.
const PER_CELL: &[Table] = &[
    Table::new("summary.csv", summary::COLUMNS, |c| {
        summary::rows(c.plan, c.tally)
    }),
    Table::new("endings.csv", endings::COLUMNS, |c| {
        endings::rows(c.plan, c.tally)
    }),
    Table::new("lengths.csv", lengths::COLUMNS, |c| {
        lengths::rows(c.plan, c.tally)
    }),
    Table::new("places.csv", places::COLUMNS, |c| {
        places::rows(c.plan, c.tally)
    }),
    Table::new("metrics.csv", metrics::COLUMNS, |c| {
        vec![metrics::row(c.plan, c.tally)]
    }),
    Table::new("timings.csv", timings::COLUMNS, |c| {
        vec![timings::row(c.plan, c.tally, c.timing)]
    }),
];

/// Writes a report again and again as cells finish, rendering each cell's
/// rows once: a checkpoint costs the rows of the cells finished since the
/// last one, and copying bytes for the others. What it keeps of a cell is
/// its rows, not its tally.
#[derive(Default)]
pub struct ReportWriter {
    rendered: HashMap<usize, Rendered>,
    /// The option columns of cells.csv the cached rows were rendered for.
    columns: Vec<&'static str>,
    cell_rows: HashMap<usize, Box<[u8]>>,
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

    /// Renders a finished cell's rows, unless they are rendered already:
    /// [`ReportWriter::write_rendered`] then needs only its plan.
    pub fn render(&mut self, c: &CellRef) -> std::io::Result<()> {
        if let std::collections::hash_map::Entry::Vacant(e) = self.rendered.entry(c.plan.cell.index)
        {
            e.insert(Rendered::of(c)?);
            self.renders += 1;
        }
        Ok(())
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
        for c in cells {
            self.render(c)?;
        }
        let plans: Vec<&CellPlan> = cells.iter().map(|c| c.plan).collect();
        self.write_rendered(dir, &plans, manifest)
    }

    /// As [`ReportWriter::write`], for finished cells whose rows were
    /// rendered already ([`ReportWriter::render`]): `plans` are their
    /// plans, in cell order.
    pub fn write_rendered(
        &mut self,
        dir: &Path,
        plans: &[&CellPlan],
        manifest: &Manifest,
    ) -> std::io::Result<()> {
        std::fs::create_dir_all(dir)?;
        if let Some(p) = plans
            .iter()
            .find(|p| !self.rendered.contains_key(&p.cell.index))
        {
            return Err(std::io::Error::other(format!(
                "cell {}'s rows were never rendered",
                p.cell.index
            )));
        }
        let columns = cells::option_columns_of(plans.iter().copied());
        if columns != self.columns {
            self.columns = columns;
            self.cell_rows.clear();
        }
        for p in plans {
            if !self.cell_rows.contains_key(&p.cell.index) {
                let row = rows_bytes([cells::row(p, &self.columns)])?;
                self.cell_rows.insert(p.cell.index, row.into_boxed_slice());
            }
        }
        let names = |cols: &[&str]| cols.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        for (k, table) in PER_CELL.iter().enumerate() {
            let rows = plans.iter().map(|p| self.rendered[&p.cell.index].part(k));
            write_csv(&dir.join(table.file), &names(table.columns), rows)?;
        }
        let rows = plans.iter().map(|p| &*self.cell_rows[&p.cell.index]);
        write_csv(&dir.join("cells.csv"), &cells::header(&self.columns), rows)?;
        // Streamed: the manifest lists every finished cell.
        write_atomic_with(&dir.join("manifest.json"), |w| {
            serde_json::to_writer_pretty(w, &manifest.bounded()).map_err(std::io::Error::other)
        })
    }
}

/// Writes a CSV file atomically: the header, then rows rendered already,
/// streamed (summary.csv of 100,000 cells is some 70 MB).
fn write_csv<'a>(
    path: &Path,
    header: &[String],
    rows: impl Iterator<Item = &'a [u8]>,
) -> std::io::Result<()> {
    write_atomic_with(path, |w| {
        w.write_all(&csv_bytes(header, std::iter::empty())?)?;
        for r in rows {
            w.write_all(r)?;
        }
        Ok(())
    })
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
