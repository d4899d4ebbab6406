//! Writes a report folder: summary.csv, cells.csv, endings.csv,
//! lengths.csv, places.csv, timings.csv and manifest.json.

use std::collections::HashMap;
use std::path::Path;

use crate::plan::cell_plan::CellPlan;
use crate::reports::cell_result::{CellRef, CellResult};
use crate::reports::cells::CellColumns;
use crate::reports::manifest::Manifest;
use crate::reports::{cells, endings, lengths, metrics, places, summary, timings};
use crate::runner::precision::Stopped;
use crate::store::atomic::write_atomic_with;

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
/// (a run of 100,000 cells keeps 100,000 of these). `row_ends` holds
/// where each row ends in the tables that end with the option and
/// parameter columns, which are known only when the report is written.
struct Rendered {
    bytes: Box<[u8]>,
    ends: [u32; PARTS],
    row_ends: Box<[u32]>,
}

/// How many per-cell CSVs there are.
const PARTS: usize = PER_CELL.len();

impl Rendered {
    fn of(c: &CellRef) -> std::io::Result<Rendered> {
        let mut bytes = Vec::new();
        let mut ends = [0; PARTS];
        let mut row_ends = Vec::new();
        let offset = |bytes: &Vec<u8>| {
            u32::try_from(bytes.len())
                .map_err(|_| std::io::Error::other("a cell's rows in the report pass 4 GiB"))
        };
        for (end, table) in ends.iter_mut().zip(PER_CELL) {
            let rows = (table.rows)(c);
            if table.options {
                for r in rows {
                    bytes.extend_from_slice(&rows_bytes([r])?);
                    row_ends.push(offset(&bytes)?);
                }
            } else {
                bytes.extend_from_slice(&rows_bytes(rows)?);
            }
            *end = offset(&bytes)?;
        }
        Ok(Rendered {
            bytes: bytes.into_boxed_slice(),
            ends,
            row_ends: row_ends.into_boxed_slice(),
        })
    }

    /// The rows of the `k`-th per-cell CSV.
    fn part(&self, k: usize) -> &[u8] {
        let (start, end) = self.bounds(k);
        &self.bytes[start..end]
    }

    /// Where the `k`-th per-cell CSV's rows start and end.
    fn bounds(&self, k: usize) -> (usize, usize) {
        let start = if k == 0 { 0 } else { self.ends[k - 1] as usize };
        (start, self.ends[k] as usize)
    }

    /// The rows of the `k`-th per-cell CSV, each with `suffix` (the option
    /// columns' fields, a comma first) before its line's end.
    fn part_with(&self, k: usize, suffix: &[u8], out: &mut Vec<u8>) {
        let (mut start, end) = self.bounds(k);
        for &row_end in self.row_ends.iter() {
            let row_end = row_end as usize;
            if row_end <= start || row_end > end {
                continue;
            }
            // Every row the csv writer ends with its terminator, `\n`.
            out.extend_from_slice(&self.bytes[start..row_end - 1]);
            out.extend_from_slice(suffix);
            out.push(b'\n');
            start = row_end;
        }
    }
}

/// A per-cell CSV: its file, its columns, and a finished cell's rows;
/// `options` when the option and parameter columns of cells.csv follow
/// its own.
struct Table {
    file: &'static str,
    columns: &'static [&'static str],
    rows: fn(&CellRef) -> Vec<Vec<String>>,
    options: bool,
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
            options: false,
        }
    }

    /// This table with the option and parameter columns after its own, so
    /// that it reads in pandas or R without a join with cells.csv.
    const fn with_options(self) -> Table {
        Table {
            options: true,
            ..self
        }
    }
}

/// The per-cell CSVs, in the order of a [`Rendered`]'s parts: a new one
/// is its module and a line here.
const PER_CELL: &[Table] = &[
    Table::new("summary.csv", summary::COLUMNS, |c| {
        summary::rows(c.plan, c.tally)
    })
    .with_options(),
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
    })
    .with_options(),
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
    /// The columns the cells decide that the cached rows were rendered for.
    columns: CellColumns,
    cell_rows: HashMap<usize, Box<[u8]>>,
    /// Each rendered cell's games played and why that many, for its row of
    /// cells.csv (which holds no tally).
    played: HashMap<usize, (u64, Stopped)>,
    /// Each cell's fields of the option and parameter columns, a comma first.
    option_fields: HashMap<usize, Box<[u8]>>,
    renders: u64,
}

