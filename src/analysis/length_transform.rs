//! The distribution of a game's length through its generating function,
//! for chains too large to push forward one length at a time
//! ([`crate::analysis::reward_distribution`]): `G(z) = Σ P(L = n) zⁿ` is
//! what the chain's linear system gives when each way out of a state is
//! weighted by its chance times `z` to the power of its length. Solved at
//! the `N`-th roots of unity, its inverse discrete Fourier transform is
//! the distribution folded modulo `N`: `q(n) = Σⱼ P(L = n + jN)`.
//!
//! No length is shorter than the shortest way to an end, `m`: the folded
//! values are read as the lengths `m` to `m + N - 1`, so `N` need only
//! span the spread above `m`. What folds over is bounded by the exact
//! mean, at no cost: lengths of `m + N` or more are counted `N` short at
//! least once each, so `P(L ≥ m + N) ≤ (E[L] − Σ n q(n)) / N`. `N` is
//! doubled until that bound is negligible. The work is the chain's ways
//! times `N / 2` (the other half of the points are the conjugates), where
//! pushing forward costs the ways times the lengths each state is reached
//! at, times the lengths of each way: Half Hazard over ten turns steps
//! over each turn in one way of some fifty lengths to each of its ends.

use num_complex::Complex64;
use rayon::prelude::*;
use rustfft::FftPlanner;

use crate::analysis::markov::{Chain, Node};
use crate::analysis::reward_distribution::RewardDistribution;

/// One way out of a state: one length, or one of the lengths shared by
/// many states' ways ([`LengthEdges::shared`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Way {
    /// This length, with this chance.
    Length(u64, f64),
    /// The lengths numbered so, each with its chance.
    Shared(usize),
}

/// A chain whose ways out carry lengths, as the transform reads it.
pub trait LengthEdges: Sync {
    /// How many states there are.
    fn states(&self) -> usize;
    /// How many lists of lengths are shared.
    fn shared_count(&self) -> usize;
    /// The shared list `id`: lengths with their chances.
    fn shared(&self, id: usize) -> &[(u64, f64)];
    /// Calls `way(to, way)` for every way out of `state`; false if it is
    /// absorbing.
    fn each_way(&self, state: usize, way: impl FnMut(usize, Way)) -> bool;
}

/// How far the transform goes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TransformBounds {
    /// The most ways times points evaluated (the work), all sizes tried
    /// counted.
    pub work: u64,
    /// The most bytes the values at the points solved at once may take.
    pub memory: usize,
    /// The chance of a length folded over below which `N` is enough.
    pub folded: f64,
    /// The chance of a length below which it is not listed: the
    /// transform's rounding is about a hundredth of it.
    pub listed: f64,
}

