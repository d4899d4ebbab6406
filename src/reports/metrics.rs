//! metrics.csv: one row per cell, the game-quality measures a designer
//! judges a rule set by, under Ludii's names in snake case (defined in
//! docs/metrics.md): who wins and how evenly, whether games end, how long
//! they last, how much choice they offer and, under `metrics = "all"`, how
//! the lead moves between the seats. Rates come with a 95%
//! interval, means with a standard error.

use crate::core::outcome::CAP;
use crate::plan::cell_plan::CellPlan;
use crate::reports::interval::{wilson, z95};
use crate::reports::length_stats::LengthStats;
use crate::reports::payoff::PayoffStats;
use crate::reports::summary::{changed_options, fixed};
use crate::runner::drive::MAX_PLIES;
use crate::runner::fixed_mean::FixedMean;
use crate::runner::tally::{DRAW_UNIT, Tally};

/// The columns of metrics.csv, in order (documented in reports/README.md).
pub const COLUMNS: &[&str] = &[
    "cell",
    "game",
    "options",
    "seats",
    "games",
    "balance",
    "balance_low",
    "balance_high",
    "balance_decided",
    "balance_decided_low",
    "balance_decided_high",
    "advantage_first",
    "advantage_first_low",
    "advantage_first_high",
    "completion",
    "completion_low",
    "completion_high",
    "drawishness",
    "drawishness_low",
    "drawishness_high",
    "timeouts",
    "timeouts_low",
    "timeouts_high",
    "duration_turns",
    "duration_turns_sd",
    "duration_turns_se",
    "duration_decisions",
    "duration_decisions_sd",
    "duration_decisions_se",
    "decision_moves",
    "decision_moves_se",
    "branching_factor",
    "branching_factor_se",
    "branching_factor_median",
    "branching_factor_max",
    "decision_factor",
    "decision_factor_se",
    "repetition",
    "repetition_se",
    "lead_change",
    "lead_change_se",
    "stability",
    "stability_se",
    "drama",
    "drama_se",
    "decisiveness",
    "decisiveness_se",
    "clarity_variance",
    "clarity_variance_se",
    "clarity_narrowness",
    "clarity_narrowness_se",
    "skill_elo",
    "skill_elo_low",
    "skill_elo_high",
];

/// The metrics that are rates or shares (0 to 1), with the names a
/// reader sees: what the report page and metrics-N.svg show first (the
/// last two only under `metrics = "all"`).
pub const RATES: &[(&str, &str)] = &[
    ("balance", "balance"),
    ("advantage_first", "first mover's score"),
    ("completion", "completion"),
    ("drawishness", "drawishness"),
    ("timeouts", "timeouts"),
    ("decision_moves", "decision moves"),
    ("lead_change", "lead changes"),
    ("decisiveness", "decided at"),
];

/// Balance, `1 - (largest gap between two seats' win rates)`, with a 95%
/// interval: the normal interval of the gap between the two seats that
/// make it (their rates' difference has variance `(a + b - (a - b)^2) /
/// n` over `n` games), folded at 0, so a gap whose interval holds 0 gives
/// balance up to 1. `None` under two seats or without games.
///
/// ```
/// use ludus::reports::metrics::balance;
/// let (b, low, high) = balance(&[500, 500], 1000).unwrap();
/// assert_eq!((b, high), (1.0, 1.0));
/// assert!(low > 0.93 && low < 0.96);
/// let (b, _, high) = balance(&[700, 250, 50], 1000).unwrap();
/// assert!((b - 0.35).abs() < 1e-12 && high < 0.4);
/// ```
pub fn balance(wins: &[u64], games: u64) -> Option<(f64, f64, f64)> {
    if wins.len() < 2 || games == 0 {
        return None;
    }
    let n = games as f64;
    let most = wins.iter().max().copied().unwrap_or(0) as f64 / n;
    let least = wins.iter().min().copied().unwrap_or(0) as f64 / n;
    let gap = most - least;
    let half = z95() * ((most + least - gap * gap).max(0.0) / n).sqrt();
    let (low, high) = (gap - half, gap + half);
    let gap_low = if low <= 0.0 { 0.0 } else { low };
    let gap_high = high.min(1.0);
    Some((1.0 - gap, 1.0 - gap_high, 1.0 - gap_low))
}

/// The rate `k / n` with its Wilson interval, as three fields; empty
/// without games.
fn rate(k: u64, n: u64) -> [String; 3] {
    if n == 0 {
        return Default::default();
    }
    let (low, high) = wilson(k, n);
    [fixed(k as f64 / n as f64), fixed(low), fixed(high)]
}

