//! A tournament's index.html: its settings, standings.svg, and the
//! standings and pairings as tables for reading, each figure a percentage
//! or mean with its 95% interval, rounded to what the interval supports
//! (standings.csv and pairings.csv keep six decimals; the page links to
//! them). The rows come from the same [`Standing`]s and
//! [`PairingResult`]s as the CSVs, in the same order.

use std::fmt::Write;

use crate::plan::tournament::{RankBy, Tournament};
use crate::reports::bradley_terry::{Rating, likelihood_of_superiority};
use crate::reports::charts::figures::{decimals, mean_interval, percent_interval};
use crate::reports::charts::html::{self, escape, table};
use crate::reports::interval::z95;
use crate::reports::payoff::PayoffStats;
use crate::reports::standings::{Standing, anchor};
use crate::reports::table::thousands;
use crate::runner::sprt::{Sprt, Verdict};
use crate::runner::tournament::PairingResult;

/// What the page says of how the tournament was played, beside the
/// tournament itself.
pub struct Played {
    /// The tournament file as given.
    pub source: String,
    /// Games played in all.
    pub games: u64,
    /// Whether every game was played.
    pub complete: bool,
    /// The SPRT's verdict and log-likelihood ratio, if one ran.
    pub sprt: Option<(Sprt, Verdict, f64)>,
}

/// The Wilson interval of a score rate over `games` games, a draw
/// counting half a win: the binomial's spread, which a draw's half point
/// only narrows, so that the interval errs wide where games were drawn.
fn score_interval(score: f64, games: u64) -> Option<(f64, f64)> {
    if games == 0 {
        return None;
    }
    let (z, n) = (z95(), games as f64);
    let p = score / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    Some(((centre - half).max(0.0), (centre + half).min(1.0)))
}

/// A score as the page writes it: its rate with its interval.
fn score_text(score: f64, games: u64) -> String {
    if games == 0 {
        return "-".into();
    }
    percent_interval(score / games as f64, score_interval(score, games))
}

/// An Elo with its interval, rounded alike; `-` where the policy has no
/// rating, `∞` where the results cannot bound it.
fn elo_text(r: &Rating, is_anchor: bool) -> String {
    if !r.elo.is_finite() {
        return "-".into();
    }
    if is_anchor {
        return "0 (anchor)".into();
    }
    // An unbounded end says nothing of the precision: whole points.
    let half = (r.high - r.low) / 2.0;
    let d = if half.is_finite() {
        decimals(half, 1)
    } else {
        0
    };
    let end = |x: f64| {
        if x.is_finite() {
            format!("{x:.d$}")
        } else if x > 0.0 {
            "∞".into()
        } else {
            "-∞".into()
        }
    };
    format!(
        "{} [{},\u{a0}{}]",
        crate::core::signed::signed(r.elo, d),
        end(r.low),
        end(r.high)
    )
}

/// A mean payoff with its interval.
fn payoff_text(p: PayoffStats) -> String {
    let (_, high) = p.interval95();
    mean_interval(p.mean, Some(high - p.mean))
}

/// What the SPRT concluded, in a line.
fn sprt_text(s: &Sprt, v: Verdict, llr: f64) -> String {
    let (low, high) = s.bounds();
    let what = match v {
        Verdict::H1 => format!("H1 accepted (elo1 = {})", s.elo1),
        Verdict::H0 => format!("H0 accepted (elo0 = {})", s.elo0),
        Verdict::Continue => "no hypothesis accepted within the games allowed".into(),
    };
    format!(
        "{what}: LLR {llr:.3}, bounds ({low:.3}, {high:.3}); alpha {}, beta {}",
        s.alpha, s.beta
    )
}

