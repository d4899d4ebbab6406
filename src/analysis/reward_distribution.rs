//! The distribution of the reward an absorbing Markov chain
//! ([`crate::analysis::markov`]) gathers before it ends, for chains whose
//! rewards are whole numbers (a game's length in throws): the chance of
//! each total, found by pushing the probability forward from the start,
//! one total at a time, until what is not yet absorbed is negligible.
//! What is left then is reported, not dropped.

use std::collections::VecDeque;

use crate::analysis::markov::{Chain, Node};

/// The chance of each total reward, and the chance not yet absorbed when
/// the count stopped.
#[derive(Clone, Debug, PartialEq)]
pub struct RewardDistribution {
    /// Each total reached, ascending, with its probability (totals of
    /// probability 0 left out).
    pub probabilities: Vec<(u64, f64)>,
    /// The probability of a total past the last one counted.
    pub tail: f64,
}

impl RewardDistribution {
    /// The mean of the totals counted (the tail left out).
    pub fn mean(&self) -> f64 {
        self.probabilities
            .iter()
            .map(|&(total, p)| total as f64 * p)
            .sum()
    }
}

/// How many times over the chain's states one total may pass probability
/// along edges of reward 0 before the rest counts as tail: such edges in a
/// loop would pass it round for ever.
const ROUNDS_PER_TOTAL: usize = 64;

/// The distribution of the reward gathered from `start` until the chain
/// ends, counting totals up to `max_total` and stopping once the
/// probability not yet absorbed is below `settled`, or once `max_work`
/// edges have been followed (a large chain that ends slowly, such as
/// Hazard for stakes: 110,755 states, lengths past 16,000): what is not
/// yet absorbed then is the tail. Each edge's reward
/// counts as the whole number nearest it.
///
/// ```
/// use ludus::analysis::markov::{Chain, Edge};
/// use ludus::analysis::reward_distribution::reward_distribution;
/// // A coin tossed until heads: n tosses with chance 2^-n.
/// let mut chain = Chain::new(0);
/// let toss = |to| Edge { to, probability: 0.5, reward: 1.0 };
/// chain.push_transient(vec![toss(0), toss(1)]);
/// chain.push_absorbing(vec![]);
/// let d = reward_distribution(&chain, 0, 1e-15, 1000, u64::MAX);
/// assert_eq!(d.probabilities[..2], [(1, 0.5), (2, 0.25)]);
/// assert!(d.tail < 1e-15);
/// ```
pub fn reward_distribution(
    chain: &Chain,
    start: usize,
    settled: f64,
    max_total: u64,
    max_work: u64,
) -> RewardDistribution {
    let mut probabilities: Vec<(u64, f64)> = Vec::new();
    let tail = absorbed_by_total(chain, start, settled, max_total, max_work, |total, _, p| {
        match probabilities.last_mut() {
            Some((t, q)) if *t == total => *q += p,
            _ => probabilities.push((total, p)),
        }
    });
    RewardDistribution {
        probabilities,
        tail,
    }
}

/// What [`absorbed_by_total`] walks: numbered states, each absorbing or
/// left by edges of whole rewards.
pub trait Walk {
    /// How many states there are.
    fn states(&self) -> usize;
    /// Calls `edge(to, probability, reward)` for every way out of `state`
    /// and returns how many there were, or `None` if it is absorbing.
    fn each_edge(&self, state: usize, edge: impl FnMut(usize, f64, u64)) -> Option<u64>;
}

impl Walk for Chain {
    fn states(&self) -> usize {
        self.len()
    }

    fn each_edge(&self, state: usize, mut edge: impl FnMut(usize, f64, u64)) -> Option<u64> {
        match self.node(state) {
            Node::Absorbing(_) => None,
            Node::Transient(edges) => {
                for e in edges {
                    edge(e.to, e.probability, e.reward.round().max(0.0) as u64);
                }
                Some(edges.len() as u64)
            }
        }
    }
}

