//! Where an absorbing chain ([`crate::analysis::markov`]) started at one
//! state ends, found forward from that state alone: the chance of each
//! absorbing state and the expected reward on the way. Exact analysis
//! reads only the start's values, and [`Chain::solve`] finds every
//! state's, at the cost of the chain's edges times its width: a stage of
//! Half Hazard has some sixty ends, each a value of every state. Forward,
//! the cost is the edges once (and the cube of each component of several
//! states, as backward).

use crate::analysis::markov::{Chain, NEVER_LEFT, Node, components, eliminate};
use crate::analysis::markov_error::MarkovError;

/// Where a chain started at one state ends.
#[derive(Clone, Debug, PartialEq)]
pub struct Absorption {
    /// Each absorbing state reached, with the chance of ending there, in
    /// the order the states are numbered.
    pub absorbed: Vec<(usize, f64)>,
    /// The expected reward gathered until the chain ends.
    pub reward: f64,
}

impl Absorption {
    /// The expected values where the chain ends: each absorbing state's
    /// values weighed by the chance of ending there.
    pub fn values(&self, chain: &Chain) -> Vec<f64> {
        let mut values = vec![0.0; chain.width()];
        for &(state, p) in &self.absorbed {
            if let Node::Absorbing(v) = chain.node(state) {
                for (x, y) in values.iter_mut().zip(v) {
                    *x += p * y;
                }
            }
        }
        values
    }
}

/// Where `chain`, started at `start`, ends: probability pushed forward
/// through its strongly connected components, each once the components
/// that lead into it are done. A component of several states (at most
/// `max_component`; a larger one is refused, for [`Chain::solve`]'s
/// sparse elimination) solves for the visits its states get,
/// `v (I - P) = m` with `m` what flows in. A component that cannot be
/// left is reported, as [`Chain::solve`] reports it.
///
/// ```
/// use ludus::analysis::absorption::absorption_from;
/// use ludus::analysis::markov::{Chain, six_or};
/// // Thrown until a six: ends surely, after six throws on average.
/// let mut chain = Chain::new(1);
/// chain.push_transient(six_or(0, 1));
/// chain.push_absorbing(vec![1.0]);
/// let a = absorption_from(&chain, 0, 100).unwrap();
/// assert_eq!(a.absorbed.len(), 1);
/// assert!((a.absorbed[0].1 - 1.0).abs() < 1e-15);
/// assert!((a.reward - 6.0).abs() < 1e-12);
/// ```
pub fn absorption_from(
    chain: &Chain,
    start: usize,
    max_component: usize,
) -> Result<Absorption, MarkovError> {
    let order: Vec<Vec<usize>> = components(chain).collect();
    absorption_in(chain, &order, start, max_component)
}

/// [`absorption_from`] with the chain's components `order` given, as
/// [`components`] gives them.
fn absorption_in(
    chain: &Chain,
    order: &[Vec<usize>],
    start: usize,
    max_component: usize,
) -> Result<Absorption, MarkovError> {
    let (absorbed, reward) = forward(chain, order, |_, _| [1.0], start, max_component)?;
    Ok(Absorption {
        absorbed: absorbed.into_iter().map(|(s, [p])| (s, p)).collect(),
        reward,
    })
}

/// Each absorbing state reached with what each lane of flow brings it,
/// and the expected reward on the way.
pub(crate) type Flows<const L: usize> = (Vec<(usize, [f64; L])>, f64);

