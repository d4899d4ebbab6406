//! Absorbing Markov chains solved exactly: for every state, the expected
//! value of where the chain ends and the expected reward gathered on the
//! way, found by linear algebra rather than by iterating to a tolerance.
//!
//! The chain is cut into strongly connected components (Tarjan's method,
//! written with an explicit stack, since a chain of a million states in a
//! row would overflow the call stack). Tarjan's method finishes a
//! component only after every component it leads to, so each is solved
//! once the values past it are known: a state alone is a division, a
//! larger component a dense linear system `(I - P) x = b` solved by
//! Gaussian elimination with partial pivoting, every value and the reward
//! at once, and a component too large for a dense system by sparse
//! elimination ([`crate::analysis::sparse_elimination`]). A component
//! that cannot be left (a loop with no way out) has no solution, and is
//! reported rather than divided by zero.

use crate::analysis::sparse_elimination::{SparseFailure, solve_sparse};

use crate::analysis::markov_error::MarkovError;

/// A transition out of a transient state.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Edge {
    /// The state it leads to.
    pub to: usize,
    /// Its probability.
    pub probability: f64,
    /// The reward gathered on taking it.
    pub reward: f64,
}

/// The edges of one throw of a die, one throw long: a six leads to
/// `six`, anything else to `again`; the smallest loop, for examples.
///
/// ```
/// use ludus::analysis::markov::{Chain, six_or};
/// // Thrown until a six: it ends surely, after six throws on average.
/// let mut chain = Chain::new(1);
/// chain.push_transient(six_or(0, 1));
/// chain.push_absorbing(vec![1.0]);
/// let solved = chain.solve(100).unwrap();
/// assert!((solved.reward(0) - 6.0).abs() < 1e-12);
/// ```
pub fn six_or(again: usize, six: usize) -> Vec<Edge> {
    vec![
        Edge::new(again, 5.0 / 6.0, 1.0),
        Edge::new(six, 1.0 / 6.0, 1.0),
    ]
}

impl Edge {
    /// An edge to `to` with its probability and reward.
    pub const fn new(to: usize, probability: f64, reward: f64) -> Edge {
        Edge {
            to,
            probability,
            reward,
        }
    }
}

/// A state of the chain.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A state the chain leaves by these edges (their probabilities sum to 1).
    Transient(Vec<Edge>),
    /// A state the chain ends in, with its values (as many as the chain's
    /// width).
    Absorbing(Vec<f64>),
}

/// An absorbing Markov chain: states numbered from 0 in the order pushed.
///
/// ```
/// use ludus::analysis::markov::{Chain, Edge};
/// // A die thrown until it shows a six, one throw a step: it ends, and
/// // takes six throws on average.
/// let mut chain = Chain::new(1);
/// let edge = |to, probability| Edge { to, probability, reward: 1.0 };
/// chain.push_transient(vec![edge(0, 5.0 / 6.0), edge(1, 1.0 / 6.0)]);
/// chain.push_absorbing(vec![1.0]);
/// let solved = chain.solve(100).unwrap();
/// assert!((solved.values(0)[0] - 1.0).abs() < 1e-15);
/// assert!((solved.reward(0) - 6.0).abs() < 1e-12);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Chain {
    width: usize,
    nodes: Vec<Node>,
}

/// The solution of a chain: per state, the expected values at absorption
/// and the expected reward until then.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    width: usize,
    // Per state, `width` values then the reward.
    columns: Vec<f64>,
}

impl Solution {
    /// The expected values where the chain ends, from `state`.
    pub fn values(&self, state: usize) -> &[f64] {
        let at = state * (self.width + 1);
        &self.columns[at..at + self.width]
    }

    /// The expected reward gathered until the chain ends, from `state`.
    pub fn reward(&self, state: usize) -> f64 {
        self.columns[state * (self.width + 1) + self.width]
    }
}

/// The probability of leaving a component below which it counts as never
/// left: the chance of staying is then 1 up to rounding.
pub(crate) const NEVER_LEFT: f64 = 1e-12;

/// The most transitions a sparse elimination holds at once: some hundreds
/// of megabytes, and the work grows with them.
pub const MAX_FILL: usize = 20_000_000;

impl Chain {
    /// An empty chain whose absorbing states carry `width` values each.
    pub fn new(width: usize) -> Chain {
        Chain {
            width,
            nodes: Vec::new(),
        }
    }

    /// Adds a transient state; returns its number.
    pub fn push_transient(&mut self, edges: Vec<Edge>) -> usize {
        self.nodes.push(Node::Transient(edges));
        self.nodes.len() - 1
    }

