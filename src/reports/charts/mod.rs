//! Charts and index.html: what a reader sees of a report without a CSV
//! reader. Per `[[cells]]` entry of the experiment (one sweep), three SVG
//! charts drawn with plotters, and one page that shows them beside the
//! report's tables.

pub mod answers_table;
pub mod categories;
pub mod designer_table;
pub mod endings;
pub mod entry_group;
pub mod figures;
pub mod frame;
pub mod html;
pub mod index_page;
pub mod lengths;
pub mod metrics_chart;
pub mod payoffs;
pub mod reading_tables;
pub mod scatter;
pub mod skill_chart;
pub mod standings;
pub mod tournament_page;
pub mod win_rates;

use std::path::Path;

use crate::plan::experiment::Experiment;
use crate::reports::cell_result::CellResult;
use crate::store::atomic::write_derived;
use entry_group::EntryGroup;

/// The kinds of chart, one file of each per entry with a finished cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChartKind {
    /// Win rate per seat and cell, with its 95% Wilson interval.
    WinRates,
    /// Game length distribution per cell.
    Lengths,
    /// Endings per cell, stacked to 100%.
    Endings,
    /// The game-quality metrics that are rates, per cell, with intervals.
    Metrics,
    /// Mean payoff per seat and cell, with its 95% interval: games with
    /// money only.
    Payoffs,
    /// The first mover's score against the levels' calibrated Elo: skill
    /// sweeps the run rated only.
    Skill,
}

impl ChartKind {
    /// Every kind, in the order the page shows them.
    pub const ALL: [ChartKind; 6] = [
        ChartKind::WinRates,
        ChartKind::Payoffs,
        ChartKind::Skill,
        ChartKind::Metrics,
        ChartKind::Lengths,
        ChartKind::Endings,
    ];

    /// The start of the kind's file names.
    pub fn stem(self) -> &'static str {
        match self {
            ChartKind::WinRates => "win-rates",
            ChartKind::Lengths => "lengths",
            ChartKind::Endings => "endings",
            ChartKind::Metrics => "metrics",
            ChartKind::Payoffs => "payoffs",
            ChartKind::Skill => "skill",
        }
    }

    /// The file of entry `entry`'s chart: `win-rates-3.svg`.
    pub fn file_name(self, entry: usize) -> String {
        format!("{}-{entry}.svg", self.stem())
    }

    /// What the chart shows, for its alt text.
    pub fn description(self) -> &'static str {
        match self {
            ChartKind::WinRates => "Win rate per seat and cell with 95% Wilson intervals",
            ChartKind::Lengths => "Distribution of game lengths per cell",
            ChartKind::Payoffs => "Mean payoff per seat and cell with 95% intervals",
            ChartKind::Skill => {
                "The first mover's score against the players' calibrated skill in Elo, \
                 with 95% intervals"
            }
            ChartKind::Endings => "Share of games by ending per cell, stacked to 100%",
            ChartKind::Metrics => {
                "Balance, first mover's score, completion, drawishness, timeouts and \
                 decision moves per cell with 95% intervals"
            }
        }
    }

    /// The SVG of a group with at least one finished cell.
    pub fn svg(self, group: &EntryGroup) -> std::io::Result<String> {
        match self {
            ChartKind::WinRates => win_rates::svg(group),
            ChartKind::Lengths => lengths::svg(group),
            ChartKind::Endings => endings::svg(group),
            ChartKind::Metrics => metrics_chart::svg(group),
            ChartKind::Payoffs => payoffs::svg(group),
            ChartKind::Skill => skill_chart::svg(group),
        }
    }

    /// Whether the group gets this chart: a payoff chart only where some
    /// game paid or cost something.
    pub fn applies(self, group: &EntryGroup) -> bool {
        match self {
            ChartKind::Payoffs => payoffs::has_money(group),
            ChartKind::Skill => skill_chart::has_ratings(group),
            _ => true,
        }
    }

    /// The kind whose file this is, if `name` is a chart file name.
    fn of_file(name: &str) -> Option<ChartKind> {
        let stem = name.strip_suffix(".svg")?;
        let (kind, entry) = stem.rsplit_once('-')?;
        if entry.is_empty() || !entry.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        ChartKind::ALL.into_iter().find(|k| k.stem() == kind)
    }
}

/// The most entries charted: a sweep is one entry, so only an experiment
/// of hundreds of separate `[[cells]]` tables has more, and a page of
/// thousands of charts would be read by nobody (the page's tables and the
/// CSVs still hold every entry).
pub const MAX_CHARTED_ENTRIES: usize = 200;

