//! A tournament's tables: `standings.csv` (one row per policy, by rating)
//! and `pairings.csv` (one row per pairing).

use crate::plan::tournament::{RankBy, Tournament};
use crate::reports::bradley_terry::{Pairing, Rating, fit, likelihood_of_superiority};
use crate::reports::payoff::PayoffStats;
use crate::reports::summary::{SCORE_COLUMNS, columns, fixed, score_fields};
use crate::runner::tournament::PairingResult;

/// A policy's mean payoff per game and its 95% interval: what a money
/// game is judged by, where wins may point at the losing strategy.
pub const PAYOFF_COLUMNS: [&str; 3] = ["mean_payoff", "payoff_low", "payoff_high"];

/// The columns of standings.csv (documented in reports/README.md).
pub const STANDINGS: &[&str] = &columns::<16>(&[
    &["rank", "policy"],
    &SCORE_COLUMNS,
    &["elo", "elo_low", "elo_high", "anchor"],
    &PAYOFF_COLUMNS,
    &["forfeits"],
]);

/// The columns of pairings.csv: every count from `policy_a`'s side.
pub const PAIRINGS: &[&str] = &columns::<18>(&[
    &["policy_a", "policy_b"],
    &SCORE_COLUMNS,
    &PAYOFF_COLUMNS,
    &[
        "los",
        "wins_as_seat1",
        "losses_as_seat1",
        "wins_as_seat2",
        "losses_as_seat2",
        "forfeits_a",
        "forfeits_b",
    ],
]);

/// One policy's line of the standings.
#[derive(Clone, Debug)]
pub struct Standing {
    /// Its index in the tournament.
    pub policy: usize,
    /// Games, wins, draws, losses.
    pub games: u64,
    /// Wins.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// Its rating.
    pub rating: Rating,
    /// Its payoffs over its games: their sum and the sum of their squares.
    pub payoff_sum: i64,
    /// The sum of the squares.
    pub payoff_sq: u128,
    /// Games it forfeited by failing (`on_bot_error = "forfeit"`), counted
    /// among its losses.
    pub forfeits: u64,
}

impl Standing {
    /// Its mean payoff per game, with spread and standard error.
    pub fn payoff(&self) -> PayoffStats {
        PayoffStats::new(self.payoff_sum, self.payoff_sq, self.games)
    }
}

/// A mean payoff and its 95% interval, as the CSVs write them.
fn payoff_fields(p: PayoffStats) -> [String; 3] {
    let (low, high) = p.interval95();
    [fixed(p.mean), fixed(low), fixed(high)]
}

/// The policy ratings are anchored on: `random` where it plays, else the
/// first policy.
pub fn anchor(t: &Tournament) -> usize {
    t.policies
        .iter()
        .position(|p| p.name == "random" && p.param.is_none())
        .unwrap_or(0)
}

/// The pairings' results as the Bradley-Terry fit reads them: games
/// played, and the first policy's score (a draw half a point).
pub fn pairings(results: &[PairingResult]) -> Vec<Pairing> {
    results
        .iter()
        .map(|r| Pairing {
            i: r.i,
            j: r.j,
            games: r.games() as f64,
            score_i: r.score(),
        })
        .collect()
}

/// Every policy's standing, best first by the tournament's `rank_by`
/// (Elo, or mean payoff), ties in the file's order.
pub fn standings(t: &Tournament, results: &[PairingResult]) -> Vec<Standing> {
    let n = t.policies.len();
    let ratings = fit(n, &pairings(results), anchor(t));
    let mut out: Vec<Standing> = (0..n)
        .map(|p| {
            let mut s = Standing {
                policy: p,
                games: 0,
                wins: 0,
                draws: 0,
                losses: 0,
                rating: ratings[p],
                payoff_sum: 0,
                payoff_sq: 0,
                forfeits: 0,
            };
            for r in results {
                let (w, l) = if r.i == p {
                    (r.wins(), r.losses())
                } else if r.j == p {
                    (r.losses(), r.wins())
                } else {
                    continue;
                };
                s.games += r.games();
                s.wins += w;
                s.losses += l;
                s.draws += r.draws();
                let (sum, sq) = r.payoffs(r.i == p);
                s.payoff_sum += sum;
                s.payoff_sq += sq;
                s.forfeits += r.forfeits()[usize::from(r.j == p)];
            }
            s
        })
        .collect();
    out.sort_by(|a, b| {
        let better = match t.rank_by {
            RankBy::Elo => b.rating.elo.total_cmp(&a.rating.elo),
            RankBy::Payoff => b.payoff().mean.total_cmp(&a.payoff().mean),
        };
        better.then(a.policy.cmp(&b.policy))
    });
    out
}

/// A rating as the CSV writes it: one decimal; empty where unrated (a
/// policy with no games yet, in a tournament a failure stopped), which
/// pandas and R read as missing.
fn elo(x: f64) -> String {
    if x.is_finite() {
        format!("{x:.1}")
    } else {
        String::new()
    }
}

/// The standings' rows.
pub fn standings_rows(t: &Tournament, standings: &[Standing]) -> Vec<Vec<String>> {
    let a = anchor(t);
    standings
        .iter()
        .enumerate()
        .map(|(rank, s)| {
            let score = s.wins as f64 + s.draws as f64 / 2.0;
            let mut row = vec![(rank + 1).to_string(), t.policies[s.policy].to_string()];
            row.extend(score_fields(s.games, s.wins, s.draws, s.losses, score));
            row.extend([
                elo(s.rating.elo),
                elo(s.rating.low),
                elo(s.rating.high),
                (s.policy == a).to_string(),
            ]);
            row.extend(payoff_fields(s.payoff()));
            row.push(s.forfeits.to_string());
            row
        })
        .collect()
}

/// The pairings' rows, in the tournament's order of pairings.
pub fn pairing_rows(t: &Tournament, results: &[PairingResult]) -> Vec<Vec<String>> {
    results
        .iter()
        .map(|r| {
            let [forfeits_a, forfeits_b] = r.forfeits();
            let mut row = vec![t.policies[r.i].to_string(), t.policies[r.j].to_string()];
            row.extend(score_fields(
                r.games(),
                r.wins(),
                r.draws(),
                r.losses(),
                r.score(),
            ));
            let (sum, sq) = r.payoffs(true);
            row.extend(payoff_fields(PayoffStats::new(sum, sq, r.games())));
            row.extend([
                fixed(likelihood_of_superiority(r.wins(), r.losses())),
                r.i_first.wins[0].to_string(),
                r.i_first.wins[1].to_string(),
                r.j_first.wins[1].to_string(),
                r.j_first.wins[0].to_string(),
                forfeits_a.to_string(),
                forfeits_b.to_string(),
            ]);
            row
        })
        .collect()
}