/// The distribution of the length from state 0 of `chain`, whose states
/// come in `components` (each after every one it leads to, as
/// [`crate::analysis::markov::components`] gives them), given its exact
/// expected length `mean`; `None` where `bounds` do not allow an `N`
/// that folds over less than [`TransformBounds::folded`]. The tail is
/// what is not listed: lengths folded over, lengths below
/// [`TransformBounds::listed`], and what the shared lists left out.
///
/// ```
/// use ludus::analysis::length_transform::{LengthEdges, TransformBounds, Way, length_by_transform};
/// // A coin tossed until heads: n tosses with chance 2^-n.
/// struct Coin;
/// impl LengthEdges for Coin {
///     fn states(&self) -> usize { 2 }
///     fn shared_count(&self) -> usize { 0 }
///     fn shared(&self, _: usize) -> &[(u64, f64)] { &[] }
///     fn each_way(&self, state: usize, mut way: impl FnMut(usize, Way)) -> bool {
///         if state == 1 {
///             return false;
///         }
///         way(0, Way::Length(1, 0.5));
///         way(1, Way::Length(1, 0.5));
///         true
///     }
/// }
/// let bounds = TransformBounds { work: 1 << 30, memory: 1 << 20, folded: 1e-14, listed: 1e-14 };
/// let d = length_by_transform(&Coin, &[vec![1], vec![0]], 2.0, bounds).unwrap();
/// assert_eq!(d.probabilities[0].0, 1);
/// assert!((d.probabilities[0].1 - 0.5).abs() < 1e-15);
/// assert!((d.probabilities[1].1 - 0.25).abs() < 1e-15);
/// assert!(d.tail < 1e-13);
/// ```
pub fn length_by_transform(
    chain: &impl LengthEdges,
    components: &[Vec<usize>],
    mean: f64,
    bounds: TransformBounds,
) -> Option<RewardDistribution> {
    let per_point = work_per_point(chain, components);
    // No length is shorter than the shortest way to an end: the folded
    // values are read as the lengths from there on, so `N` need only span
    // the spread above it (Half Hazard's ten turns take 32 throws at
    // least, 40.3 on average).
    let shortest = shortest_length(chain, components)?;
    // Twice the mean spread and some: enough for a game whose length is
    // concentrated, doubled as the bound asks.
    let spread = (mean - shortest as f64).max(0.0);
    let mut n = ((2.0 * spread).ceil() as usize + 16).next_power_of_two();
    let mut work = 0u64;
    // G at ω^k for k from 0 to n / 2: doubled, `n`'s points are the even
    // points of `2n`, so only the odd are solved.
    let mut at: Vec<Complex64> = Vec::new();
    loop {
        let ks: Vec<usize> = if at.is_empty() {
            (0..=n / 2).collect()
        } else {
            (1..n / 2).step_by(2).collect()
        };
        work = work.saturating_add((ks.len() as u64).saturating_mul(per_point));
        if work > bounds.work {
            return None;
        }
        let solved = points_at(chain, components, n, &ks, bounds.memory)?;
        at = if at.is_empty() {
            solved
        } else {
            let mut odd = solved.into_iter();
            (0..=n / 2)
                .map(|k| {
                    if k % 2 == 0 {
                        at[k / 2]
                    } else {
                        odd.next().unwrap_or_default()
                    }
                })
                .collect()
        };
        let folded = folded_distribution(&at, n);
        // Length `shortest + i` is what folds onto `(shortest + i) mod N`.
        let from = shortest as usize % n;
        let unfolded: Vec<f64> = (0..n).map(|i| folded[(from + i) % n]).collect();
        let counted: f64 = unfolded
            .iter()
            .enumerate()
            .map(|(i, q)| (shortest + i as u64) as f64 * q)
            .sum();
        if (mean - counted) / n as f64 <= bounds.folded {
            return Some(listed(&unfolded, shortest, bounds.listed));
        }
        n *= 2;
    }
}

/// The shortest length from state 0 to an end, over the ways of non-zero
/// chance: `None` if no end can be reached. The components come leaves
/// first, so each is settled once those it leads to are; within one, the
/// lengths are relaxed until they hold (they are not negative).
fn shortest_length(chain: &impl LengthEdges, components: &[Vec<usize>]) -> Option<u64> {
    const NONE: u64 = u64::MAX;
    let shared: Vec<u64> = (0..chain.shared_count())
        .map(|id| {
            chain
                .shared(id)
                .iter()
                .filter(|&&(_, p)| p > 0.0)
                .map(|&(l, _)| l)
                .min()
                .unwrap_or(NONE)
        })
        .collect();
    let mut shortest = vec![NONE; chain.states()];
    for component in components {
        loop {
            let mut changed = false;
            for &s in component {
                let mut best = NONE;
                let transient = chain.each_way(s, |to, way| {
                    let length = match way {
                        Way::Length(l, p) if p > 0.0 => l,
                        Way::Length(..) => NONE,
                        Way::Shared(id) => shared[id],
                    };
                    best = best.min(length.saturating_add(shortest[to]));
                });
                let best = if transient { best } else { 0 };
                if best < shortest[s] {
                    shortest[s] = best;
                    changed = true;
                }
            }
            if !changed || component.len() == 1 {
                break;
            }
        }
    }
    (shortest[0] != NONE).then_some(shortest[0])
}

/// The ways the chain's states have, the lengths of the shared lists
/// (weighed once a point), and the cube of each component of several
/// states (solved as a dense system at every point).
fn work_per_point(chain: &impl LengthEdges, components: &[Vec<usize>]) -> u64 {
    let mut work: u64 = (0..chain.shared_count())
        .map(|id| chain.shared(id).len() as u64)
        .sum();
    for component in components {
        for &s in component {
            chain.each_way(s, |_, _| work += 1);
        }
        if component.len() > 1 {
            work = work.saturating_add((component.len() as u64).pow(3));
        }
    }
    work
}

/// The lengths of chance at least `floor`, the rest the tail; `q[i]` is
/// the chance of length `first + i`.
fn listed(q: &[f64], first: u64, floor: f64) -> RewardDistribution {
    let probabilities: Vec<(u64, f64)> = q
        .iter()
        .enumerate()
        .filter(|&(_, &q)| q >= floor)
        .map(|(i, &q)| (first + i as u64, q))
        .collect();
    let counted: f64 = probabilities.iter().map(|&(_, p)| p).sum();
    RewardDistribution {
        probabilities,
        tail: (1.0 - counted).max(0.0),
    }
}