/// The most cells of one entry its charts and its section's tables show:
/// the entry's first finished cells. A chart gives each cell a slot or a
/// line, so a sweep of 30,000 cells charted whole made SVGs of a hundred
/// megabytes that no one could read; the charts and the page say how many
/// they leave out, and the CSVs hold every cell.
pub const MAX_SHOWN_CELLS: usize = 50;

/// The most cells whose rows the page's tables hold, over every entry:
/// past it, sections say where the rows are instead of showing them.
pub const MAX_PAGE_CELLS: usize = 1000;

/// The most entries the page lists and gives a section; the rest are named
/// in one note (cells.csv lists every cell with its entry).
pub const MAX_PAGE_ENTRIES: usize = 500;

/// The finished cells of a report, as the charts and the page read them:
/// which cells finished, and each shown cell's result, made only when it is
/// shown, so that a report of 100,000 cells never holds every result at once.
pub trait FinishedCells {
    /// The finished cells' indices, in cell order.
    fn indices(&self) -> Vec<usize>;

    /// The games played in the finished cells.
    fn games_played(&self) -> u64;

    /// The result of finished cell `cell`.
    fn result(&self, cell: usize) -> CellResult;
}

/// Finished cells held as results already, in cell order.
pub struct Results<'a>(pub &'a [CellResult]);

impl FinishedCells for Results<'_> {
    fn indices(&self) -> Vec<usize> {
        self.0.iter().map(|r| r.plan.cell.index).collect()
    }

    fn games_played(&self) -> u64 {
        self.0.iter().map(|r| r.tally.games).sum()
    }

    fn result(&self, cell: usize) -> CellResult {
        let i = self
            .0
            .binary_search_by_key(&cell, |r| r.plan.cell.index)
            .expect("a finished cell has a result");
        self.0[i].clone()
    }
}

/// Writes the charts of the first [`MAX_CHARTED_ENTRIES`] entries with a
/// finished cell (each showing at most [`MAX_SHOWN_CELLS`] cells) and
/// index.html into `dir` (which exists), each file atomically, and removes
/// the charts an earlier run left there for entries that have none now, so
/// that the folder holds what the page shows. `results` are the finished
/// cells in cell order, possibly none.
pub fn write_charts(dir: &Path, exp: &Experiment, results: &[CellResult]) -> std::io::Result<()> {
    write_charts_of(dir, exp, &Results(results))
}

