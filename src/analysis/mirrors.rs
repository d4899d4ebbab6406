//! A chain whose states each stand for two: themselves and their mirror,
//! the seats' places exchanged ([`crate::core::stages::Stages::mirror`]),
//! and which of its edges lead to the mirror of the state they name.
//! Where both seats play alike, a state's odds are its mirror's, seat for
//! seat exchanged, so listing one of each pair halves the listing; the
//! odds are then found on the merged chain as the sum and the difference
//! of the two orientations' flows ([`Mirrors::values_from`]), not on a
//! chain of both orientations twice its size.

use crate::analysis::absorption::{self, values_from};
use crate::analysis::markov::{Chain, Edge, Node};
use crate::analysis::markov_error::MarkovError;

/// Which edges of a merged chain lead to a mirror.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Mirrors {
    /// Where each state's edges begin in `flipped`.
    first: Vec<usize>,
    /// Whether each edge, state by state, leads to the mirror of the
    /// state it names.
    flipped: Vec<bool>,
}

impl Mirrors {
    /// Adds the next state's `edges` (none for an absorbing state), read
    /// as leading to a state's number times two, plus one for its mirror,
    /// and leads them to the number alone.
    pub fn add(&mut self, edges: &mut [Edge]) {
        self.first.push(self.flipped.len());
        for e in edges {
            self.flipped.push(e.to % 2 == 1);
            e.to /= 2;
        }
    }

    /// The mirrors, where an edge leads to one; `None` where none does.
    pub fn finish(self) -> Option<Mirrors> {
        self.flipped.contains(&true).then_some(self)
    }

    /// Whether `state`'s edge number `edge` leads to a mirror.
    pub fn flipped(&self, state: usize, edge: usize) -> bool {
        self.flipped[self.first[state] + edge]
    }

    /// The expected values where `chain` (its components `order`, as
    /// [`crate::analysis::markov::components`] gives them), started at
    /// `start` as it is, ends, and the expected reward until then, `mirror` giving an
    /// absorbing state's values from its mirror's: forward in two flows
    /// at once, the chance and the as-is less the mirrored (edges to a
    /// mirror weighed -1), which end as the chance of each orientation.
    /// Where a component is too large to solve forward, on the chain of
    /// both orientations ([`Mirrors::oriented`]).
    pub fn values_from(
        &self,
        chain: &Chain,
        order: &[Vec<usize>],
        start: usize,
        max_component: usize,
        mirror: impl Fn(&[f64]) -> Vec<f64>,
    ) -> Result<(Vec<f64>, f64), MarkovError> {
        let signs = |s, e| {
            if self.flipped(s, e) {
                [1.0, -1.0]
            } else {
                [1.0, 1.0]
            }
        };
        let (absorbed, reward) =
            match absorption::forward(chain, order, signs, start, max_component) {
                Err(MarkovError::TooLarge { .. }) => {
                    let both = self.oriented(chain, mirror);
                    return values_from(&both, 2 * start, max_component);
                }
                other => other?,
            };
        let mut values = vec![0.0; chain.width()];
        for (state, [chance, difference]) in absorbed {
            if let Node::Absorbing(v) = chain.node(state) {
                let as_is = (chance + difference) / 2.0;
                let mirrored = (chance - difference) / 2.0;
                for ((x, a), b) in values.iter_mut().zip(v).zip(mirror(v)) {
                    *x += as_is * a + mirrored * b;
                }
            }
        }
        Ok((values, reward))
    }