/// Pushes the probability forward from `start`, one total at a time, and
/// calls `absorbed(total, state, probability)` as it is absorbed, totals
/// ascending; stops as [`reward_distribution`] does and returns the
/// probability not yet absorbed then (the tail).
pub fn absorbed_by_total(
    walk: &impl Walk,
    start: usize,
    settled: f64,
    max_total: u64,
    max_work: u64,
    mut absorbed: impl FnMut(u64, usize, f64),
) -> f64 {
    let mut work = 0u64;
    let n = walk.states();
    // Probability arriving at each total still to come, by state (a state
    // may be listed more than once), with its sum: slot k holds the total
    // `total + k`.
    let mut pending: VecDeque<Arrivals> = VecDeque::new();
    pending.push_back(Arrivals {
        list: vec![(start, 1.0)],
        dense: Vec::new(),
        sum: 1.0,
    });
    let mut total = 0u64;
    let mut mass = vec![0.0; n];
    let mut queued = vec![false; n];
    let mut queue = Vec::new();
    let mut stuck = 0.0;
    let mut scratch = vec![0.0; n];
    // A chain of few states keeps each total's arrivals as one value a
    // state, added in place (a stage's ends at each of their lengths
    // arrive by the thousand a total), its arrays reused.
    let dense = n <= DENSE_STATES;
    let mut spare: Vec<Vec<f64>> = Vec::new();
    while let Some(mut arrivals) = pending.pop_front() {
        for &(s, p) in &arrivals.list {
            mass[s] += p;
            if !queued[s] {
                queued[s] = true;
                queue.push(s);
            }
        }
        for (s, p) in arrivals.dense.iter_mut().enumerate() {
            if *p > 0.0 {
                mass[s] += std::mem::take(p);
                if !queued[s] {
                    queued[s] = true;
                    queue.push(s);
                }
            }
        }
        if !arrivals.dense.is_empty() {
            spare.push(std::mem::take(&mut arrivals.dense));
        }
        let mut rounds = 0;
        while let Some(s) = queue.pop() {
            queued[s] = false;
            let m = std::mem::take(&mut mass[s]);
            rounds += 1;
            if rounds > ROUNDS_PER_TOTAL * n {
                stuck += m;
                continue;
            }
            let followed = walk.each_edge(s, |to, probability, step| {
                if step == 0 {
                    mass[to] += m * probability;
                    if !queued[to] {
                        queued[to] = true;
                        queue.push(to);
                    }
                } else {
                    // Slot `step - 1` once this total's slot is gone.
                    let slot = (step - 1) as usize;
                    if pending.len() <= slot {
                        pending.resize_with(slot + 1, Default::default);
                    }
                    let arriving = &mut pending[slot];
                    if dense {
                        if arriving.dense.is_empty() {
                            arriving.dense = spare.pop().unwrap_or_else(|| vec![0.0; n]);
                        }
                        arriving.dense[to] += m * probability;
                        arriving.sum += m * probability;
                    } else {
                        arriving.add(to, m * probability, &mut scratch);
                    }
                }
            });
            match followed {
                Some(edges) => work += edges,
                None if m > 0.0 => absorbed(total, s, m),
                None => {}
            }
        }
        let open: f64 = pending.iter().map(|a| a.sum).sum();
        // The next total with probability arriving.
        let Some(gap) = pending
            .iter()
            .position(|a| !a.list.is_empty() || !a.dense.is_empty())
        else {
            return stuck;
        };
        pending.drain(..gap);
        total += gap as u64 + 1;
        if open < settled || total > max_total || work > max_work {
            return open + stuck;
        }
    }
    stuck
}

/// The probability arriving at one total, by state, and its sum.
#[derive(Default)]
struct Arrivals {
    list: Vec<(usize, f64)>,
    /// For a chain of at most [`DENSE_STATES`] states, by state instead.
    dense: Vec<f64>,
    sum: f64,
}

/// The most states whose arrivals at a total are kept as one value each.
const DENSE_STATES: usize = 1 << 16;

