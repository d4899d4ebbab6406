//! The summary table `ludus run` prints when it is done: at most
//! [`WIDTH`] columns, every swept setting in full.

use crate::core::signed::signed;
use std::fmt::Write;

use crate::plan::cell_plan::CellPlan;
use crate::reports::cell_result::CellResult;
use crate::reports::exact_beside::ExactBeside;
use crate::reports::interval::wilson;
use crate::reports::length_stats::LengthStats;

/// The widest line the table prints.
pub const WIDTH: usize = 100;

/// The widest policy name shown in full; longer ones are cut in the middle.
const POLICY: usize = 28;

/// What tells a cell from the others, as (key, value) pairs: its options
/// that differ from the defaults and every key its sweep sets (even to a
/// default), options in declaration order, then swept seats.
pub fn cell_setting_pairs(plan: &CellPlan) -> Vec<(String, String)> {
    let entry = plan.game;
    let changed: Vec<&str> = plan
        .cell
        .options
        .changed(entry.option_specs())
        .map(|(k, _)| k)
        .collect();
    let swept = |k: &str| plan.swept.iter().any(|(s, _)| s == k);
    let mut out: Vec<(String, String)> = plan
        .cell
        .options
        .iter()
        .filter(|(k, _)| changed.contains(k) || swept(k))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    out.extend(
        plan.swept
            .iter()
            .filter(|(k, _)| plan.cell.options.iter().all(|(n, _)| n != k))
            .cloned(),
    );
    out
}

/// [`cell_setting_pairs`] written `key=value`, in full.
pub fn cell_settings(plan: &CellPlan) -> Vec<String> {
    cell_setting_pairs(plan)
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect()
}

/// `text` cut to `width` characters, the middle replaced by `~`.
fn cut(text: &str, width: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= width {
        return text.to_string();
    }
    let head = (width - 1) / 2;
    let tail = width - 1 - head;
    let mut s: String = chars[..head].iter().collect();
    s.push('~');
    s.extend(&chars[chars.len() - tail..]);
    s
}

/// `1234567` as `1,234,567`.
pub fn thousands(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Words joined by spaces into lines of at most `width` characters, the
/// first after `lead`, the others indented by `indent` spaces.
fn wrap(lead: &str, words: &[String], indent: usize, width: usize) -> String {
    let mut out = lead.to_string();
    let mut line = lead.chars().count();
    for w in words {
        let n = w.chars().count();
        if line > indent && line + 1 + n > width {
            out.push('\n');
            out.push_str(&" ".repeat(indent));
            line = indent;
        } else if line > 0 {
            out.push(' ');
            line += 1;
        }
        out.push_str(w);
        line += n;
    }
    out
}

/// The most cells the table shows: a table of thousands of cells scrolls
/// out of any terminal, and summary.csv holds every one.
pub const MAX_TABLE_CELLS: usize = 100;

/// The table: a heading per cell (its game, settings, games and median
/// length), then one line per seat with its win rate, the 95% Wilson
/// interval, draws, score and mean payoff; for the first
/// [`MAX_TABLE_CELLS`] cells, then a line saying how many more there are.
pub fn summary_table(results: &[CellResult]) -> String {
    summary_table_of(
        &results[..results.len().min(MAX_TABLE_CELLS)],
        results.len(),
    )
}

/// The table of the first cells of `total` finished ones, `shown` (at
/// most [`MAX_TABLE_CELLS`] are shown), and a line for the others.
pub fn summary_table_of(shown: &[CellResult], total: usize) -> String {
    let shown = &shown[..shown.len().min(MAX_TABLE_CELLS)];
    let mut out = table_of(shown);
    if total > shown.len() {
        let _ = writeln!(
            out,
            "... and {} more cells: summary.csv holds every cell, index.html shows charts",
            thousands((total - shown.len()) as u64)
        );
    }
    out
}

fn table_of(results: &[CellResult]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>6}  {:<6} {:<POLICY$} {:>7} {:>17} {:>7} {:>7} {:>10}",
        "seat", "side", "policy", "win%", "95% Wilson", "draw%", "score%", "payoff"
    );
    for r in results {
        let t = &r.tally;
        let entry = r.plan.game;
        let median = LengthStats::from_histogram(&t.lengths).map_or(0, |l| l.median);
        let lead = format!("cell {}: {}", r.plan.cell.index, r.plan.game);
        let mut words = cell_settings(&r.plan);
        words.push(format!(
            "({} games, median length {median})",
            thousands(t.games)
        ));
        let _ = writeln!(out, "{}", wrap(&lead, &words, 8, WIDTH));
        let n = t.games.max(1) as f64;
        for s in 0..t.players {
            let (lo, hi) = wilson(t.wins[s], t.games);
            let _ = writeln!(
                out,
                "{:>6}  {:<6} {:<POLICY$} {:>7.2} {:>17} {:>7.2} {:>7.2} {:>10}",
                s + 1,
                entry.side_name(s).unwrap_or(""),
                cut(&r.plan.cell.seats[s].to_string(), POLICY),
                100.0 * t.wins[s] as f64 / n,
                format!("[{:.2}, {:.2}]", 100.0 * lo, 100.0 * hi),
                100.0 * t.draws[s] as f64 / n,
                100.0 * t.score(s) / n,
                signed(t.payoff_sum[s] as f64 / n, 3),
            );
        }
        if let Some(line) = exact_line(r) {
            let _ = writeln!(out, "{line}");
        }
    }
    out
}

/// The exact values of a solved cell, each seat's with the z of its
/// estimate: `exact: seat 1 55.80% (z +0.41), seat 2 ...`, payoffs too
/// where the game is played for money.
fn exact_line(r: &CellResult) -> Option<String> {
    let t = &r.tally;
    let seats: Vec<ExactBeside> = (0..t.players)
        .map(|s| ExactBeside::of(&r.plan, t, s))
        .collect::<Option<_>>()?;
    let money = seats
        .iter()
        .any(|e| e.payoff != 0.0 || e.z_payoff.is_some());
    let z = |z: Option<f64>| z.map_or_else(String::new, |z| format!(" (z {z:+.2})"));
    let words: Vec<String> = seats
        .iter()
        .enumerate()
        .map(|(s, e)| {
            let mut w = format!("seat {} {:.2}%{}", s + 1, 100.0 * e.win, z(e.z_win));
            if money {
                let _ = write!(w, " payoff {}{}", signed(e.payoff, 3), z(e.z_payoff));
            }
            if s + 1 < seats.len() {
                w.push(',');
            }
            w
        })
        .collect();
    Some(wrap("        exact:", &words, 15, WIDTH))
}