    /// Adds an absorbing state with its values (as many as the chain's
    /// width); returns its number.
    pub fn push_absorbing(&mut self, values: Vec<f64>) -> usize {
        self.nodes.push(Node::Absorbing(values));
        self.nodes.len() - 1
    }

    /// How many values each absorbing state carries.
    pub fn width(&self) -> usize {
        self.width
    }

    /// How many states the chain has.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// State `state`.
    pub fn node(&self, state: usize) -> &Node {
        &self.nodes[state]
    }

    /// Whether the chain has no state.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// Solves the chain: a strongly connected component of at most
    /// `max_component` states as a dense system (its cost is the cube of
    /// its size), a larger one by sparse elimination, refused if that
    /// would hold more than [`MAX_FILL`] transitions at once.
    pub fn solve(&self, max_component: usize) -> Result<Solution, MarkovError> {
        self.check()?;
        let mut solver = Solver {
            chain: self,
            columns: vec![0.0; self.nodes.len() * (self.width + 1)],
            local: vec![usize::MAX; self.nodes.len()],
            max_component,
        };
        for component in Components::new(self) {
            solver.component(&component)?;
        }
        Ok(Solution {
            width: self.width,
            columns: solver.columns,
        })
    }

    /// Every edge leads to a state, every absorbing state has its values.
    fn check(&self) -> Result<(), MarkovError> {
        for (from, node) in self.nodes.iter().enumerate() {
            match node {
                Node::Transient(edges) => {
                    if let Some(e) = edges.iter().find(|e| e.to >= self.nodes.len()) {
                        return Err(MarkovError::Dangling {
                            from,
                            to: e.to,
                            states: self.nodes.len(),
                        });
                    }
                }
                Node::Absorbing(values) if values.len() != self.width => {
                    return Err(MarkovError::Width {
                        state: from,
                        values: values.len(),
                        width: self.width,
                    });
                }
                Node::Absorbing(_) => {}
            }
        }
        Ok(())
    }

    /// The edges out of `state`: none if it is absorbing.
    pub fn edges(&self, state: usize) -> &[Edge] {
        match &self.nodes[state] {
            Node::Transient(edges) => edges,
            Node::Absorbing(_) => &[],
        }
    }
}

/// The strongly connected components of `chain`'s graph (its edges'
/// probabilities do not matter), each listed after every component it
/// leads to: the order in which backward induction settles them
/// ([`crate::analysis::equilibrium`]).
pub fn components(chain: &Chain) -> impl Iterator<Item = Vec<usize>> + '_ {
    Components::new(chain)
}

/// The strongly connected components of a chain, each after every
/// component it leads to (Tarjan's order), found without recursion.
struct Components<'a> {
    chain: &'a Chain,
    // Tarjan's discovery number of each state (UNSEEN before), and the
    // lowest one reachable back along the search.
    index: Vec<usize>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    // The search path: each state with the number of its edges followed.
    path: Vec<(usize, usize)>,
    next_index: usize,
    next_root: usize,
}

const UNSEEN: usize = usize::MAX;

impl<'a> Components<'a> {
    fn new(chain: &'a Chain) -> Components<'a> {
        let n = chain.nodes.len();
        Components {
            chain,
            index: vec![UNSEEN; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            path: Vec::new(),
            next_index: 0,
            next_root: 0,
        }
    }

    fn discover(&mut self, state: usize) {
        self.index[state] = self.next_index;
        self.low[state] = self.next_index;
        self.next_index += 1;
        self.stack.push(state);
        self.on_stack[state] = true;
        self.path.push((state, 0));
    }
}

impl Iterator for Components<'_> {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.path.is_empty() {
                while self.next_root < self.index.len() && self.index[self.next_root] != UNSEEN {
                    self.next_root += 1;
                }
                if self.next_root == self.index.len() {
                    return None;
                }
                self.discover(self.next_root);
            }
            let (v, followed) = *self.path.last().expect("a state on the path");
            let edges = self.chain.edges(v);
            if followed < edges.len() {
                self.path.last_mut().expect("a state on the path").1 += 1;
                let w = edges[followed].to;
                if self.index[w] == UNSEEN {
                    self.discover(w);
                } else if self.on_stack[w] {
                    self.low[v] = self.low[v].min(self.index[w]);
                }
                continue;
            }
            self.path.pop();
            if let Some(&(u, _)) = self.path.last() {
                self.low[u] = self.low[u].min(self.low[v]);
            }
            if self.low[v] == self.index[v] {
                let mut component = Vec::new();
                loop {
                    let w = self
                        .stack
                        .pop()
                        .expect("the component's states are stacked");
                    self.on_stack[w] = false;
                    component.push(w);
                    if w == v {
                        break;
                    }
                }
                return Some(component);
            }
        }
    }
}