/// The header: the tournament's settings and how far it went.
fn header(out: &mut String, t: &Tournament, played: &Played) {
    let names: Vec<String> = t.policies.iter().map(|p| p.to_string()).collect();
    let kind = if t.gauntlet {
        format!(
            "gauntlet: {} against each of the {} others ({} pairings)",
            names[0],
            names.len() - 1,
            names.len() - 1
        )
    } else {
        format!(
            "round robin: every pair of {} policies ({} pairings)",
            names.len(),
            t.pairings().len()
        )
    };
    let in_force = t.in_force.to_string();
    let mut rows = vec![
        ("tournament", t.name.clone()),
        ("source", played.source.clone()),
        ("game", t.game.name().to_string()),
        (
            "options in force",
            if in_force.is_empty() {
                "(none)".into()
            } else {
                in_force.replace(';', "; ")
            },
        ),
        ("pairings", kind),
        ("seed", t.seed.to_string()),
        (
            "games per pairing",
            format!(
                "{} (half with each seating, on the same seeds)",
                thousands(2 * t.games_per_seating)
            ),
        ),
        ("games played", thousands(played.games)),
        (
            "completed",
            if played.complete {
                "yes".into()
            } else {
                "no: a failure or an interruption stopped it".into()
            },
        ),
        (
            "ranked by",
            match t.rank_by {
                RankBy::Elo => "Elo".into(),
                RankBy::Payoff => "mean payoff per game".into(),
            },
        ),
        ("Elo anchored on", names[anchor(t)].clone()),
    ];
    if let Some((s, v, llr)) = &played.sprt {
        rows.push((
            "SPRT",
            format!(
                "elo0 {}, elo1 {}: {}",
                s.elo0,
                s.elo1,
                sprt_text(s, *v, *llr)
            ),
        ));
    }
    html::header_table(out, &rows);
    if !played.complete {
        out.push_str(
            "<p class=\"note\">The tournament stopped early: the tables hold the games \
             played before (tournament.json says how many).</p>\n",
        );
    }
    out.push_str(
        "<p>The same figures as CSV: <a href=\"standings.csv\">standings.csv</a>, \
         <a href=\"pairings.csv\">pairings.csv</a>; how the report was made: \
         <a href=\"tournament.json\">tournament.json</a>.</p>\n",
    );
}

/// The standings' table, best first: the rows of standings.csv.
fn standings_table(
    out: &mut String,
    t: &Tournament,
    standings: &[Standing],
    money: bool,
    forfeits: bool,
) {
    let a = anchor(t);
    let mut head = vec!["rank", "policy", "games", "score", "Elo, 95% interval"];
    if money {
        head.push("payoff per game");
    }
    if forfeits {
        head.push("forfeits");
    }
    let rows: Vec<Vec<String>> = standings
        .iter()
        .enumerate()
        .map(|(rank, s)| {
            let score = s.wins as f64 + s.draws as f64 / 2.0;
            let mut row = vec![
                (rank + 1).to_string(),
                t.policies[s.policy].to_string(),
                s.games.to_string(),
                score_text(score, s.games),
                elo_text(&s.rating, s.policy == a),
            ];
            if money {
                row.push(payoff_text(s.payoff()));
            }
            if forfeits {
                row.push(s.forfeits.to_string());
            }
            row
        })
        .collect();
    table(out, &head, &rows);
}

/// The pairings' table, in the tournament's order: the rows of
/// pairings.csv, every figure from policy A's side.
fn pairings_table(
    out: &mut String,
    t: &Tournament,
    pairings: &[PairingResult],
    money: bool,
    forfeits: bool,
) {
    let mut head = vec!["policy A", "policy B", "games", "A's score"];
    if money {
        head.push("A's payoff per game");
    }
    head.extend(["LOS", "A's wins–losses in seat 1", "in seat 2"]);
    if forfeits {
        head.push("forfeits by A–B");
    }
    let rows: Vec<Vec<String>> = pairings
        .iter()
        .map(|r| {
            let mut row = vec![
                t.policies[r.i].to_string(),
                t.policies[r.j].to_string(),
                r.games().to_string(),
                score_text(r.score(), r.games()),
            ];
            if money {
                let (sum, sq) = r.payoffs(true);
                row.push(payoff_text(PayoffStats::new(sum, sq, r.games())));
            }
            row.extend([
                format!(
                    "{:.1}%",
                    100.0 * likelihood_of_superiority(r.wins(), r.losses())
                ),
                format!("{}–{}", r.i_first.wins[0], r.i_first.wins[1]),
                format!("{}–{}", r.j_first.wins[1], r.j_first.wins[0]),
            ]);
            if forfeits {
                let [a, b] = r.forfeits();
                row.push(format!("{a}–{b}"));
            }
            row
        })
        .collect();
    table(out, &head, &rows);
}

