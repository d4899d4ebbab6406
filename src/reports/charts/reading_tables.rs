//! The tables of an entry's section of index.html, written for reading
//! rather than for a CSV reader: one row per cell and seat with its rates
//! as percentages and their 95% intervals, the endings as shares, and the
//! cells by what tells them apart (what they share is in the heading).
//! Their figures come from the same tallies as summary.csv, endings.csv
//! and cells.csv, which the page links for the six decimals.

use crate::reports::cell_result::CellResult;
use crate::reports::cells;
use crate::reports::charts::entry_group::EntryGroup;
use crate::reports::charts::figures::{mean_interval, percent_interval, significant};
use crate::reports::charts::payoffs::has_money;
use crate::reports::exact_beside::ExactBeside;
use crate::reports::exact_note::words;
use crate::reports::interval::wilson;
use crate::reports::length_stats::LengthStats;
use crate::reports::payoff::PayoffStats;
use crate::reports::table::thousands;

/// A table: its header and its rows.
pub type Table = (Vec<String>, Vec<Vec<String>>);

/// The fields that name a cell: its number, then its swept values in the
/// order of the entry's swept keys ([`cell_header`]).
fn cell_fields(r: &CellResult) -> Vec<String> {
    std::iter::once(r.plan.cell.index.to_string())
        .chain(r.plan.swept.iter().map(|(_, v)| v.clone()))
        .collect()
}

/// The columns that name a cell: its number and its swept values.
fn cell_header(g: &EntryGroup) -> Vec<String> {
    std::iter::once("cell".to_string())
        .chain(g.swept_keys().into_iter().map(str::to_string))
        .collect()
}

/// One row per cell of `shown` (of entry `g`) and seat: the seat and its policy, games, the
/// win, draw and score rates with their 95% Wilson intervals, the mean
/// payoff with its 95% interval where the entry has money, the exact win
/// rate where the cell is solved, and the mean length.
pub fn seats(g: &EntryGroup, shown: &[CellResult]) -> Table {
    let money = has_money(g);
    let any_solved = shown.iter().any(|r| r.plan.exact().is_some());
    let mut header = cell_header(g);
    header.extend(["seat", "policy", "games", "wins", "draws", "score"].map(String::from));
    if money {
        header.push("payoff per game".to_string());
    }
    if any_solved {
        header.push("exact win rate".to_string());
    }
    header.push(format!("mean length ({})", g.length_unit()));
    let mut rows = Vec::new();
    for r in shown {
        let t = &r.tally;
        let n = t.games;
        let length = LengthStats::from_histogram(&t.lengths);
        for s in 0..t.players {
            let mut row = cell_fields(r);
            let seat = match g.game.side_name(s) {
                Some(side) => format!("{} ({side})", s + 1),
                None => (s + 1).to_string(),
            };
            let rate = |k: f64| if n == 0 { 0.0 } else { k / n as f64 };
            // The score's interval as the win rate's, on points won.
            let score = t.score(s);
            let score_interval = wilson(score.round() as u64, n);
            row.extend([
                seat,
                r.plan.cell.seats[s].to_string(),
                thousands(n),
                percent_interval(rate(t.wins[s] as f64), Some(wilson(t.wins[s], n))),
                percent_interval(rate(t.draws[s] as f64), Some(wilson(t.draws[s], n))),
                percent_interval(rate(score), Some(score_interval)),
            ]);
            if money {
                let pay = PayoffStats::new(t.payoff_sum[s], t.payoff_sq[s], n);
                let (low, _) = pay.interval95();
                row.push(mean_interval(pay.mean, Some(pay.mean - low)));
            }
            if any_solved {
                row.push(
                    ExactBeside::of(&r.plan, t, s)
                        .map_or_else(String::new, |e| format!("{:.3}%", 100.0 * e.win)),
                );
            }
            row.push(
                length
                    .as_ref()
                    .map_or_else(String::new, |l| significant(l.mean)),
            );
            rows.push(row);
        }
    }
    (header, rows)
}

/// One row per cell of `shown` and way a game ended: the reason, the winner
/// (seat and side) or `draw`, the games and their share with its 95%
/// interval.
pub fn endings(g: &EntryGroup, shown: &[CellResult]) -> Table {
    let mut header = cell_header(g);
    header.extend(["ending", "winner", "games", "share"].map(String::from));
    let mut rows = Vec::new();
    for r in shown {
        let n = r.tally.games;
        let mut endings = r.tally.endings.clone();
        endings.sort_by_key(|e| (e.reason, e.winner.is_none(), e.winner));
        for e in endings {
            let mut row = cell_fields(r);
            let winner = match e.winner {
                Some(w) => match g.game.side_name(w) {
                    Some(side) => format!("seat {} ({side})", w + 1),
                    None => format!("seat {}", w + 1),
                },
                None => "draw".to_string(),
            };
            let share = if n == 0 {
                0.0
            } else {
                e.count as f64 / n as f64
            };
            row.extend([
                e.reason.to_string(),
                winner,
                thousands(e.count),
                percent_interval(share, Some(wilson(e.count, n))),
            ]);
            rows.push(row);
        }
    }
    (header, rows)
}

/// One row per cell of `shown`: what tells it apart (its swept options and
/// seats), its games, its first game's seed, and whether it is solved
/// exactly or why not (as manifest.json says). The settings the cells
/// share are the section's heading; cells.csv has every one.
pub fn cells(g: &EntryGroup, shown: &[CellResult]) -> Table {
    let mut header = cell_header(g);
    header.extend(["seats", "games", "first game's seed", "exact values"].map(String::from));
    let rows = shown
        .iter()
        .map(|r| {
            let mut row = cell_fields(r);
            row.extend([
                cells::seats(&r.plan),
                thousands(r.plan.cell.games),
                cells::first_game_seed(&r.plan).to_string(),
                match r.plan.exact_status() {
                    Ok(_) => "solved".to_string(),
                    Err(u) => format!("not solved: {}", words(u)),
                },
            ]);
            row
        })
        .collect();
    (header, rows)
}