    /// The chain of `chain`'s states each as it is (state `2i`) and
    /// mirrored (`2i + 1`), its absorbing values mirrored by `mirror`:
    /// from a state mirrored, an edge leads to the mirror of where it
    /// leads from the state.
    pub fn oriented(&self, chain: &Chain, mirror: impl Fn(&[f64]) -> Vec<f64>) -> Chain {
        let mut both = Chain::new(chain.width());
        for state in 0..chain.len() {
            match chain.node(state) {
                Node::Transient(edges) => {
                    let to = |flip: bool| {
                        let flipped = |(i, e): (usize, &Edge)| Edge {
                            to: 2 * e.to + usize::from(self.flipped(state, i) != flip),
                            ..*e
                        };
                        edges.iter().enumerate().map(flipped).collect()
                    };
                    both.push_transient(to(false));
                    both.push_transient(to(true));
                }
                Node::Absorbing(values) => {
                    both.push_absorbing(values.clone());
                    both.push_absorbing(mirror(values));
                }
            }
        }
        both
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::markov::components;
    use crate::core::seed::{Rng, Stream, below, stream};

    /// A random merged chain of `n` states (loops and ways back to the
    /// mirror of the same state included) with two ends, each worth 1 to
    /// one side, and its mirrors; and the same chain with both
    /// orientations written out by hand, each state `2i` as it is and
    /// `2i + 1` mirrored.
    fn merged_and_both(seed: u64, n: usize) -> (Chain, Mirrors, Chain) {
        let mut rng = stream(seed, Stream::Dice);
        let mut merged = Chain::new(2);
        let mut mirrors = Mirrors::default();
        let mut both = Chain::new(2);
        let code = |rng: &mut Rng, to: usize| 2 * to + below(rng, 2) as usize;
        for _ in 0..n {
            let length = |rng: &mut Rng| f64::from(below(rng, 3) + 1);
            let end = n + below(&mut rng, 2) as usize;
            let mut edges = vec![Edge::new(code(&mut rng, end), 0.2, 1.0)];
            for _ in 0..4 {
                let to = below(&mut rng, n as u32) as usize;
                edges.push(Edge::new(code(&mut rng, to), 0.2, length(&mut rng)));
            }
            let mirrored = edges.iter().map(|e| Edge { to: e.to ^ 1, ..*e }).collect();
            both.push_transient(edges.clone());
            both.push_transient(mirrored);
            mirrors.add(&mut edges);
            merged.push_transient(edges);
        }
        for end in [vec![1.0, 0.0], vec![0.0, 1.0]] {
            mirrors.add(&mut []);
            merged.push_absorbing(end.clone());
            both.push_absorbing(end.clone());
            both.push_absorbing(vec![end[1], end[0]]);
        }
        (merged, mirrors, both)
    }

    /// The two flows forward, the chain of both orientations (what a
    /// component too large falls back to) and that chain written out by
    /// hand and solved backward give the same odds and length, on chains
    /// whose states lead round into one another and into their mirrors.
    #[test]
    fn the_merged_chain_gives_both_orientations_odds() {
        let swap = |v: &[f64]| vec![v[1], v[0]];
        for seed in 0..8 {
            let (merged, mirrors, both) = merged_and_both(seed, 14);
            let mirrors = mirrors.finish().expect("some edge leads to a mirror");
            let solved = both.solve(100).unwrap();
            for start in 0..14 {
                let expected = (solved.values(2 * start), solved.reward(2 * start));
                for max_component in [100, 1] {
                    let order: Vec<_> = components(&merged).collect();
                    let (values, reward) = mirrors
                        .values_from(&merged, &order, start, max_component, swap)
                        .unwrap();
                    for (v, e) in values.iter().zip(expected.0) {
                        assert!((v - e).abs() < 1e-13, "seed {seed} start {start}");
                    }
                    assert!((reward - expected.1).abs() < 1e-12, "seed {seed}");
                }
            }
            // The sides' odds differ: the mirrors are not a no-op.
            assert!((solved.values(0)[0] - solved.values(0)[1]).abs() > 1e-3);
        }
    }

    /// A chain with no edge to a mirror has no mirrors.
    #[test]
    fn no_edge_to_a_mirror_is_no_mirrors() {
        let mut mirrors = Mirrors::default();
        mirrors.add(&mut [Edge::new(2, 0.5, 1.0), Edge::new(4, 0.5, 1.0)]);
        mirrors.add(&mut []);
        assert!(mirrors.finish().is_none());
    }
}