/// `G` at `ω^k` for each of `ks`, `ω` the first `size`-th root of unity:
/// `None` where a component's system is singular at a point (a loop that
/// cannot be left).
fn points_at(
    chain: &impl LengthEdges,
    components: &[Vec<usize>],
    size: usize,
    ks: &[usize],
    memory: usize,
) -> Option<Vec<Complex64>> {
    let bytes_per_point = chain.states() * std::mem::size_of::<Complex64>();
    // Blocks solved side by side, one a thread at least, together within
    // `memory`: each point's arithmetic is the same whatever its block,
    // so the result does not depend on the threads.
    let threads = rayon::current_num_threads().max(1);
    let widest = (memory / threads / bytes_per_point.max(1)).max(1);
    // As few rounds as the memory allows, their blocks alike in width:
    // 33 points at most 10 wide make 4 blocks of 9, not 10, 10, 10 and 3.
    let rounds = ks.len().div_ceil(widest * threads).max(1);
    let width = ks.len().div_ceil(rounds * threads).max(1);
    let roots: Vec<Complex64> = (0..size)
        .map(|j| Complex64::from_polar(1.0, std::f64::consts::TAU * j as f64 / size as f64))
        .collect();
    let blocks: Vec<&[usize]> = ks.chunks(width).collect();
    let mut at = Vec::with_capacity(ks.len());
    for chunk in blocks.chunks(threads) {
        let solved: Vec<Vec<Complex64>> = chunk
            .par_iter()
            .map(|ks| Block::new(ks, size, &roots).solve(chain, components))
            .collect::<Option<_>>()?;
        at.extend(solved.into_iter().flatten());
    }
    Some(at)
}

/// `q(n)` for `n` below `size` (a power of two) from `G` at `ω^k`, `k`
/// from 0 to `size / 2`.
fn folded_distribution(at: &[Complex64], size: usize) -> Vec<f64> {
    let mut spectrum = vec![Complex64::new(0.0, 0.0); size];
    spectrum[..at.len()].copy_from_slice(at);
    // The coefficients are real: G at the conjugate point is the conjugate.
    // G(ω^k) = Σ q(n) ω^{kn}, so q is the forward transform over size.
    for k in at.len()..size {
        spectrum[k] = spectrum[size - k].conj();
    }
    FftPlanner::new()
        .plan_fft_forward(size)
        .process(&mut spectrum);
    spectrum.iter().map(|c| c.re / size as f64).collect()
}

/// Some points `z = ω^k` solved together, for a few `k`: each state's
/// values at them side by side, so that a way's weights apply to them at
/// once.
struct Block<'a> {
    ks: &'a [usize],
    size: usize,
    roots: &'a [Complex64],
}

impl<'a> Block<'a> {
    fn new(ks: &'a [usize], size: usize, roots: &'a [Complex64]) -> Self {
        Block { ks, size, roots }
    }

    /// `z^length` at the block's `i`-th point.
    fn power(&self, i: usize, length: u64) -> Complex64 {
        let k = self.ks[i] as u64;
        self.roots[((k * (length % self.size as u64)) % self.size as u64) as usize]
    }

    /// The weight of `terms` at each point.
    fn weights(&self, terms: &[(u64, f64)], out: &mut [Complex64]) {
        out.fill(Complex64::new(0.0, 0.0));
        for &(length, p) in terms {
            for (i, w) in out.iter_mut().enumerate() {
                *w += self.power(i, length) * p;
            }
        }
    }

    /// G from state 0 at each point of the block.
    fn solve(&self, chain: &impl LengthEdges, components: &[Vec<usize>]) -> Option<Vec<Complex64>> {
        let width = self.ks.len();
        let zero = Complex64::new(0.0, 0.0);
        let mut shared = vec![zero; chain.shared_count() * width];
        for id in 0..chain.shared_count() {
            self.weights(chain.shared(id), &mut shared[id * width..(id + 1) * width]);
        }
        let mut values = vec![zero; chain.states() * width];
        let mut local = vec![usize::MAX; chain.states()];
        let mut weight = vec![zero; width];
        let (mut sum, mut stay) = (vec![zero; width], vec![zero; width]);
        for component in components {
            if let [s] = component[..] {
                sum.fill(zero);
                stay.fill(zero);
                let transient = chain.each_way(s, |to, way| {
                    // A shared list's weights are read where they are.
                    let w = match way {
                        Way::Shared(id) => &shared[id * width..(id + 1) * width],
                        Way::Length(..) => {
                            self.way_weight(way, &shared, &mut weight);
                            &weight[..]
                        }
                    };
                    if to == s {
                        for (x, w) in stay.iter_mut().zip(w) {
                            *x += w;
                        }
                    } else {
                        let v = &values[to * width..(to + 1) * width];
                        for ((x, w), v) in sum.iter_mut().zip(w).zip(v) {
                            *x += w * v;
                        }
                    }
                });
                let out = &mut values[s * width..(s + 1) * width];
                if !transient {
                    out.fill(Complex64::new(1.0, 0.0));
                    continue;
                }
                for ((o, x), st) in out.iter_mut().zip(&sum).zip(&stay) {
                    let leave = Complex64::new(1.0, 0.0) - st;
                    if leave.norm() <= 1e-12 {
                        return None;
                    }
                    *o = x / leave;
                }
                continue;
            }
            self.dense(chain, component, &shared, &mut values, &mut local)?;
        }
        Some(values[..width].to_vec())
    }