/// The values found so far, filled in one component at a time.
struct Solver<'a> {
    chain: &'a Chain,
    columns: Vec<f64>,
    // Each state's row in the component being solved (usize::MAX outside it).
    local: Vec<usize>,
    max_component: usize,
}

impl Solver<'_> {
    fn stride(&self) -> usize {
        self.chain.width + 1
    }

    fn component(&mut self, states: &[usize]) -> Result<(), MarkovError> {
        if let [state] = *states {
            return self.alone(state);
        }
        for (row, &s) in states.iter().enumerate() {
            self.local[s] = row;
        }
        let solved = if states.len() > self.max_component {
            self.sparse(states)
        } else {
            self.system(states)
        };
        for &s in states {
            self.local[s] = usize::MAX;
        }
        solved
    }

    /// A component of one state: its values are what its edges out lead
    /// to, scaled up by the chance of looping on itself.
    fn alone(&mut self, state: usize) -> Result<(), MarkovError> {
        let stride = self.stride();
        let edges = match &self.chain.nodes[state] {
            Node::Absorbing(values) => {
                let at = state * stride;
                self.columns[at..at + self.chain.width].copy_from_slice(values);
                return Ok(());
            }
            Node::Transient(edges) => edges,
        };
        let mut b = vec![0.0; stride];
        let mut stay = 0.0;
        for e in edges {
            b[stride - 1] += e.probability * e.reward;
            if e.to == state {
                stay += e.probability;
            } else {
                for (c, x) in b.iter_mut().enumerate() {
                    *x += e.probability * self.columns[e.to * stride + c];
                }
            }
        }
        let leave = 1.0 - stay;
        if leave <= NEVER_LEFT {
            return Err(MarkovError::NeverLeft { state, states: 1 });
        }
        for (c, x) in b.iter().enumerate() {
            self.columns[state * stride + c] = x / leave;
        }
        Ok(())
    }

    /// A component of several states: `(I - P) x = b`, where `P` holds the
    /// edges within it and `b` what the edges out of it lead to.
    fn system(&mut self, states: &[usize]) -> Result<(), MarkovError> {
        let k = states.len();
        let stride = self.stride();
        let mut a = vec![0.0; k * k];
        let mut b = vec![0.0; k * stride];
        let mut leaves = 0.0;
        for (row, &s) in states.iter().enumerate() {
            a[row * k + row] = 1.0;
            for e in self.chain.edges(s) {
                b[row * stride + stride - 1] += e.probability * e.reward;
                let to = self.local[e.to];
                if to == usize::MAX {
                    leaves += e.probability;
                    for c in 0..stride {
                        b[row * stride + c] += e.probability * self.columns[e.to * stride + c];
                    }
                } else {
                    a[row * k + to] -= e.probability;
                }
            }
        }
        let never_left = MarkovError::NeverLeft {
            state: states[0],
            states: k,
        };
        if leaves <= NEVER_LEFT {
            return Err(never_left);
        }
        eliminate(&mut a, &mut b, k, stride).ok_or(never_left)?;
        for (row, &s) in states.iter().enumerate() {
            self.columns[s * stride..(s + 1) * stride]
                .copy_from_slice(&b[row * stride..(row + 1) * stride]);
        }
        Ok(())
    }
}

impl Solver<'_> {
    /// A component too large for a dense system, as rows of its edges
    /// within (one per state they lead to), its chance of leaving and what
    /// the edges out of it lead to, solved by sparse elimination.
    fn sparse(&mut self, states: &[usize]) -> Result<(), MarkovError> {
        let stride = self.stride();
        let (mut edges, mut exit, mut constant) = (Vec::new(), Vec::new(), Vec::new());
        for &s in states {
            let mut within: Vec<(u32, f64)> = Vec::new();
            let (mut leaves, mut b) = (0.0, vec![0.0; stride]);
            for e in self.chain.edges(s) {
                b[stride - 1] += e.probability * e.reward;
                let to = self.local[e.to];
                if to == usize::MAX {
                    leaves += e.probability;
                    for (c, x) in b.iter_mut().enumerate() {
                        *x += e.probability * self.columns[e.to * stride + c];
                    }
                } else {
                    // Edges of different rewards to one state are one here.
                    match within.iter_mut().find(|w| w.0 as usize == to) {
                        Some(w) => w.1 += e.probability,
                        None => within.push((to as u32, e.probability)),
                    }
                }
            }
            edges.push(within);
            exit.push(leaves);
            constant.push(b);
        }
        let values =
            solve_sparse(edges, exit, constant, MAX_FILL, NEVER_LEFT).map_err(|f| match f {
                SparseFailure::Fill => MarkovError::TooDense {
                    states: states.len(),
                    limit: MAX_FILL,
                },
                SparseFailure::NeverLeft(row) => MarkovError::NeverLeft {
                    state: states[row],
                    states: states.len(),
                },
            })?;
        for (&s, v) in states.iter().zip(values) {
            self.columns[s * stride..(s + 1) * stride].copy_from_slice(&v);
        }
        Ok(())
    }
}