/// As [`write_charts`], for finished cells whose results are made on
/// demand: one entry's shown cells at a time.
pub fn write_charts_of(
    dir: &Path,
    exp: &Experiment,
    cells: &dyn FinishedCells,
) -> std::io::Result<()> {
    let finished = cells.indices();
    let mut groups = entry_group::groups(exp, &finished);
    let mut written = Vec::new();
    let mut page = index_page::Page::new(exp, finished.len(), cells.games_played());
    let mut charted = 0;
    let mut rows_left = MAX_PAGE_CELLS;
    for (i, g) in groups.iter_mut().enumerate() {
        let with_charts = !g.finished_cells.is_empty() && charted < MAX_CHARTED_ENTRIES;
        let with_section = i < MAX_PAGE_ENTRIES;
        if !with_charts && !with_section {
            continue;
        }
        let shown = g.finished_cells.len().min(MAX_SHOWN_CELLS);
        let rows = if with_section {
            shown.min(rows_left)
        } else {
            0
        };
        let load = if with_charts { shown } else { rows };
        g.finished = g.finished_cells[..load]
            .iter()
            .map(|&c| cells.result(c))
            .collect();
        if with_charts {
            charted += 1;
            for kind in ChartKind::ALL.into_iter().filter(|k| k.applies(g)) {
                let name = kind.file_name(g.entry);
                write_derived(&dir.join(&name), kind.svg(g)?.as_bytes())?;
                written.push(name);
            }
        }
        if with_section {
            page.section(g, with_charts, rows);
            rows_left -= rows;
        }
        g.finished = Vec::new();
    }
    write_derived(&dir.join("index.html"), page.finish(&groups).as_bytes())?;
    for file in std::fs::read_dir(dir)? {
        let name = file?.file_name();
        let Some(name) = name.to_str() else { continue };
        if ChartKind::of_file(name).is_some() && !written.iter().any(|w| w == name) {
            match std::fs::remove_file(dir.join(name)) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::runner::tally::{Ending, Tally};
    use crate::store::cell_timing::CellTiming;

    /// An experiment of 120 cells whose every cell had games of every
    /// length up to 100,000 and ended in 35 ways, with money: the largest
    /// charts.
    fn crowded() -> (Experiment, Vec<CellResult>) {
        let exp = Experiment::parse(
            "name = \"crowded\"\nseed = 1\ngames = 10\nexact = false\n[[cells]]\ngame = \"mayor\"\n\
             sweep = { players = [2, 3, 4, 5, 6], dice = [1, 2, 3, 4, 5, 6], rounds = [1, 10, 100, 1000] }\n",
            "crowded.toml",
        )
        .unwrap();
        let reasons = ["a", "b", "c", "d", "e"];
        let results = exp
            .cells
            .iter()
            .map(|plan| {
                let players = plan.cell.seats.len();
                let mut tally = Tally::new(players);
                tally.lengths = (0..100_000u64).map(|n| n % 3).collect();
                tally.games = tally.lengths.iter().sum();
                let mut left = tally.games;
                for (k, reason) in reasons.iter().enumerate() {
                    for w in (0..players).map(Some).chain([None]) {
                        let count = (left / 8).max(1).min(left);
                        left -= count;
                        tally.endings.push(Ending {
                            reason,
                            winner: w,
                            count,
                        });
                        if let Some(w) = w {
                            tally.wins[w] += count;
                        }
                    }
                    if k == reasons.len() - 1 {
                        tally.endings.last_mut().unwrap().count += left;
                    }
                }
                // Money in every seat, so that the payoff chart is drawn too.
                for s in 0..players {
                    tally.payoff_sum[s] = s as i64 - 1;
                    tally.payoff_sq[s] = u128::from(tally.games);
                }
                CellResult {
                    plan: plan.clone(),
                    tally,
                    timing: CellTiming::default(),
                }
            })
            .collect();
        (exp, results)
    }

    #[test]
    fn charts_of_a_crowded_entry_stay_well_under_a_megabyte() {
        let (exp, results) = crowded();
        assert_eq!(results.len(), 120);
        let dir = tempfile::tempdir().unwrap();
        write_charts(dir.path(), &exp, &results).unwrap();
        // No cell of it is a rated level of skill: no skill chart.
        assert!(!dir.path().join(ChartKind::Skill.file_name(0)).exists());
        for kind in ChartKind::ALL
            .into_iter()
            .filter(|k| *k != ChartKind::Skill)
        {
            let svg = std::fs::read_to_string(dir.path().join(kind.file_name(0))).unwrap();
            assert!(svg.starts_with("<svg"), "{kind:?}");
            assert!(svg.len() < 700_000, "{kind:?}: {} bytes", svg.len());
        }
    }

    #[test]
    fn charts_of_entries_without_finished_cells_are_removed() {
        let (exp, results) = crowded();
        let dir = tempfile::tempdir().unwrap();
        let stale = dir.path().join("endings-5.svg");
        std::fs::write(&stale, "<svg/>").unwrap();
        let mine = dir.path().join("notes.svg");
        std::fs::write(&mine, "<svg/>").unwrap();
        write_charts(dir.path(), &exp, &results[..0]).unwrap();
        assert!(!stale.exists());
        assert!(mine.exists(), "a file that is no chart of ours stays");
        assert!(!dir.path().join("win-rates-0.svg").exists());
        let page = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
        assert!(page.contains("No cell finished"));
        assert!(page.contains("0 of 120"));
    }

    #[test]
    fn chart_files_are_recognised_by_kind_and_entry_number() {
        assert_eq!(
            ChartKind::of_file("win-rates-3.svg"),
            Some(ChartKind::WinRates)
        );
        assert_eq!(
            ChartKind::of_file("lengths-12.svg"),
            Some(ChartKind::Lengths)
        );
        assert_eq!(
            ChartKind::of_file("endings-0.svg"),
            Some(ChartKind::Endings)
        );
        assert_eq!(ChartKind::of_file("endings-.svg"), None);
        assert_eq!(ChartKind::of_file("endings-x.svg"), None);
        assert_eq!(ChartKind::of_file("my-endings-3.svg"), None);
        assert_eq!(ChartKind::of_file("lengths-3.svg.bak"), None);
        for k in ChartKind::ALL {
            assert_eq!(ChartKind::of_file(&k.file_name(7)), Some(k));
        }
    }
}