    /// The weight of `way` at each point, into `out`.
    fn way_weight(&self, way: Way, shared: &[Complex64], out: &mut [Complex64]) {
        let width = out.len();
        match way {
            Way::Length(length, p) => {
                for (i, w) in out.iter_mut().enumerate() {
                    *w = self.power(i, length) * p;
                }
            }
            Way::Shared(id) => out.copy_from_slice(&shared[id * width..(id + 1) * width]),
        }
    }

    /// A component of several states, `(I - W) x = b` at each point.
    fn dense(
        &self,
        chain: &impl LengthEdges,
        states: &[usize],
        shared: &[Complex64],
        values: &mut [Complex64],
        local: &mut [usize],
    ) -> Option<()> {
        let width = self.ks.len();
        let k = states.len();
        let zero = Complex64::new(0.0, 0.0);
        for (row, &s) in states.iter().enumerate() {
            local[s] = row;
        }
        // Per point: the matrix, then the constants.
        let mut a = vec![zero; width * k * k];
        let mut b = vec![zero; width * k];
        let mut weight = vec![zero; width];
        for (row, &s) in states.iter().enumerate() {
            for i in 0..width {
                a[i * k * k + row * k + row] = Complex64::new(1.0, 0.0);
            }
            let transient = chain.each_way(s, |to, way| {
                self.way_weight(way, shared, &mut weight);
                let within = local[to];
                for (i, w) in weight.iter().enumerate() {
                    if within == usize::MAX {
                        b[i * k + row] += w * values[to * width + i];
                    } else {
                        a[i * k * k + row * k + within] -= w;
                    }
                }
            });
            if !transient {
                // An absorbing state is a component alone.
                for &s in states {
                    local[s] = usize::MAX;
                }
                return None;
            }
        }
        for &s in states {
            local[s] = usize::MAX;
        }
        for i in 0..width {
            let x = eliminate(
                &mut a[i * k * k..(i + 1) * k * k],
                &mut b[i * k..(i + 1) * k],
            )?;
            for (row, &s) in states.iter().enumerate() {
                values[s * width + i] = x[row];
            }
        }
        Some(())
    }
}

/// Solves `a x = b` (`a` square, row by row) by Gaussian elimination with
/// partial pivoting; `None` if it is singular.
fn eliminate(a: &mut [Complex64], b: &mut [Complex64]) -> Option<Vec<Complex64>> {
    let k = b.len();
    for col in 0..k {
        // Compared squared: the same order, without a square root each.
        let size = |i: usize| a[i * k + col].norm_sqr();
        let pivot = (col..k).max_by(|&i, &j| size(i).total_cmp(&size(j)))?;
        if size(pivot) <= 1e-24 {
            return None;
        }
        if pivot != col {
            for c in 0..k {
                a.swap(pivot * k + c, col * k + c);
            }
            b.swap(pivot, col);
        }
        let d = a[col * k + col];
        for row in col + 1..k {
            let f = a[row * k + col] / d;
            for c in col..k {
                let x = a[col * k + c];
                a[row * k + c] -= f * x;
            }
            let x = b[col];
            b[row] -= f * x;
        }
    }
    let mut x = vec![Complex64::new(0.0, 0.0); k];
    for row in (0..k).rev() {
        let mut v = b[row];
        for j in row + 1..k {
            v -= a[row * k + j] * x[j];
        }
        x[row] = v / a[row * k + row];
    }
    Some(x)
}

/// A chain's edges, each one way of its reward's length (rounded to a
/// whole number): no list shared.
impl LengthEdges for Chain {
    fn states(&self) -> usize {
        self.len()
    }

    fn shared_count(&self) -> usize {
        0
    }

    fn shared(&self, _: usize) -> &[(u64, f64)] {
        &[]
    }

