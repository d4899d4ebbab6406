//! index.html: the report as one page a browser shows without a network
//! (a few lines of script sort the answers table; without them it reads
//! in cell order): a header, the answers table of every cell
//! ([`answers_table`]), then per entry its charts, the designer's table of
//! its metrics and its rows of summary.csv, endings.csv and cells.csv,
//! made by the same functions as the CSVs so that the two never disagree.
//!
//! The page is XHTML-compatible HTML5 (lower-case tags, every element
//! closed, every attribute quoted, only XML's own entities), so that a
//! strict XML parser reads it as well as a browser.

use std::fmt::Write;

use crate::core::plural::plural;
use crate::plan::experiment::Experiment;
use crate::reports::charts::entry_group::EntryGroup;
use crate::reports::charts::html::{self, escape, table};
use crate::reports::charts::{
    ChartKind, MAX_CHARTED_ENTRIES, MAX_PAGE_CELLS, MAX_PAGE_ENTRIES, MAX_SHOWN_CELLS,
};
use crate::reports::charts::{answers_table, designer_table, reading_tables};
use crate::reports::table::{cell_settings, thousands};

/// The most unfinished cells a section lists.
const MAX_WAITING: usize = 20;

/// The header: what `exp` says about the run, with `finished` cells
/// finished and `played` games played in them.
fn header(out: &mut String, exp: &Experiment, finished: usize, played: u64) {
    let planned: u64 = exp.cells.iter().map(|c| c.cell.games).sum();
    let rows = [
        ("experiment", exp.name.clone()),
        ("source", exp.source.clone()),
        ("seed", exp.seed.to_string()),
        (
            "cells finished",
            format!("{} of {}", finished, exp.cells.len()),
        ),
        (
            "games",
            format!("{} played of {}", thousands(played), thousands(planned)),
        ),
    ];
    html::header_table(out, &rows);
    if finished == 0 {
        out.push_str(
            "<p class=\"note\">No cell finished: the run stopped before any cell had played \
             all its games, so there are no charts or rows yet.</p>\n",
        );
    } else if finished < exp.cells.len() {
        let _ = writeln!(
            out,
            "<p class=\"note\">The run stopped early: this page shows the {} of {} cells that \
             finished (manifest.json says why).</p>",
            finished,
            exp.cells.len()
        );
    }
    if exp.cells.len() > MAX_SHOWN_CELLS {
        let _ = writeln!(
            out,
            "<p>A page of every cell of a large experiment would be too long to read: each \
             entry's charts and tables show at most its first {MAX_SHOWN_CELLS} finished cells, \
             the page's tables the rows of at most {MAX_PAGE_CELLS} cells in all, and the page \
             the first {MAX_PAGE_ENTRIES} entries; each section says what it leaves out. The CSVs \
             hold every cell.</p>"
        );
    }
    out.push_str(
        "<p>The same figures as CSV: <a href=\"summary.csv\">summary.csv</a>, \
         <a href=\"endings.csv\">endings.csv</a>, <a href=\"lengths.csv\">lengths.csv</a>, \
         <a href=\"places.csv\">places.csv</a>, <a href=\"cells.csv\">cells.csv</a>, \
         <a href=\"metrics.csv\">metrics.csv</a>, \
         <a href=\"timings.csv\">timings.csv</a>; \
         how the report was made: <a href=\"manifest.json\">manifest.json</a>.</p>\n",
    );
}

/// The contents: one line per entry, linking to its section.
fn contents(out: &mut String, groups: &[EntryGroup]) {
    out.push_str("<h2>Entries</h2>\n<ul>\n");
    for g in groups.iter().take(MAX_PAGE_ENTRIES) {
        let _ = writeln!(
            out,
            "<li><a href=\"#entry-{}\">{}</a> ({} finished of {})</li>",
            g.entry,
            escape(&g.heading()),
            g.finished_cells.len(),
            plural(g.planned.len(), "cell")
        );
    }
    out.push_str("</ul>\n");
    if let Some(first) = groups.get(MAX_PAGE_ENTRIES) {
        let last = groups[groups.len() - 1]
            .planned
            .last()
            .map_or(0, |p| p.cell.index);
        let _ = writeln!(
            out,
            "<p class=\"note\">{} more (cells {} to {last}) are not on this page, which \
             shows the first {MAX_PAGE_ENTRIES}: the CSVs hold them (the <code>entry</code> \
             column of cells.csv says which entry a cell is of).</p>",
            plural(groups.len() - MAX_PAGE_ENTRIES, "entry"),
            first.planned[0].cell.index
        );
    }
}

