//! The distribution of the reward an absorbing Markov chain
//! ([`crate::analysis::markov`]) gathers before it ends, for chains whose
//! rewards are whole numbers (a game's length in throws): the chance of
//! each total, found by pushing the probability forward from the start,
//! one total at a time, until what is not yet absorbed is negligible.
//! What is left then is reported, not dropped.

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
    let mut work = 0u64;
    let n = chain.len();
    let mut probabilities = Vec::new();
    // Probability arriving at each total still to come, by state (a state
    // may be listed more than once).
    let mut pending: std::collections::BTreeMap<u64, Vec<(usize, f64)>> =
        std::collections::BTreeMap::new();
    pending.insert(0, vec![(start, 1.0)]);
    let mut mass = vec![0.0; n];
    let mut queued = vec![false; n];
    let mut queue = Vec::new();
    let mut stuck = 0.0;
    while let Some((total, arrivals)) = pending.pop_first() {
        for (s, p) in arrivals {
            mass[s] += p;
            if !queued[s] {
                queued[s] = true;
                queue.push(s);
            }
        }
        let mut absorbed = 0.0;
        let mut rounds = 0;
        while let Some(s) = queue.pop() {
            queued[s] = false;
            let m = std::mem::take(&mut mass[s]);
            rounds += 1;
            if rounds > ROUNDS_PER_TOTAL * n {
                stuck += m;
                continue;
            }
            let edges = match chain.node(s) {
                Node::Absorbing(_) => {
                    absorbed += m;
                    continue;
                }
                Node::Transient(edges) => edges,
            };
            work += edges.len() as u64;
            for e in edges {
                let step = e.reward.round().max(0.0) as u64;
                if step == 0 {
                    mass[e.to] += m * e.probability;
                    if !queued[e.to] {
                        queued[e.to] = true;
                        queue.push(e.to);
                    }
                } else {
                    pending
                        .entry(total + step)
                        .or_default()
                        .push((e.to, m * e.probability));
                }
            }
        }
        if absorbed > 0.0 {
            probabilities.push((total, absorbed));
        }
        let open: f64 = pending.values().flatten().map(|&(_, p)| p).sum();
        let next = pending.keys().next().copied();
        if open < settled || next.is_none_or(|t| t > max_total) || work > max_work {
            return RewardDistribution {
                probabilities,
                tail: open + stuck,
            };
        }
    }
    RewardDistribution {
        probabilities,
        tail: stuck,
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