    fn each_way(&self, state: usize, mut way: impl FnMut(usize, Way)) -> bool {
        match self.node(state) {
            Node::Absorbing(_) => false,
            Node::Transient(edges) => {
                for e in edges {
                    way(
                        e.to,
                        Way::Length(e.reward.round().max(0.0) as u64, e.probability),
                    );
                }
                true
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::markov::{Edge, components, random_chain};
    use crate::analysis::reward_distribution::reward_distribution;

    const BOUNDS: TransformBounds = TransformBounds {
        work: 1 << 32,
        memory: 1 << 20,
        folded: 1e-13,
        listed: 1e-15,
    };

    /// Through the generating function, each length's chance is the one
    /// the count one length at a time gives, to 1e-14, on chains whose
    /// states lead round into one another (dense components at every
    /// point) and whose lengths reach past the first `N` tried (folded
    /// over, so `N` is doubled).
    #[test]
    fn transform_agrees_with_the_count() {
        for seed in 0..6 {
            let chain = random_chain(seed, 12);
            let order: Vec<Vec<usize>> = components(&chain).collect();
            assert!(order.iter().any(|c| c.len() > 1), "seed {seed}");
            let mean = chain.solve(100).unwrap().reward(0);
            let by_transform = length_by_transform(&chain, &order, mean, BOUNDS).unwrap();
            let counted = reward_distribution(&chain, 0, 1e-16, 100_000, u64::MAX);
            let last = counted.probabilities.last().unwrap().0;
            let shortest = shortest_length(&chain, &order).unwrap();
            let first_size =
                ((2.0 * (mean - shortest as f64)).ceil() as u64 + 16).next_power_of_two();
            assert!(
                last >= shortest + first_size,
                "seed {seed}: the first size tried folds over"
            );
            let at = |d: &RewardDistribution, l: u64| {
                d.probabilities
                    .iter()
                    .find(|&&(x, _)| x == l)
                    .map_or(0.0, |&(_, p)| p)
            };
            for l in 0..=last {
                let (a, b) = (at(&by_transform, l), at(&counted, l));
                assert!((a - b).abs() < 1e-14, "seed {seed} length {l}: {a} {b}");
            }
            assert!(
                by_transform.tail < 1e-12,
                "seed {seed}: {}",
                by_transform.tail
            );
            assert!(counted.tail < 1e-15, "seed {seed}: {}", counted.tail);
        }
    }

    /// A game that takes a thousand throws before its lengths spread is
    /// transformed over the spread alone: within a work bound that a size
    /// spanning the thousand would break.
    #[test]
    fn lengths_are_read_from_the_shortest() {
        let mut chain = Chain::new(1);
        chain.push_transient(vec![Edge::new(1, 1.0, 1000.0)]);
        chain.push_transient(vec![Edge::new(1, 0.5, 1.0), Edge::new(2, 0.5, 1.0)]);
        chain.push_absorbing(vec![1.0]);
        let order: Vec<Vec<usize>> = components(&chain).collect();
        assert_eq!(shortest_length(&chain, &order), Some(1001));
        let tight = TransformBounds {
            work: 1_000,
            ..BOUNDS
        };
        let d = length_by_transform(&chain, &order, 1002.0, tight).unwrap();
        for (n, &(length, p)) in d.probabilities.iter().take(20).enumerate() {
            assert_eq!(length, 1001 + n as u64);
            assert!(
                (p - 0.5f64.powi(n as i32 + 1)).abs() < 1e-15,
                "{length}: {p}"
            );
        }
        assert!(d.tail < 1e-13, "{}", d.tail);
    }

    /// A loop that is never left has no generating function at `z = 1`:
    /// refused, not divided by zero.
    #[test]
    fn a_loop_never_left_is_refused() {
        let mut chain = Chain::new(1);
        chain.push_transient(vec![Edge::new(1, 1.0, 1.0)]);
        chain.push_transient(vec![Edge::new(0, 1.0, 1.0)]);
        let order: Vec<Vec<usize>> = components(&chain).collect();
        assert_eq!(length_by_transform(&chain, &order, 1.0, BOUNDS), None);
    }

    /// Past its work bound the transform declines, for the caller to
    /// count one length at a time.
    #[test]
    fn past_its_work_it_declines() {
        let chain = random_chain(1, 12);
        let order: Vec<Vec<usize>> = components(&chain).collect();
        let mean = chain.solve(100).unwrap().reward(0);
        let small = TransformBounds {
            work: 100,
            ..BOUNDS
        };
        assert_eq!(length_by_transform(&chain, &order, mean, small), None);
    }
}