/// One entry's section: what it sweeps, its charts, and the rows of its
/// first `rows` shown cells (`g.finished`, loaded).
fn section(out: &mut String, g: &EntryGroup, with_charts: bool, rows: usize) {
    let _ = writeln!(
        out,
        "<section id=\"entry-{}\">\n<h2>{}</h2>",
        g.entry,
        escape(&g.heading())
    );
    let first = g.planned[0].cell.index;
    let last = g.planned[g.planned.len() - 1].cell.index;
    let cells_text = if first == last {
        format!("Cell {first}")
    } else {
        format!("Cells {first} to {last}")
    };
    let keys = g.swept_keys();
    let sweep = if keys.is_empty() {
        String::new()
    } else {
        format!(", sweeping {}", keys.join(", "))
    };
    let _ = writeln!(
        out,
        "<p>{cells_text} of game <code>{}</code>{}; {} finished.</p>",
        escape(g.game.name()),
        escape(&sweep),
        plural(g.finished_cells.len(), "cell")
    );
    let unfinished = g.planned.len() - g.finished_cells.len();
    let waiting: Vec<String> = g
        .planned
        .iter()
        .filter(|p| g.finished_cells.binary_search(&p.cell.index).is_err())
        .take(MAX_WAITING)
        .map(|p| {
            let mut words = vec![format!("cell {} ({})", p.cell.index, p.game)];
            words.extend(cell_settings(p));
            words.join(" ")
        })
        .collect();
    if !waiting.is_empty() {
        out.push_str("<p class=\"note\">Not finished:</p>\n<ul>\n");
        for w in &waiting {
            let _ = writeln!(out, "<li>{}</li>", escape(w));
        }
        if unfinished > waiting.len() {
            let _ = writeln!(
                out,
                "<li>and {} more (cells.csv lists them)</li>",
                plural(unfinished - waiting.len(), "cell")
            );
        }
        out.push_str("</ul>\n");
    }
    if g.finished_cells.is_empty() {
        out.push_str("</section>\n");
        return;
    }
    if !with_charts {
        let _ = writeln!(
            out,
            "<p class=\"note\">No charts: only the first {MAX_CHARTED_ENTRIES} entries with a finished cell are charted.</p>"
        );
    }
    for kind in ChartKind::ALL
        .into_iter()
        .filter(|k| with_charts && k.applies(g))
    {
        let file = kind.file_name(g.entry);
        let alt = format!("{}: {}", kind.description(), g.heading());
        let _ = writeln!(
            out,
            "<figure><img src=\"{}\" alt=\"{}\"/></figure>",
            escape(&file),
            escape(&alt)
        );
    }
    let total = g.finished_cells.len();
    let charted = if with_charts { g.finished.len() } else { total };
    if charted < total || rows < total {
        let mut parts = Vec::new();
        if charted < total {
            parts.push(format!("its charts show the first {charted}"));
        }
        if rows == 0 {
            parts.push(format!(
                "its rows are not on this page, which holds the rows of at most \
                 {MAX_PAGE_CELLS} cells"
            ));
        } else if rows < total {
            parts.push(format!("its tables hold the rows of the first {rows}"));
        }
        let _ = writeln!(
            out,
            "<p class=\"note\">{} of this entry finished: {}. summary.csv, endings.csv, \
             lengths.csv, places.csv and cells.csv hold every one.</p>",
            plural(total, "cell"),
            parts.join("; ")
        );
    }
    if rows == 0 {
        out.push_str("</section>\n");
        return;
    }
    let shown = &g.finished[..rows];
    out.push_str("<h3>Which settings make the better game (metrics.csv)</h3>\n");
    out.push_str(
        "<p>Each cell on the metrics a designer judges a rule set by, with 95% intervals: \
         balance (100% is even), the first mover's score (50% is no edge in a game of two), \
         how often games end with a winner, drawn or stopped by a limit, the share of \
         decisions that were real choices. Defined in docs/metrics.md.</p>\n",
    );
    let (head, rows) = designer_table::table(shown);
    table(out, &head, &rows);
    out.push_str(
        "<h3>Win rates, payoffs and lengths (summary.csv)</h3>\n<p>Rates with their 95% \
         intervals (Wilson), each figure rounded to what its interval supports; \
         <a href=\"summary.csv\">summary.csv</a> has them to six decimals.</p>\n",
    );
    let (head, rows) = reading_tables::seats(g, shown);
    table(out, &head, &rows);
    out.push_str("<h3>Endings (endings.csv)</h3>\n");
    let (head, rows) = reading_tables::endings(g, shown);
    table(out, &head, &rows);
    out.push_str(
        "<h3>Cells (cells.csv)</h3>\n<p>What tells the cells apart, and whether each is \
         solved exactly (its exact values beside the estimates, in summary.csv and as diamonds \
         on the charts) or why not; the settings they share are in the heading, and \
         <a href=\"cells.csv\">cells.csv</a> has every one.</p>\n",
    );
    let (head, rows) = reading_tables::cells(g, shown);
    table(out, &head, &rows);
    out.push_str("</section>\n");
}

/// The page of a report, made entry by entry: [`Page::section`] while the
/// entry's shown cells are loaded, then [`Page::finish`].
pub struct Page<'a> {
    exp: &'a Experiment,
    finished: usize,
    played: u64,
    sections: String,
    answers: Vec<Vec<answers_table::Field>>,
    answers_left: usize,
}

impl<'a> Page<'a> {
    /// The page of a report of `exp` whose `finished` finished cells played
    /// `played` games.
    pub fn new(exp: &'a Experiment, finished: usize, played: u64) -> Page<'a> {
        Page {
            exp,
            finished,
            played,
            sections: String::new(),
            answers: Vec::new(),
            answers_left: 0,
        }
    }

    /// Adds the section of entry `g`, whose shown cells are loaded: with
    /// its charts or a note that it has none, and the rows of its first
    /// `rows` shown cells.
    pub fn section(&mut self, g: &EntryGroup, with_charts: bool, rows: usize) {
        section(&mut self.sections, g, with_charts, rows);
        let room = MAX_PAGE_CELLS.saturating_sub(self.answers.len());
        let shown = g.finished.len().min(room);
        self.answers
            .extend(g.finished[..shown].iter().map(|r| answers_table::row(g, r)));
        self.answers_left += g.finished_cells.len() - shown;
    }

    /// The page: `groups` are the experiment's entries (see
    /// [`crate::reports::charts::entry_group::groups`]).
    pub fn finish(self, groups: &[EntryGroup]) -> String {
        let exp = self.exp;
        let mut out = String::new();
        html::open(&mut out, &format!("ludus report: {}", exp.name));
        header(&mut out, exp, self.finished, self.played);
        answers_table::write(&mut out, &self.answers, self.answers_left);
        contents(&mut out, groups);
        out.push_str(&self.sections);
        html::close(&mut out);
        out
    }
}