/// [`absorption_from`] through the chain's components `order` (as
/// [`components`] gives them), in `L` lanes of flow at once, each edge's share
/// of a lane weighed by `signs(state, edge)` for that lane (the first
/// lane's signs all +1: it is the chance, and gathers the reward). A
/// lane of signs -1 and +1 carries a difference of two flows (a state's
/// and its mirror's, [`crate::analysis::mirrors::Mirrors`]) through the same components.
pub(crate) fn forward<const L: usize>(
    chain: &Chain,
    order: &[Vec<usize>],
    signs: impl Fn(usize, usize) -> [f64; L],
    start: usize,
    max_component: usize,
) -> Result<Flows<L>, MarkovError> {
    let n = chain.len();
    let mut inflow = vec![[0.0; L]; n];
    inflow[start] = [1.0; L];
    let mut local = vec![usize::MAX; n];
    let mut absorbed = Vec::new();
    let mut reward = 0.0;
    // Tarjan's order puts each component after those it leads to:
    // reversed, each comes after those that lead into it.
    for component in order.iter().rev() {
        if component.iter().all(|&s| inflow[s] == [0.0; L]) {
            continue;
        }
        if let [s] = component[..] {
            let edges = match chain.node(s) {
                Node::Absorbing(_) => {
                    absorbed.push((s, inflow[s]));
                    continue;
                }
                Node::Transient(edges) => edges,
            };
            let leave: f64 = edges
                .iter()
                .filter(|e| e.to != s)
                .map(|e| e.probability)
                .sum();
            if leave <= NEVER_LEFT {
                return Err(MarkovError::NeverLeft {
                    state: s,
                    states: 1,
                });
            }
            // Visits: what flows in, over the chance of leaving at each
            // (the sum of the ways out, which loses no digits where it is
            // small, where 1 - stay would). A way back weighed -1 adds
            // to the way out, twice its chance.
            let mut out = [leave; L];
            for (i, e) in edges.iter().enumerate().filter(|(_, e)| e.to == s) {
                for (o, sign) in out.iter_mut().zip(signs(s, i)) {
                    *o += (1.0 - sign) * e.probability;
                }
            }
            let visits: [f64; L] = std::array::from_fn(|l| inflow[s][l] / out[l]);
            for (i, e) in edges.iter().enumerate() {
                reward += visits[0] * e.probability * e.reward;
                if e.to != s {
                    let sign = signs(s, i);
                    for l in 0..L {
                        inflow[e.to][l] += visits[l] * e.probability * sign[l];
                    }
                }
            }
            continue;
        }
        let k = component.len();
        if k > max_component {
            return Err(MarkovError::TooLarge {
                states: k,
                limit: max_component,
            });
        }
        for (row, &s) in component.iter().enumerate() {
            local[s] = row;
        }
        let never_left = MarkovError::NeverLeft {
            state: component[0],
            states: k,
        };
        let visits = component_visits(chain, component, &local, &inflow, &signs);
        if let Ok(visits) = &visits {
            for (i, &s) in component.iter().enumerate() {
                if let Node::Transient(edges) = chain.node(s) {
                    for (j, e) in edges.iter().enumerate() {
                        reward += visits[0][i] * e.probability * e.reward;
                        if local[e.to] == usize::MAX {
                            let sign = signs(s, j);
                            for l in 0..L {
                                inflow[e.to][l] += visits[l][i] * e.probability * sign[l];
                            }
                        }
                    }
                }
            }
        }
        for &s in component {
            local[s] = usize::MAX;
        }
        visits.map_err(|()| never_left)?;
    }
    absorbed.sort_unstable_by_key(|&(s, _)| s);
    Ok((absorbed, reward))
}

/// The visits each state of `component` (its rows in `local`) gets, lane
/// by lane: `v (I - P) = m`, `m` what flows in; `Err` where it is never
/// left.
fn component_visits<const L: usize>(
    chain: &Chain,
    component: &[usize],
    local: &[usize],
    inflow: &[[f64; L]],
    signs: &impl Fn(usize, usize) -> [f64; L],
) -> Result<Vec<Vec<f64>>, ()> {
    let k = component.len();
    let mut leaves = 0.0;
    let mut lane = |l: usize| {
        // The transpose of I - P within, row by row: a[j][i] = δ - p(i -> j).
        let mut a = vec![0.0; k * k];
        let mut b = vec![0.0; k];
        for (i, &s) in component.iter().enumerate() {
            a[i * k + i] += 1.0;
            b[i] = inflow[s][l];
            if let Node::Transient(edges) = chain.node(s) {
                for (n, e) in edges.iter().enumerate() {
                    match local[e.to] {
                        usize::MAX if l == 0 => leaves += e.probability,
                        usize::MAX => {}
                        j => a[j * k + i] -= e.probability * signs(s, n)[l],
                    }
                }
            }
        }
        if leaves <= NEVER_LEFT {
            return Err(());
        }
        eliminate(&mut a, &mut b, k, 1).ok_or(())?;
        Ok(b)
    };
    (0..L).map(&mut lane).collect()
}

