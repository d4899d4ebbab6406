//! `ludus run --estimate`: the time a run will take, from a pilot of each
//! cell's own games, printed as a table without playing the run.

use std::time::Instant;

use ludus::plan::cell_plan::CellPlan;
use ludus::plan::experiment::Experiment;
use ludus::reports::table::{MAX_TABLE_CELLS, cell_settings, thousands};
use ludus::run::RunError;
use ludus::run::failed_game::{describe, failed_game};
use ludus::runner::estimate::{CellEstimate, PilotSlice, pilot, run_seconds};
use ludus::runner::shard::Shard;

use crate::cli::Failure;
use crate::cli::progress::{duration, human};

/// The widest the table's cell and seats columns grow.
const WHAT_WIDTH: usize = 44;
const SEATS_WIDTH: usize = 34;

/// Pilots every cell of `exp` (the share of `shard`, if any) on `threads`
/// threads and prints what each, and the run, will take. Writes nothing
/// but the table; the run's games and seeds are untouched.
pub fn estimate(
    exp: &Experiment,
    threads: usize,
    shard: Option<Shard>,
    quiet: bool,
) -> Result<(), Failure> {
    let clock = Instant::now();
    let slice = PilotSlice::for_cells(exp.cells.len());
    if !quiet {
        eprintln!(
            "estimating {}: a pilot of each of its {} on {}...",
            crate::cli::shown(&exp.source),
            ludus::core::plural::plural(exp.cells.len(), "cell"),
            ludus::core::plural::plural(threads, "thread")
        );
    }
    let mut cells = Vec::with_capacity(exp.cells.len());
    for (c, plan) in exp.cells.iter().enumerate() {
        let job = plan
            .job()
            .map_err(|error| Failure::from(RunError::Cell { cell: c, error }))?;
        let games = shard.map_or(0..plan.cell.games, |s| s.games(plan.cell.games));
        let planned = games.end - games.start;
        let measured = pilot(&*job, games, threads, slice).map_err(|f| {
            Failure::Bot(format!(
                "cell {c} ({}), {}\n(in the estimate's pilot; nothing was written)",
                describe(plan),
                failed_game(
                    plan,
                    f.game_index,
                    f.game_seed,
                    (f.seat, f.by_evaluator),
                    f.ply,
                    &f.message
                )
            ))
        })?;
        cells.push(CellEstimate {
            planned,
            pilot: measured,
        });
    }
    print!("{}", table(exp, &cells, threads));
    let planned: u64 = cells.iter().map(|c| c.planned).sum();
    let secs = run_seconds(&cells, threads);
    let piloted: u64 = cells.iter().map(|c| c.pilot.games).sum();
    let most = if exp.cells.iter().any(|p| p.precision.is_some()) {
        " at most (cells played to a precision counted at their max)"
    } else {
        ""
    };
    println!(
        "total: {} games, about {} on {threads} thread{}{most} ({} games/s); \
         the pilot played {} games in {}",
        thousands(planned),
        about(secs),
        if threads == 1 { "" } else { "s" },
        human(planned as f64 / secs.max(1e-9)),
        thousands(piloted),
        seconds(clock.elapsed().as_secs_f64()),
    );
    Ok(())
}

/// A cell as the table names it: its label (if its entry has one), game
/// and settings.
fn what(plan: &CellPlan) -> String {
    let mut words = Vec::new();
    if let Some(label) = &plan.label {
        words.push(format!("{label}:"));
    }
    words.push(plan.game.to_string());
    words.extend(
        cell_settings(plan)
            .into_iter()
            .filter(|s| !s.starts_with("seats=")),
    );
    words.join(" ")
}

/// The seats, one policy written once when every seat plays it.
fn seats(plan: &CellPlan) -> String {
    let seats: Vec<String> = plan.cell.seats.iter().map(|s| s.to_string()).collect();
    match seats.split_first() {
        Some((first, rest)) if rest.iter().all(|s| s == first) => first.clone(),
        _ => seats.join(", "),
    }
}

/// `text` cut to `width` characters, its end replaced by `~`.
fn cut(text: &str, width: usize) -> String {
    let text = crate::cli::shown(text);
    if text.chars().count() <= width {
        return text;
    }
    let mut out: String = text.chars().take(width - 1).collect();
    out.push('~');
    out
}

/// One line per cell (the first [`MAX_TABLE_CELLS`]), columns aligned.
fn table(exp: &Experiment, cells: &[CellEstimate], threads: usize) -> String {
    let mut rows = vec![[
        "cell".to_string(),
        "what".to_string(),
        "seats".to_string(),
        "games".to_string(),
        "pilot".to_string(),
        "games/s".to_string(),
        "expected".to_string(),
    ]];
    for (plan, cell) in exp.cells.iter().zip(cells).take(MAX_TABLE_CELLS) {
        let at_most = if plan.precision.is_some() { "<=" } else { "" };
        rows.push([
            plan.cell.index.to_string(),
            cut(&what(plan), WHAT_WIDTH),
            cut(&seats(plan), SEATS_WIDTH),
            format!("{at_most}{}", thousands(cell.planned)),
            thousands(cell.pilot.games),
            cell.rate(threads).map_or("?".into(), human),
            match cell.seconds(threads) {
                Some(s) if s < 0.5 => "<1s".to_string(),
                s => duration(s),
            },
        ]);
    }
    let widths: Vec<usize> = (0..7)
        .map(|i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    for row in &rows {
        let mut line = String::new();
        for (i, field) in row.iter().enumerate() {
            let pad = widths[i] - field.chars().count();
            // Text columns to the left, numbers to the right.
            if i == 1 || i == 2 {
                line.push_str(field);
                line.push_str(&" ".repeat(pad));
            } else {
                line.push_str(&" ".repeat(pad));
                line.push_str(field);
            }
            line.push_str("  ");
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    if exp.cells.len() > MAX_TABLE_CELLS {
        out.push_str(&format!(
            "... and {} more cells\n",
            thousands((exp.cells.len() - MAX_TABLE_CELLS) as u64)
        ));
    }
    out
}

/// Seconds as the pilot's time is given: `0.4 s`, `31 s`, `2m05s`.
fn seconds(secs: f64) -> String {
    if secs < 10.0 {
        format!("{secs:.1} s")
    } else {
        duration(Some(secs))
    }
}

/// Seconds as a person says them of a run ahead: `under a second`,
/// `40 s`, `2.5 min`, `12 min`, `3.5 h`, `2.1 days`.
pub fn about(secs: f64) -> String {
    match secs {
        s if !s.is_finite() => "?".to_string(),
        s if s < 1.0 => "under a second".to_string(),
        s if s < 100.0 => format!("{} s", s.round()),
        s if s < 600.0 => format!("{:.1} min", s / 60.0),
        s if s < 90.0 * 60.0 => format!("{} min", (s / 60.0).round()),
        s if s < 48.0 * 3600.0 => format!("{:.1} h", s / 3600.0),
        s => format!("{:.1} days", s / 86400.0),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_ahead_read_as_a_person_says_them() {
        assert_eq!(about(0.4), "under a second");
        assert_eq!(about(40.2), "40 s");
        assert_eq!(about(150.0), "2.5 min");
        assert_eq!(about(12.2 * 60.0), "12 min");
        assert_eq!(about(3.5 * 3600.0), "3.5 h");
        assert_eq!(about(3.0 * 86400.0), "3.0 days");
        assert_eq!(cut("abcdef", 4), "abc~");
    }
}