/// The page of tournament `t`'s report: `standings` as [`crate::reports::standings::standings`]
/// ranks them, `pairings` in the order of [`Tournament::pairings`].
pub fn page(
    t: &Tournament,
    standings: &[Standing],
    pairings: &[PairingResult],
    played: &Played,
) -> String {
    // A game whose payoffs are all zero or one has no money to show.
    let money = standings.iter().any(|s| s.payoff_sq > 0);
    let forfeits = standings.iter().any(|s| s.forfeits > 0);
    let mut out = String::new();
    html::open(&mut out, &format!("ludus tournament: {}", t.name));
    header(&mut out, t, played);
    if forfeits {
        // A policy that fails is rated as if it were weak: say so first.
        let failing: Vec<String> = standings
            .iter()
            .filter(|s| s.forfeits > 0)
            .map(|s| {
                format!(
                    "{} forfeited {} of its {} games",
                    escape(&t.policies[s.policy].to_string()),
                    s.forfeits,
                    s.games
                )
            })
            .collect();
        let _ = writeln!(
            out,
            "<p><strong>Failing policies (on_bot_error = \"forfeit\"): {}. A forfeit \
             counts as a loss, so their ratings measure their failures, not their play.\
             </strong></p>",
            failing.join("; ")
        );
    }
    let alt = format!(
        "Elo per policy with its 95% interval: {} ({})",
        t.name,
        t.game.name()
    );
    let _ = writeln!(
        out,
        "<figure><img src=\"standings.svg\" alt=\"{}\"/></figure>",
        escape(&alt)
    );
    out.push_str("<h2>Standings (standings.csv)</h2>\n");
    let mut about = String::from(
        "<p>Each policy's games and score (a draw half a win) with its 95% interval \
         (Wilson), and its Elo from a Bradley-Terry fit of every pairing's score, the \
         anchor at 0, with its 95% interval",
    );
    if t.gauntlet {
        about.push_str(
            ". In a gauntlet the listed policies meet only the policy under test, so \
             each is rated through it alone",
        );
    }
    if money {
        about.push_str("; in a money game, the mean payoff per game with its 95% interval");
    }
    about.push_str(".</p>\n");
    out.push_str(&about);
    standings_table(&mut out, t, standings, money, forfeits);
    out.push_str(
        "<h2>Pairings (pairings.csv)</h2>\n<p>Every figure from policy A's side; LOS is \
         the likelihood that A is the stronger, from wins and losses.</p>\n",
    );
    pairings_table(&mut out, t, pairings, money, forfeits);
    html::close(&mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_ratings_read_short() {
        assert_eq!(score_text(0.0, 0), "-");
        // 60 of 100: ±9.6 points shows whole percentages.
        assert_eq!(score_text(60.0, 100), "60% [50,\u{a0}69]");
        let r = Rating {
            elo: 123.4,
            low: 80.2,
            high: 166.0,
        };
        assert_eq!(elo_text(&r, false), "+123 [80,\u{a0}166]");
        assert_eq!(elo_text(&r, true), "0 (anchor)");
        let open = Rating {
            elo: 400.0,
            low: 300.0,
            high: f64::INFINITY,
        };
        assert_eq!(elo_text(&open, false), "+400 [300,\u{a0}∞]");
    }
}
