//! The distribution of a game's length when some of its stages were
//! solved apart ([`crate::analysis::stage_solution`]): the chain of the
//! whole game steps over a stage in one edge of its mean length, which is
//! right for the odds and the mean but not for the distribution; here each
//! such step is split again into the lengths the stage takes to each of
//! its ends.

use crate::analysis::exact_limits::{MAX_LENGTH, MAX_LENGTH_WORK, SETTLED, TRANSFORM};
use crate::analysis::length_transform::{LengthEdges, Way, length_by_transform};
use crate::analysis::markov::Chain;
use crate::analysis::reward_distribution::{RewardDistribution, Walk, absorbed_by_total};

/// The stages of a chain solved apart.
#[derive(Clone, Debug, Default)]
pub struct StagedChain {
    /// For each state of the chain where a stage begins, the stage solved
    /// (its number): the state's edges lead to where its ends lead, one an
    /// end, in order.
    pub nodes: Vec<Option<usize>>,
    /// For each stage solved, for each of its ends, the chance of each
    /// length.
    pub lengths: Vec<Vec<Vec<(u64, f64)>>>,
}

/// The chain, its stages' steps split by length.
struct Split<'a> {
    chain: &'a Chain,
    stages: &'a StagedChain,
}

impl Walk for Split<'_> {
    fn states(&self) -> usize {
        self.chain.len()
    }

    fn each_edge(&self, state: usize, mut edge: impl FnMut(usize, f64, u64)) -> Option<u64> {
        let Some(stage) = self.stages.nodes[state] else {
            return self.chain.each_edge(state, edge);
        };
        let mut count = 0;
        let targets = self.chain.edges(state).iter().map(|e| e.to);
        for (to, lengths) in targets.zip(&self.stages.lengths[stage]) {
            for &(length, p) in lengths {
                edge(to, p, length);
            }
            count += lengths.len() as u64;
        }
        Some(count)
    }
}

/// The chain as the generating function reads it: a stage's way to each
/// of its ends is one list of lengths, shared by every state where that
/// stage begins.
struct Shared<'a> {
    split: Split<'a>,
    /// Each shared list's stage and end.
    ids: Vec<(usize, usize)>,
    /// The number of each stage's first end's list.
    first: Vec<usize>,
}

impl LengthEdges for Shared<'_> {
    fn states(&self) -> usize {
        self.split.chain.len()
    }

    fn shared_count(&self) -> usize {
        self.ids.len()
    }

    fn shared(&self, id: usize) -> &[(u64, f64)] {
        let (stage, end) = self.ids[id];
        &self.split.stages.lengths[stage][end]
    }

    fn each_way(&self, state: usize, mut way: impl FnMut(usize, Way)) -> bool {
        match self.split.stages.nodes[state] {
            Some(stage) => {
                for (end, e) in self.split.chain.edges(state).iter().enumerate() {
                    way(e.to, Way::Shared(self.first[stage] + end));
                }
                true
            }
            None => self
                .split
                .chain
                .each_edge(state, |to, p, length| way(to, Way::Length(length, p)))
                .is_some(),
        }
    }
}

impl StagedChain {
    /// The distribution of the length of play through `chain` (whose
    /// stages these are, whose components are `order`, as
    /// [`crate::analysis::markov::components`] gives them, and whose
    /// expected length is `mean`), from its
    /// state 0: through its generating function
    /// ([`crate::analysis::length_transform`]) where that fits its
    /// bounds, else counted as
    /// [`crate::analysis::reward_distribution::reward_distribution`]
    /// counts it. The tail also holds what each stage's own count left
    /// out.
    pub fn length_distribution(
        &self,
        chain: &Chain,
        order: &[Vec<usize>],
        mean: f64,
    ) -> RewardDistribution {
        let split = Split {
            chain,
            stages: self,
        };
        let mut ids = Vec::new();
        let mut first = Vec::new();
        for (stage, ends) in self.lengths.iter().enumerate() {
            first.push(ids.len());
            ids.extend((0..ends.len()).map(|end| (stage, end)));
        }
        let shared = Shared { split, ids, first };
        if let Some(d) = length_by_transform(&shared, order, mean, TRANSFORM) {
            return d;
        }
        self.counted(chain)
    }

    /// The distribution counted one length at a time.
    fn counted(&self, chain: &Chain) -> RewardDistribution {
        let mut probabilities: Vec<(u64, f64)> = Vec::new();
        let split = Split {
            chain,
            stages: self,
        };
        absorbed_by_total(
            &split,
            0,
            SETTLED,
            MAX_LENGTH,
            MAX_LENGTH_WORK,
            |total, _, p| match probabilities.last_mut() {
                Some((t, q)) if *t == total => *q += p,
                _ => probabilities.push((total, p)),
            },
        );
        let counted: f64 = probabilities.iter().map(|&(_, p)| p).sum();
        RewardDistribution {
            probabilities,
            tail: (1.0 - counted).max(0.0),
        }
    }
}