impl ReportWriter {
    /// A writer with nothing rendered yet.
    pub fn new() -> ReportWriter {
        ReportWriter::default()
    }

    /// How many cells' rows were rendered so far (each cell once, unless
    /// the columns the cells decide changed).
    pub fn renders(&self) -> u64 {
        self.renders
    }

    /// Renders a finished cell's rows, unless they are rendered already:
    /// [`ReportWriter::write_rendered`] then needs only its plan.
    pub fn render(&mut self, c: &CellRef) -> std::io::Result<()> {
        if let std::collections::hash_map::Entry::Vacant(e) = self.rendered.entry(c.plan.cell.index)
        {
            e.insert(Rendered::of(c)?);
            self.played
                .insert(c.plan.cell.index, (c.tally.games, c.plan.stopped(c.tally)));
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
        let columns = CellColumns::of(plans.iter().copied());
        if columns != self.columns {
            self.columns = columns;
            self.cell_rows.clear();
            self.option_fields.clear();
        }
        for p in plans {
            if !self.cell_rows.contains_key(&p.cell.index) {
                let played = self.played[&p.cell.index];
                let row = rows_bytes([cells::row(p, played, &self.columns)])?;
                self.cell_rows.insert(p.cell.index, row.into_boxed_slice());
                let fields = option_fields(p, &self.columns)?;
                self.option_fields.insert(p.cell.index, fields);
            }
        }
        let names = |cols: &[&str]| cols.iter().map(|c| c.to_string()).collect::<Vec<_>>();
        for (k, table) in PER_CELL.iter().enumerate() {
            let path = dir.join(table.file);
            if table.options {
                let mut header = names(table.columns);
                header.extend(self.columns.last_names());
                let rows = plans.iter().map(|p| {
                    let mut out = Vec::new();
                    let fields = &self.option_fields[&p.cell.index];
                    self.rendered[&p.cell.index].part_with(k, fields, &mut out);
                    out
                });
                write_csv(&path, &header, rows)?;
            } else {
                let rows = plans.iter().map(|p| self.rendered[&p.cell.index].part(k));
                write_csv(&path, &names(table.columns), rows)?;
            }
        }
        let rows = plans.iter().map(|p| &*self.cell_rows[&p.cell.index]);
        write_csv(&dir.join("cells.csv"), &cells::header(&self.columns), rows)?;
        // Streamed: the manifest lists every finished cell.
        write_atomic_with(&dir.join("manifest.json"), |w| {
            serde_json::to_writer_pretty(w, &manifest.bounded()).map_err(std::io::Error::other)
        })
    }
}

/// Cell `p`'s fields of the option and parameter columns of `columns`,
/// each after a comma, as they end its rows in summary.csv and
/// metrics.csv (nothing when there are no such columns).
fn option_fields(p: &CellPlan, columns: &CellColumns) -> std::io::Result<Box<[u8]>> {
    if columns.options.is_empty() && columns.params.is_empty() {
        return Ok(Box::default());
    }
    // A first field, cut off after, so that the fields quote as they do
    // inside a row (a lone empty field would be written `""`).
    let row: Vec<String> = std::iter::once("x".to_string())
        .chain(columns.last_values(p))
        .collect();
    let bytes = rows_bytes([row])?;
    Ok(bytes[1..bytes.len() - 1].into())
}

/// Writes a CSV file atomically: the header, then rows rendered already,
/// streamed (summary.csv of 100,000 cells is some 70 MB).
fn write_csv<R: AsRef<[u8]>>(
    path: &Path,
    header: &[String],
    rows: impl Iterator<Item = R>,
) -> std::io::Result<()> {
    write_atomic_with(path, |w| {
        w.write_all(&csv_bytes(header, std::iter::empty())?)?;
        for r in rows {
            w.write_all(r.as_ref())?;
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
