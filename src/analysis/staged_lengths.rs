//! The distribution of a game's length when some of its stages were
//! solved apart ([`crate::analysis::stage_solution`]): the chain of the
//! whole game steps over a stage in one edge of its mean length, which is
//! right for the odds and the mean but not for the distribution; here each
//! such step is split again into the lengths the stage takes to each of
//! its ends.

use crate::analysis::exact_limits::{MAX_LENGTH, MAX_LENGTH_WORK, SETTLED};
use crate::analysis::markov::Chain;
use crate::analysis::reward_distribution::{RewardDistribution, Walk, absorbed_by_total};

/// The stages of a chain solved apart.
#[derive(Clone, Debug, Default)]
pub struct StagedChain {
    /// For each state of the chain where a stage begins, the stage solved
    /// (its number) and the state each of its ends leads to.
    pub nodes: Vec<Option<(usize, Vec<usize>)>>,
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
        let Some((stage, targets)) = &self.stages.nodes[state] else {
            return self.chain.each_edge(state, edge);
        };
        let mut count = 0;
        for (&to, lengths) in targets.iter().zip(&self.stages.lengths[*stage]) {
            for &(length, p) in lengths {
                edge(to, p, length);
            }
            count += lengths.len() as u64;
        }
        Some(count)
    }
}

impl StagedChain {
    /// The distribution of the length of play through `chain` (whose
    /// stages these are), from its state 0, counted as
    /// [`crate::analysis::reward_distribution::reward_distribution`]
    /// counts it; the tail also holds what each stage's own count left
    /// out.
    pub fn length_distribution(&self, chain: &Chain) -> RewardDistribution {
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