/// How long a list of arrivals grows before those at one state are added
/// up: many edges into few states (a stage's ends, each at many lengths)
/// would otherwise hold gigabytes.
const MERGE_PAST: usize = 1 << 14;

impl Arrivals {
    /// Adds `p` arriving at `state`; `scratch` (one zero per state) adds
    /// up a long list's arrivals at one state, in one pass.
    fn add(&mut self, state: usize, p: f64, scratch: &mut [f64]) {
        self.list.push((state, p));
        self.sum += p;
        if self.list.len() >= MERGE_PAST && self.list.len().is_power_of_two() {
            let mut merged: Vec<(usize, f64)> = Vec::with_capacity(self.list.len() / 2);
            for &(s, p) in &self.list {
                if scratch[s] == 0.0 {
                    merged.push((s, 0.0));
                }
                scratch[s] += p;
            }
            for (s, p) in &mut merged {
                *p = std::mem::take(&mut scratch[*s]);
            }
            self.list = merged;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::markov::{Edge, six_or};

    /// A die thrown until a six: n throws with chance (5/6)^(n-1)/6; the
    /// count stops once less than 1e-15 is left, and its mean is 6.
    #[test]
    fn a_geometric_wait_is_counted_until_settled() {
        let mut chain = Chain::new(0);
        chain.push_transient(six_or(0, 1));
        chain.push_absorbing(vec![]);
        let d = reward_distribution(&chain, 0, 1e-15, 10_000, u64::MAX);
        for &(n, p) in &d.probabilities {
            let want = (5.0f64 / 6.0).powi(n as i32 - 1) / 6.0;
            assert!((p - want).abs() < 1e-15 * want.max(1.0), "{n}");
        }
        assert!(d.tail < 1e-15 && d.tail > 0.0);
        let total: f64 = d.probabilities.iter().map(|x| x.1).sum();
        assert!((total + d.tail - 1.0).abs() < 1e-14);
        assert!((d.mean() - 6.0).abs() < 1e-11);
    }

    /// Edges of reward 0 (decisions) pass probability within a total; a
    /// cap on the total stops the count and reports what is left.
    #[test]
    fn decisions_add_nothing_and_a_cap_leaves_a_tail() {
        let mut chain = Chain::new(0);
        chain.push_transient(vec![Edge::new(1, 0.5, 0.0), Edge::new(2, 0.5, 0.0)]);
        chain.push_transient(vec![Edge::new(0, 0.5, 2.0), Edge::new(3, 0.5, 2.0)]);
        chain.push_transient(vec![Edge::new(3, 1.0, 1.0)]);
        chain.push_absorbing(vec![]);
        let d = reward_distribution(&chain, 0, 0.0, 3, u64::MAX);
        assert_eq!(d.probabilities, [(1, 0.5), (2, 0.25), (3, 0.125)]);
        assert!((d.tail - 0.125).abs() < 1e-15);
    }

    /// A loop of reward 0 never moves on to the next total: what it holds
    /// past the cap on rounds is tail.
    #[test]
    fn a_loop_of_no_reward_ends_in_the_tail() {
        let mut chain = Chain::new(0);
        chain.push_transient(vec![Edge::new(1, 1.0, 0.0)]);
        chain.push_transient(vec![Edge::new(0, 1.0, 0.0)]);
        let d = reward_distribution(&chain, 0, 1e-15, 100, u64::MAX);
        assert!(d.probabilities.is_empty());
        assert_eq!(d.tail, 1.0);
    }

    /// Past the work allowed, the count stops and what is left is tail:
    /// the die thrown until a six, two edges a throw, stopped after about
    /// ten throws.
    #[test]
    fn the_work_allowed_leaves_a_tail() {
        let mut chain = Chain::new(0);
        chain.push_transient(six_or(0, 1));
        chain.push_absorbing(vec![]);
        let d = reward_distribution(&chain, 0, 1e-15, 10_000, 20);
        assert_eq!(d.probabilities.len(), 10);
        let left = (5.0f64 / 6.0).powi(10);
        assert!((d.tail - left).abs() < 1e-14, "{}", d.tail);
    }
}
