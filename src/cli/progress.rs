//! What `ludus run` shows while it plays: a bar on a terminal, a plain line
//! every [`LOG_EVERY`] (or `--progress-every`) in a batch job's log, both
//! from each cell's own measured cost.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use ludus::plan::cell_plan::CellPlan;
use ludus::reports::interval::wilson;
use ludus::reports::table::{cell_settings, thousands};
use ludus::runner::batch::TICK;
use ludus::runner::cell_progress::BatchProgress;

/// How often a run without a terminal prints a progress line, unless told.
pub const LOG_EVERY: Duration = Duration::from_secs(10);

/// `6001058.26` as `6.0M`, `950000` as `950k`, `12.34` as `12.3`.
pub fn human(x: f64) -> String {
    let (v, unit) = match x {
        x if x >= 1e9 => (x / 1e9, "G"),
        x if x >= 1e6 => (x / 1e6, "M"),
        x if x >= 1e4 => (x / 1e3, "k"),
        _ => (x, ""),
    };
    if unit.is_empty() && v < 100.0 {
        format!("{v:.1}")
    } else if v < 10.0 {
        format!("{v:.1}{unit}")
    } else {
        format!("{v:.0}{unit}")
    }
}

/// Seconds as `42s`, `3m05s` or `2h07m`; `?` when unknown.
pub fn duration(secs: Option<f64>) -> String {
    let Some(s) = secs.filter(|s| s.is_finite()) else {
        return "?".to_string();
    };
    let s = s.round() as u64;
    match s {
        0..60 => format!("{s}s"),
        60..3600 => format!("{}m{:02}s", s / 60, s % 60),
        _ => format!("{}h{:02}m", s / 3600, (s % 3600) / 60),
    }
}

/// The share of the run's games played: what the percentage and the bar
/// beside the game counts show (the ETA weighs the games left by their
/// measured cost instead).
fn games_share(batch: &BatchProgress) -> f64 {
    batch.done_games() as f64 / batch.total_games().max(1) as f64
}

/// A count of games as the terminal line writes it: whole below 100,000
/// (`6,024`, never `16.0`), short above (`3.6M`).
fn count(n: u64) -> String {
    if n < 100_000 {
        thousands(n)
    } else {
        human(n as f64)
    }
}

/// The progress of a run, drawn on stderr.
pub struct Progress<'a> {
    bar: Option<ProgressBar>,
    log: bool,
    log_every: Duration,
    last_log: Instant,
    plans: &'a [CellPlan],
}

impl<'a> Progress<'a> {
    /// A display for these cells: a bar on a terminal, a line every
    /// `log_every` in a log, nothing when `quiet`.
    pub fn new(plans: &'a [CellPlan], quiet: bool, log_every: Duration) -> Progress<'a> {
        let terminal = std::io::stderr().is_terminal();
        let bar = (!quiet && terminal).then(|| {
            let bar = ProgressBar::with_draw_target(Some(1000), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{bar:20} {msg}").expect("a valid template"),
            );
            bar.enable_steady_tick(TICK);
            bar
        });
        Progress {
            bar,
            log: !quiet && !terminal,
            log_every,
            last_log: Instant::now(),
            plans,
        }
    }

    /// Redraws the bar, or prints a log line when one is due.
    pub fn update(&mut self, batch: &BatchProgress) {
        if let Some(bar) = &self.bar {
            // Games, as the counts beside it: the time the games left will
            // take is the ETA's to say.
            bar.set_position((games_share(batch) * 1000.0).round() as u64);
            bar.set_message(self.short_line(batch));
        } else if self.log && self.last_log.elapsed() >= self.log_every {
            self.last_log = Instant::now();
            eprintln!("{}", self.log_line(batch));
        }
    }

    /// Prints `text` on stderr without tearing the bar, its control
    /// characters escaped (see [`crate::cli::shown`]).
    pub fn say(&self, text: &str) {
        let text = crate::cli::shown(text);
        match &self.bar {
            Some(bar) => bar.suspend(|| eprintln!("{text}")),
            None => eprintln!("{text}"),
        }
    }

    /// Removes the bar.
    pub fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }

