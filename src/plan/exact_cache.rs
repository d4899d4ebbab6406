//! The exact solutions of a process's cells, each solved once by the rules
//! it reads: the game, its options in force and its seats' policies.
//! Cells that differ only in what the solve does not read (seed, games,
//! length cap) share one solution: a sweep solves each setting once, and
//! so do a search's rounds.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::analysis::exact::{Bounds, Exact, SeatOdds};
use crate::plan::exact_reach::{CAP_TOLERANCE, EXACT_LIMIT};
use crate::plan::unsolved::Unsolved;
use crate::runner::cell::Cell;
use crate::runner::game_entry::GameEntry;

/// What a cell's solve keeps: what the reports show of it, and what tells
/// whether a length cap cuts its games short.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// Each seat's exact odds and payoff.
    pub seats: Vec<SeatOdds>,
    /// The shortest length cap that cuts off no more than
    /// [`CAP_TOLERANCE`] of the games; `None` where none does (what is
    /// left uncounted past the longest length is more).
    pub shortest_cap: Option<u64>,
    /// Whether the length's distribution was sought
    /// ([`Exact::length_sought`]): without it no cap is known to fit.
    pub length_sought: bool,
}

impl Solution {
    /// What the reports keep of `e`.
    pub fn of(e: &Exact) -> Solution {
        Solution {
            seats: e.seats.clone(),
            shortest_cap: shortest_cap(e),
            length_sought: e.length_sought,
        }
    }

    /// Whether a run capped at `cap` plays the solved game: it cuts off
    /// no more than [`CAP_TOLERANCE`] of the games.
    pub fn fits(&self, cap: u32) -> bool {
        self.shortest_cap.is_some_and(|c| u64::from(cap) >= c)
    }
}

/// The least cap `c` with `e.past(c) <= CAP_TOLERANCE`, found with `past`
/// itself so that [`Solution::fits`] says exactly what `past` would for
/// every cap: `past` changes only at the lengths listed and never grows
/// with the cap (a sum of fewer non-negative terms in the same order), so
/// the least is 0 or one of them.
fn shortest_cap(e: &Exact) -> Option<u64> {
    let mut caps: Vec<u64> = std::iter::once(0)
        .chain(e.length.probabilities.iter().map(|&(l, _)| l))
        .collect();
    caps.sort_unstable();
    caps.dedup();
    let first = caps.partition_point(|&c| e.past(c) > CAP_TOLERANCE);
    caps.get(first).copied()
}

/// What a cell's solve gave: its solution, or why there is none.
pub type Verdict = Result<Solution, Unsolved>;

/// The cache: each rules key and budget with its verdict, solved once
/// (threads asking for one key wait for the one solve; keys apart solve
/// side by side).
type Cache = Mutex<HashMap<(String, u64, usize), Arc<OnceLock<Verdict>>>>;

/// The most verdicts kept: some hundreds of bytes each, so that a sweep
/// of 100,000 cells of as many rules (tests/cli/giant_sweeps.rs) keeps a
/// few megabytes, not some tens; cells of one rules key come together in
/// a sweep, so a cache of the last ones finds them.
const MAX_KEPT: usize = 10_000;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Cache::default)
}

/// What the exact solve of `cell` of `game` reads: the game, its options
/// in force and its seats' policies. Cells of one key have one solution.
pub fn rules_key(game: &dyn GameEntry, cell: &Cell) -> String {
    let seats: Vec<String> = cell.seats.iter().map(ToString::to_string).collect();
    format!("{}|{}|{seats:?}", game.name(), cell.in_force)
}

/// The verdict of `cell` of `game` within [`EXACT_LIMIT`] states and the
/// cell's budget of outcomes (a cell of budget 0 is not solved, and asks
/// for none), solved unless a cell of the same rules and budget was
/// before in this process. The budget is part of the key: a solve
/// refused within one budget may succeed within a larger, and a cell's
/// values must not depend on what the process solved before it.
pub fn verdict(game: &dyn GameEntry, cell: &Cell) -> Verdict {
    verdict_within(game, cell, crate::policies::optimal::state_limit())
}

/// [`verdict`], an `optimal` seat's equilibrium listing at most
/// `equilibrium` states (part of the key, as it may refuse).
pub fn verdict_within(game: &dyn GameEntry, cell: &Cell, equilibrium: usize) -> Verdict {
    let key = (rules_key(game, cell), cell.exact_budget, equilibrium);
    let slot = {
        let mut map = cache().lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_KEPT && !map.contains_key(&key) {
            // Forgetting costs a solve again, never a different value.
            map.clear();
        }
        Arc::clone(map.entry(key).or_default())
    };
    slot.get_or_init(|| {
        let bounds = Bounds {
            states: EXACT_LIMIT,
            outcomes: cell.exact_budget,
            equilibrium,
        };
        game.exact(&cell.options, &cell.seats, bounds)
            .map(|e| Solution::of(&e))
            .map_err(|e| Unsolved::of_error(&e, &cell.seats))
    })
    .clone()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::reward_distribution::RewardDistribution;

    fn exact(probabilities: Vec<(u64, f64)>, tail: f64) -> Exact {
        Exact {
            seats: Vec::new(),
            mean_length: 0.0,
            length: RewardDistribution {
                probabilities,
                tail,
            },
            states: 1,
            fractions: None,
            length_sought: true,
        }
    }

    #[test]
    fn a_cap_fits_exactly_where_past_says_it_cuts_off_little_enough() {
        let cases = [
            exact(vec![(2, 0.5), (5, 0.5 - 1e-13), (9, 1e-13)], 0.0),
            exact(vec![(1, 0.25), (3, 0.75 - 1e-9), (4, 1e-9)], 1e-15),
            exact(vec![(3, 1.0)], 1e-9),
            exact(Vec::new(), 0.0),
        ];
        let mut checked = 0;
        for e in &cases {
            let s = Solution::of(e);
            for cap in 0..12u32 {
                assert_eq!(
                    s.fits(cap),
                    e.past(u64::from(cap)) <= CAP_TOLERANCE,
                    "cap {cap} of {e:?}"
                );
                checked += 1;
            }
        }
        assert_eq!(checked, 48);
        assert_eq!(Solution::of(&cases[0]).shortest_cap, Some(5));
        assert_eq!(Solution::of(&cases[2]).shortest_cap, None);
    }
}