/// Solves `a x = b` in place for the `k` by `k` matrix `a` and the `k` by
/// `columns` right-hand sides `b` (both row by row), leaving `x` in `b`;
/// `None` if `a` is singular (a pivot below [`NEVER_LEFT`]).
pub(crate) fn eliminate(a: &mut [f64], b: &mut [f64], k: usize, columns: usize) -> Option<()> {
    for col in 0..k {
        let pivot = (col..k)
            .max_by(|&i, &j| a[i * k + col].abs().total_cmp(&a[j * k + col].abs()))
            .expect("a row at or below the diagonal");
        if a[pivot * k + col].abs() <= NEVER_LEFT {
            return None;
        }
        if pivot != col {
            for c in 0..k {
                a.swap(pivot * k + c, col * k + c);
            }
            for c in 0..columns {
                b.swap(pivot * columns + c, col * columns + c);
            }
        }
        let d = a[col * k + col];
        for row in col + 1..k {
            let f = a[row * k + col] / d;
            if f == 0.0 {
                continue;
            }
            a[row * k + col] = 0.0;
            for c in col + 1..k {
                a[row * k + c] -= f * a[col * k + c];
            }
            for c in 0..columns {
                b[row * columns + c] -= f * b[col * columns + c];
            }
        }
    }
    for row in (0..k).rev() {
        for c in 0..columns {
            let mut x = b[row * columns + c];
            for j in row + 1..k {
                x -= a[row * k + j] * b[j * columns + c];
            }
            b[row * columns + c] = x / a[row * k + row];
        }
    }
    Some(())
}