/// The expected values where `chain`, started at `start`, ends, and the
/// expected reward until then: forward ([`absorption_from`]) where its
/// components allow, else by [`Chain::solve`] (whose sparse elimination
/// takes components too large for a dense system).
pub fn values_from(
    chain: &Chain,
    start: usize,
    max_component: usize,
) -> Result<(Vec<f64>, f64), MarkovError> {
    let order: Vec<Vec<usize>> = components(chain).collect();
    values_in(chain, &order, start, max_component)
}

/// [`values_from`] with the chain's components `order` given, as
/// [`components`] gives them.
pub fn values_in(
    chain: &Chain,
    order: &[Vec<usize>],
    start: usize,
    max_component: usize,
) -> Result<(Vec<f64>, f64), MarkovError> {
    match absorption_in(chain, order, start, max_component) {
        Ok(a) => Ok((a.values(chain), a.reward)),
        Err(MarkovError::TooLarge { .. }) => {
            let solved = chain.solve(max_component)?;
            Ok((solved.values(start).to_vec(), solved.reward(start)))
        }
        Err(e) => Err(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::markov::{Edge, random_chain};

    /// Forward from the start, the same values and reward as every
    /// state's solved backward, on chains whose states lead round into
    /// one another, from every start.
    #[test]
    fn forward_agrees_with_the_solution() {
        for seed in 0..8 {
            let chain = random_chain(seed, 14);
            let solved = chain.solve(100).unwrap();
            for start in 0..chain.len() {
                let (values, reward) = values_from(&chain, start, 100).unwrap();
                assert!(
                    (values[0] - solved.values(start)[0]).abs() < 1e-13,
                    "seed {seed}"
                );
                assert!((reward - solved.reward(start)).abs() < 1e-12, "seed {seed}");
            }
            // A component past the bound is solved backward instead.
            let (values, reward) = values_from(&chain, 0, 1).unwrap();
            assert!((values[0] - solved.values(0)[0]).abs() < 1e-13);
            assert!((reward - solved.reward(0)).abs() < 1e-12);
            assert!(matches!(
                absorption_from(&chain, 0, 1),
                Err(MarkovError::TooLarge { .. })
            ));
        }
    }

    /// A chain of transient states, each left by its ways (to, chance),
    /// one throw each, then `ends` absorbing states, each worth 1 in its
    /// own column.
    fn chain_of(ways: &[&[(usize, f64)]], ends: usize) -> Chain {
        let mut chain = Chain::new(ends);
        for w in ways {
            chain.push_transient(w.iter().map(|&(to, p)| Edge::new(to, p, 1.0)).collect());
        }
        for end in 0..ends {
            let mut values = vec![0.0; ends];
            values[end] = 1.0;
            chain.push_absorbing(values);
        }
        chain
    }

    /// Two absorbing ends, reached by a loop (back to the start half the
    /// time, to either end a quarter): the chance of each, two throws.
    /// A loop with no way out is reported, not divided by zero.
    #[test]
    fn each_end_has_its_chance_and_a_loop_never_left_is_reported() {
        let chain = chain_of(&[&[(0, 0.5), (1, 0.25), (2, 0.25)]], 2);
        let a = absorption_from(&chain, 0, 10).unwrap();
        assert_eq!(a.absorbed, vec![(1, 0.5), (2, 0.5)]);
        assert_eq!(a.values(&chain), vec![0.5, 0.5]);
        assert!((a.reward - 2.0).abs() < 1e-15);
        let never = chain_of(&[&[(1, 1.0)], &[(0, 1.0)]], 1);
        assert!(matches!(
            absorption_from(&never, 0, 10),
            Err(MarkovError::NeverLeft { states: 2, .. })
        ));
    }
}