/// The first mover's score rate (a draw shared by `k` seats scores
/// `1/k`, as Ludii's AdvantageP1 counts a draw as half), with the Wilson
/// interval where no first mover drew (every score 0 or 1), else the
/// normal interval of the mean score. Empty where no game says who moved
/// first.
fn advantage_first(t: &Tally) -> [String; 3] {
    let moved: u64 = t.first_moves.iter().sum();
    let won: u64 = t.first_wins.iter().sum();
    if moved == 0 {
        return Default::default();
    }
    let unit = DRAW_UNIT as f64;
    let n = moved as f64;
    let mean = t.metrics.first_score as f64 / unit / n;
    if t.metrics.first_score == won * DRAW_UNIT {
        return rate(won, moved);
    }
    let ss = (t.metrics.first_score_sq as f64 / (unit * unit) - n * mean * mean).max(0.0);
    let half = if moved > 1 {
        z95() * (ss / (n - 1.0)).sqrt() / n.sqrt()
    } else {
        f64::INFINITY
    };
    [
        fixed(mean),
        fixed((mean - half).max(0.0)),
        fixed((mean + half).min(1.0)),
    ]
}

/// A per-game mean and its standard error; empty where no game has one.
fn fixed_mean(m: &FixedMean) -> [String; 2] {
    [
        m.mean().map_or_else(String::new, fixed),
        m.se().map_or_else(String::new, fixed),
    ]
}

/// A metric's estimate with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The estimate.
    pub value: f64,
    /// The interval's low end.
    pub low: f64,
    /// Its high end.
    pub high: f64,
}

/// The estimates of the metrics `names` (columns of metrics.csv) of a
/// cell, as metrics.csv writes them, to the digit: with the file's
/// interval where it gives one (`_low`, `_high`), else 1.96 standard
/// errors (`_se`) either side, unbounded without one; `None` where the
/// cell has no value.
pub fn estimates(plan: &CellPlan, t: &Tally, names: &[&str]) -> Vec<Option<Estimate>> {
    let row = row(plan, t);
    let get = |column: &str| {
        COLUMNS
            .iter()
            .position(|c| *c == column)
            .and_then(|i| row.get(i))
            .and_then(|s| s.parse::<f64>().ok())
    };
    names
        .iter()
        .map(|name| {
            let value = get(name)?;
            let (low, high) = match (get(&format!("{name}_low")), get(&format!("{name}_high"))) {
                (Some(low), Some(high)) => (low, high),
                _ => match get(&format!("{name}_se")) {
                    Some(se) => (value - z95() * se, value + z95() * se),
                    None => (f64::NEG_INFINITY, f64::INFINITY),
                },
            };
            Some(Estimate { value, low, high })
        })
        .collect()
}

/// The row of one cell.
pub fn row(plan: &CellPlan, t: &Tally) -> Vec<String> {
    let n = t.games;
    let seats: Vec<String> = plan.cell.seats.iter().map(|s| s.to_string()).collect();
    let mut row = vec![
        plan.cell.index.to_string(),
        plan.game.to_string(),
        changed_options(plan),
        seats.join(" vs "),
        n.to_string(),
    ];
    let won: u64 = t.wins.iter().sum();
    // Over all games, and over the games with a sole winner: a setting
    // whose games mostly end at a cap is even over all of them because
    // nobody wins, not because either side may.
    for games in [n, won] {
        match balance(&t.wins[..t.players], games) {
            Some((b, low, high)) => row.extend([fixed(b), fixed(low), fixed(high)]),
            None => row.extend([String::new(), String::new(), String::new()]),
        }
    }
    row.extend(advantage_first(t));
    let timeouts = t.ended_by(MAX_PLIES) + t.ended_by(CAP);
    let timed_out_wins: u64 = t
        .endings
        .iter()
        .filter(|e| (e.reason == MAX_PLIES || e.reason == CAP) && e.winner.is_some())
        .map(|e| e.count)
        .sum();
    let drawn = n - won - (timeouts - timed_out_wins);
    row.extend(rate(won, n));
    row.extend(rate(drawn, n));
    row.extend(rate(timeouts, n));
    // Length and decisions as summary.csv computes them, so that the two
    // files agree to the digit; the error from the sample's deviation.
    match LengthStats::from_histogram(&t.lengths) {
        Some(l) => row.extend([
            fixed(l.mean),
            fixed(l.sd),
            if n > 1 {
                fixed(l.sd / ((n - 1) as f64).sqrt())
            } else {
                String::new()
            },
        ]),
        None => row.extend([String::new(), String::new(), String::new()]),
    }
    let d = PayoffStats::new(t.decisions as i64, t.decisions_sq, n);
    if n == 0 {
        row.extend([String::new(), String::new(), String::new()]);
    } else {
        let se = if n > 1 { fixed(d.se) } else { String::new() };
        row.extend([fixed(d.mean), fixed(d.sd), se]);
    }
    row.extend(fixed_mean(&t.metrics.decision_moves));
    row.extend(fixed_mean(&t.metrics.branching));
    match LengthStats::from_histogram(&t.metrics.options) {
        Some(o) => row.extend([o.median.to_string(), o.max.to_string()]),
        None => row.extend([String::new(), String::new()]),
    }
    row.extend(fixed_mean(&t.metrics.decision_factor));
    row.extend(fixed_mean(&t.metrics.repetition));
    for m in &t.metrics.judged.0 {
        row.extend(fixed_mean(m));
    }
    // Elo to a tenth: its interval is some tens wide.
    match plan.skill_elo.get() {
        Some(r) => row.extend(r.map(|x| format!("{x:.1}"))),
        None => row.extend([String::new(), String::new(), String::new()]),
    }
    row
}