/// For tests of the solvers: a random chain of `n` states, some leading
/// round into one another, with lengths 1 to 3 (the count one length at
/// a time stops short on loops of length 0) and a way out to the
/// absorbing state (numbered `n`) everywhere.
#[cfg(test)]
pub(crate) fn random_chain(seed: u64, n: usize) -> Chain {
    use crate::core::seed::{Rng, Stream, below, stream};
    let mut rng = stream(seed, Stream::Dice);
    let mut chain = Chain::new(1);
    for _ in 0..n {
        let length = |rng: &mut Rng| f64::from(below(rng, 3) + 1);
        let mut edges = vec![Edge::new(n, 0.2, length(&mut rng))];
        for _ in 0..4 {
            let to = below(&mut rng, n as u32) as usize;
            edges.push(Edge::new(to, 0.2, length(&mut rng)));
        }
        chain.push_transient(edges);
    }
    chain.push_absorbing(vec![1.0]);
    chain
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Gambler's ruin: from `i` pounds, win one with chance `p` or lose one,
    /// until 0 or `n`. The chance of reaching `n` is
    /// `(1 - r^i) / (1 - r^n)`, `r = q/p`, and the expected number of bets
    /// `i/(q-p) - n/(q-p) (1 - r^i)/(1 - r^n)`.
    #[test]
    fn gamblers_ruin_has_its_closed_form() {
        let (n, p) = (12usize, 0.45);
        let q = 1.0 - p;
        let mut chain = Chain::new(1);
        chain.push_absorbing(vec![0.0]);
        for i in 1..n {
            chain.push_transient(vec![Edge::new(i + 1, p, 1.0), Edge::new(i - 1, q, 1.0)]);
        }
        chain.push_absorbing(vec![1.0]);
        let solved = chain.solve(100).unwrap();
        let r = q / p;
        for i in 0..=n {
            let reach = (1.0 - r.powi(i as i32)) / (1.0 - r.powi(n as i32));
            let bets = i as f64 / (q - p) - n as f64 / (q - p) * reach;
            assert!((solved.values(i)[0] - reach).abs() < 1e-13, "{i}");
            assert!((solved.reward(i) - bets).abs() < 1e-11, "{i}");
        }
        // The interior is one component of 11: past a dense bound of 10
        // it is solved by sparse elimination, to the same closed form.
        let sparse = chain.solve(10).unwrap();
        for i in 0..=n {
            let reach = (1.0 - r.powi(i as i32)) / (1.0 - r.powi(n as i32));
            let bets = i as f64 / (q - p) - n as f64 / (q - p) * reach;
            assert!((sparse.values(i)[0] - reach).abs() < 1e-13, "{i}");
            assert!((sparse.reward(i) - bets).abs() < 1e-11, "{i}");
        }
    }

    /// A throw repeated on a loop: two dice thrown until they are a pair
    /// (1 in 6), which wins if it is a double six (1 in 6 of the pairs).
    #[test]
    fn a_geometric_rethrow_is_a_division() {
        let mut chain = Chain::new(2);
        chain.push_transient(vec![
            Edge::new(0, 30.0 / 36.0, 1.0),
            Edge::new(1, 5.0 / 36.0, 1.0),
            Edge::new(2, 1.0 / 36.0, 1.0),
        ]);
        chain.push_absorbing(vec![0.0, 1.0]);
        chain.push_absorbing(vec![1.0, 0.0]);
        let solved = chain.solve(1).unwrap();
        assert!((solved.values(0)[0] - 1.0 / 6.0).abs() < 1e-15);
        assert!((solved.values(0)[1] - 5.0 / 6.0).abs() < 1e-15);
        assert!((solved.reward(0) - 6.0).abs() < 1e-13);
    }

    /// A goes to B; B goes back to A half the time, else ends in X or Y
    /// alike: each is reached with chance 1/2, after 4 steps on average
    /// from A (E_A = 1 + E_B, E_B = 1 + E_A / 2).
    #[test]
    fn a_two_state_cycle_is_a_system() {
        let mut chain = Chain::new(2);
        chain.push_transient(vec![Edge::new(1, 1.0, 1.0)]);
        chain.push_transient(vec![
            Edge::new(0, 0.5, 1.0),
            Edge::new(2, 0.25, 1.0),
            Edge::new(3, 0.25, 1.0),
        ]);
        chain.push_absorbing(vec![1.0, 0.0]);
        chain.push_absorbing(vec![0.0, 1.0]);
        let solved = chain.solve(2).unwrap();
        assert!((solved.values(0)[0] - 0.5).abs() < 1e-15);
        assert!((solved.values(1)[1] - 0.5).abs() < 1e-15);
        assert!((solved.reward(0) - 4.0).abs() < 1e-14);
        assert!((solved.reward(1) - 3.0).abs() < 1e-14);
    }

    #[test]
    fn a_loop_with_no_way_out_is_reported() {
        // Two states passing the game back and forth, with an end that
        // neither reaches; and one state that leads only to itself.
        let mut two = Chain::new(1);
        two.push_transient(vec![Edge::new(1, 1.0, 1.0)]);
        two.push_transient(vec![Edge::new(0, 1.0, 1.0)]);
        two.push_absorbing(vec![1.0]);
        let mut one = Chain::new(1);
        one.push_transient(vec![Edge::new(0, 1.0, 0.0)]);
        for (chain, state, states) in [(two, 1, 2), (one, 0, 1)] {
            let never_left = MarkovError::NeverLeft { state, states };
            assert_eq!(chain.solve(10), Err(never_left));
        }
    }

    /// A path far longer than the call stack could follow by recursion.
    #[test]
    fn a_long_chain_is_solved_without_recursion() {
        let n = 1_000_000;
        let mut chain = Chain::new(1);
        for i in 0..n {
            chain.push_transient(vec![Edge::new(i + 1, 1.0, 1.0)]);
        }
        chain.push_absorbing(vec![1.0]);
        let solved = chain.solve(1).unwrap();
        assert_eq!(solved.values(0), &[1.0]);
        assert_eq!(solved.reward(0), n as f64);
    }

    #[test]
    fn a_malformed_chain_is_refused() {
        let mut chain = Chain::new(1);
        chain.push_transient(vec![Edge::new(5, 1.0, 0.0)]);
        assert_eq!(
            chain.solve(1),
            Err(MarkovError::Dangling {
                from: 0,
                to: 5,
                states: 1
            })
        );
        let mut chain = Chain::new(2);
        chain.push_absorbing(vec![1.0]);
        assert_eq!(
            chain.solve(1),
            Err(MarkovError::Width {
                state: 0,
                values: 1,
                width: 2
            })
        );
    }
}