    fn rate(batch: &BatchProgress) -> String {
        let secs = batch.started.elapsed().as_secs_f64();
        match batch.done_games() {
            0 => "? games/s".to_string(),
            n => format!("{} games/s", human(n as f64 / secs.max(1e-9))),
        }
    }

    /// The running win rates of the cell in progress, seat by seat:
    /// `1 48.2% [46.8, 49.6]`.
    fn running(batch: &BatchProgress, cell: usize, seats: usize) -> Vec<String> {
        let t = batch.cells[cell].tally();
        let n = t.games;
        (0..t.players.min(seats))
            .map(|s| {
                let (lo, hi) = wilson(t.wins[s], n);
                let p = t.wins[s] as f64 / n.max(1) as f64;
                format!(
                    "{} {:.1}% [{:.1}, {:.1}]",
                    s + 1,
                    100.0 * p,
                    100.0 * lo,
                    100.0 * hi
                )
            })
            .collect()
    }

    /// The terminal line, at most 79 columns after the bar.
    fn short_line(&self, batch: &BatchProgress) -> String {
        let mut line = format!(
            "{}/{} games  {}  eta {}",
            count(batch.done_games()),
            count(batch.total_games()),
            Self::rate(batch),
            duration(batch.eta()),
        );
        if let Some(c) = batch.current() {
            let t = batch.cells[c].tally();
            let mut more = format!("  cell {c}");
            if t.games > 0 {
                more.push_str(" win%");
                for s in 0..t.players {
                    let (lo, hi) = wilson(t.wins[s], t.games);
                    let p = t.wins[s] as f64 / t.games as f64;
                    let half = (hi - p).max(p - lo);
                    let seat = format!(" s{} {:.1}±{:.1}", s + 1, 100.0 * p, 100.0 * half);
                    if line.chars().count() + more.chars().count() + seat.chars().count() > 79 {
                        break;
                    }
                    more.push_str(&seat);
                }
            }
            line.push_str(&more);
        }
        line
    }

    /// The line a batch job's log gets every `log_every`.
    fn log_line(&self, batch: &BatchProgress) -> String {
        let done = batch.done_games();
        let total = batch.total_games();
        let mut line = format!(
            "progress: {}/{} games ({:.1}%), {} elapsed, {}, eta {}",
            thousands(done),
            thousands(total),
            100.0 * games_share(batch),
            duration(Some(batch.started.elapsed().as_secs_f64())),
            Self::rate(batch),
            duration(batch.eta()),
        );
        if let Some(c) = batch.current() {
            let plan = &self.plans[c];
            let mut what = vec![plan.game.to_string()];
            what.extend(cell_settings(plan));
            line.push_str(&format!(
                "; cell {c} ({}), {} games: win% seat {}",
                what.join(" "),
                thousands(batch.cells[c].done),
                Self::running(batch, c, usize::MAX).join(", seat ")
            ));
        }
        line
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_counts_and_durations_read_as_a_person_writes_them() {
        // Counts whole until they are long (issue #33: never `16.0/320`).
        for (n, text) in [
            (16, "16"),
            (6_024, "6,024"),
            (99_999, "99,999"),
            (3_633_089, "3.6M"),
        ] {
            assert_eq!(count(n), text);
        }
        assert_eq!(human(6_001_058.259_1), "6.0M");
        assert_eq!(human(950_000.0), "950k");
        assert_eq!(human(12_345.0), "12k");
        assert_eq!(human(12.34), "12.3");
        assert_eq!(human(2_500.0), "2500");
        assert_eq!(duration(None), "?");
        assert_eq!(duration(Some(21.4)), "21s");
        assert_eq!(duration(Some(185.0)), "3m05s");
        assert_eq!(duration(Some(7620.0)), "2h07m");
    }
}
