//! An absorbing Markov chain ([`crate::analysis::markov`]) solved in
//! exact fractions rather than floats, where that is cheap: a dice game's
//! chances are fractions (one over the ways its dice fall, one over the
//! moves a random seat chooses from), and so are its exact odds, such as
//! Pair and Ace's 9/14. The components are settled in the same order as
//! the float solver's; a component of more than a few states, or numbers
//! grown past a bound, make the answer not cheap, and none is given.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{One, Zero};

use crate::analysis::markov::{Chain, Node, components};
use crate::core::chance_outcomes::Ways;

/// An exact fraction.
pub type Fraction = BigRational;

/// A chain's edges' chances as fractions: by state, in the order of its
/// edges (empty for an absorbing state).
pub type EdgeChances = Vec<Vec<Fraction>>;

/// The exact values and expected reward from a chain's state 0.
#[derive(Clone, Debug, PartialEq)]
pub struct FractionValues {
    /// The expected values where the chain ends (as many as its width).
    pub values: Vec<Fraction>,
    /// The expected reward gathered until then.
    pub reward: Fraction,
}

/// How large a solution may grow before it is not cheap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FractionBounds {
    /// The most states of a component solved as one system (its cost is
    /// the cube of its size, times the numbers' growth).
    pub component: usize,
    /// The most bits of any numerator or denominator found.
    pub bits: u64,
}

/// The fraction equal to `value` (every finite float is one), or `None`
/// for an infinity or a NaN.
pub fn fraction_of(value: f64) -> Option<Fraction> {
    Fraction::from_float(value)
}

/// The fraction `k/d` with `d` at most `most` that the float `p` stands
/// for: the chance a policy gives a move, which for the native policies
/// is a whole number of its moves' share. `None` if no such fraction
/// rounds to `p`.
///
/// ```
/// use ludus::analysis::exact_fractions::small_fraction;
/// let third = small_fraction(1.0 / 3.0, 3).unwrap();
/// assert_eq!(third.to_string(), "1/3");
/// assert_eq!(small_fraction(0.3, 3), None);
/// ```
pub fn small_fraction(p: f64, most: usize) -> Option<Fraction> {
    (1..=most.max(1)).find_map(|d| {
        let k = (p * d as f64).round();
        (k / d as f64 == p).then(|| Fraction::new(BigInt::from(k as i64), BigInt::from(d)))
    })
}

/// A state's edges' chances gathered exactly, in step with its edges: a
/// throw's branches as whole numbers of ways (made fractions once, when
/// the state is done, since a throw of three dice has 216 branches and a
/// fraction each would cost more than the rest of the listing), a
/// decision's as fractions. Off from the start, or once a chance is not a
/// fraction.
#[derive(Debug)]
pub struct ExactShares {
    list: Option<Vec<Fraction>>,
    // (edge, (k, w)): a branch of chance k/w that led along the edge.
    ways: Vec<(usize, Ways)>,
}

impl ExactShares {
    /// Shares gathered if `on`; none otherwise.
    pub fn new(on: bool) -> ExactShares {
        ExactShares {
            list: on.then(Vec::new),
            ways: Vec::new(),
        }
    }

    /// Whether the shares are still gathered.
    pub fn is_on(&self) -> bool {
        self.list.is_some()
    }

    /// Edge `edge` (the next new one if it is the count so far) gains a
    /// branch of chance `ways`, so many of so many ways (`None`: not
    /// known exactly).
    pub fn add_ways(&mut self, edge: usize, ways: Option<Ways>) {
        let Some(list) = self.list.as_mut() else {
            return;
        };
        match ways {
            Some(w) => {
                if edge == list.len() {
                    list.push(Fraction::zero());
                }
                self.ways.push((edge, w));
            }
            None => self.list = None,
        }
    }

    /// Edge `edge` (as for [`ExactShares::add_ways`]) gains the chance
    /// `share` (`None`: not a fraction).
    pub fn add_fraction(&mut self, edge: usize, share: Option<Fraction>) {
        let Some(list) = self.list.as_mut() else {
            return;
        };
        match share {
            Some(f) if edge == list.len() => list.push(f),
            Some(f) => list[edge] += f,
            None => self.list = None,
        }
    }

    /// The edges' chances as fractions, or `None` if one was not known
    /// exactly.
    pub fn finish(self) -> Option<Vec<Fraction>> {
        let mut list = self.list?;
        if self.ways.is_empty() {
            return Some(list);
        }
        // Over the least common multiple of the ways, each branch is a
        // whole number; past u128 the shares are not cheap.
        let common = (self.ways.iter()).try_fold(1u128, |l, &(_, (_, w))| {
            let g = l.gcd(&w);
            (l / g).checked_mul(w)
        })?;
        let mut counts = vec![0u128; list.len()];
        for &(edge, (k, w)) in &self.ways {
            counts[edge] = counts[edge].checked_add((common / w).checked_mul(k)?)?;
        }
        for (share, count) in list.iter_mut().zip(counts) {
            if count > 0 {
                *share += Fraction::new(count.into(), common.into());
            }
        }
        Some(list)
    }
}

/// Solves `chain` exactly, its edges' chances given as fractions
/// (`chances[s]` for state `s`'s edges, in order; empty for an absorbing
/// state): the values and reward from state 0, or `None` where the
/// solution is not cheap (`bounds`) or a component is never left.
pub fn solve(
    chain: &Chain,
    chances: &[Vec<Fraction>],
    bounds: FractionBounds,
) -> Option<FractionValues> {
    let width = chain.width();
    // Per state, its values then its reward, once settled.
    let mut settled: Vec<Vec<Fraction>> = vec![Vec::new(); chain.len()];
    for component in components(chain) {
        if component.len() > bounds.component {
            return None;
        }
        let solved = system(chain, chances, &settled, &component, width)?;
        for (&s, column) in component.iter().zip(solved) {
            if column.iter().any(|f| bits(f) > bounds.bits) {
                return None;
            }
            settled[s] = column;
        }
    }
    let mut start = std::mem::take(settled.first_mut()?);
    let reward = start.pop()?;
    Some(FractionValues {
        values: start,
        reward,
    })
}

/// The larger of a fraction's numerator's and denominator's sizes in bits.
fn bits(f: &Fraction) -> u64 {
    f.numer().bits().max(f.denom().bits())
}

/// The columns (values, then reward) of `component`'s states: the system
/// `(I - P) x = b` over its states, where `b` gathers the edges' rewards
/// and the values settled past the component, solved by Gaussian
/// elimination in fractions. A lone state is the same system of one row.
fn system(
    chain: &Chain,
    chances: &[Vec<Fraction>],
    settled: &[Vec<Fraction>],
    component: &[usize],
    width: usize,
) -> Option<Vec<Vec<Fraction>>> {
    let m = component.len();
    let row_of = |s: usize| component.iter().position(|&c| c == s);
    let mut a = vec![vec![Fraction::zero(); m]; m];
    let mut b = vec![vec![Fraction::zero(); width + 1]; m];
    for (i, &s) in component.iter().enumerate() {
        a[i][i] = Fraction::one();
        match chain.node(s) {
            Node::Absorbing(values) => {
                for (k, &v) in values.iter().enumerate() {
                    b[i][k] = fraction_of(v)?;
                }
            }
            Node::Transient(edges) => {
                for (e, p) in edges.iter().zip(&chances[s]) {
                    b[i][width] += p * fraction_of(e.reward)?;
                    match row_of(e.to) {
                        Some(j) => a[i][j] -= p,
                        None => {
                            for (k, v) in settled[e.to].iter().enumerate() {
                                b[i][k] += p * v;
                            }
                        }
                    }
                }
            }
        }
    }
    // Elimination to the identity; any nonzero pivot will do, as nothing
    // is rounded.
    for col in 0..m {
        let pivot = (col..m).find(|&r| !a[r][col].is_zero())?;
        a.swap(col, pivot);
        b.swap(col, pivot);
        let inverse = a[col][col].recip();
        for x in a[col].iter_mut().chain(b[col].iter_mut()) {
            *x *= &inverse;
        }
        let (pivot_a, pivot_b) = (a[col].clone(), b[col].clone());
        for (r, (ar, br)) in a.iter_mut().zip(b.iter_mut()).enumerate() {
            if r == col || ar[col].is_zero() {
                continue;
            }
            let factor = ar[col].clone();
            for (x, p) in ar.iter_mut().zip(&pivot_a).skip(col) {
                *x -= &factor * p;
            }
            for (x, p) in br.iter_mut().zip(&pivot_b) {
                *x -= &factor * p;
            }
        }
    }
    Some(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::markov::{Edge, six_or};

    fn f(n: i64, d: i64) -> Fraction {
        Fraction::new(BigInt::from(n), BigInt::from(d))
    }

    const WIDE: FractionBounds = FractionBounds {
        component: 100,
        bits: 10_000,
    };

    /// A die thrown until it shows a six: it ends surely, after six throws
    /// on average, exactly.
    #[test]
    fn a_loop_on_itself_is_solved_exactly() {
        let mut chain = Chain::new(1);
        chain.push_transient(six_or(0, 1));
        chain.push_absorbing(vec![1.0]);
        let chances = vec![vec![f(5, 6), f(1, 6)], vec![]];
        let solved = solve(&chain, &chances, WIDE).unwrap();
        assert_eq!(solved.values, [f(1, 1)]);
        assert_eq!(solved.reward, f(6, 1));
    }

    /// Two throwers in turn, each ending the game with a six: the first
    /// wins 6/11 (a cycle of two states, solved as one system).
    #[test]
    fn a_cycle_of_two_gives_the_first_thrower_six_elevenths() {
        let mut chain = Chain::new(1);
        chain.push_transient(six_or(1, 2));
        chain.push_transient(six_or(0, 3));
        chain.push_absorbing(vec![1.0]);
        chain.push_absorbing(vec![0.0]);
        let chances = vec![
            vec![f(5, 6), f(1, 6)],
            vec![f(5, 6), f(1, 6)],
            vec![],
            vec![],
        ];
        let solved = solve(&chain, &chances, WIDE).unwrap();
        assert_eq!(solved.values, [f(6, 11)]);
        assert_eq!(solved.reward, f(6, 1));
        // Past the bounds, no answer rather than a wrong one.
        let narrow = FractionBounds {
            component: 1,
            bits: 10_000,
        };
        assert_eq!(solve(&chain, &chances, narrow), None);
    }

    /// A throw's branches, gathered as ways, add up per edge: three ways
    /// in 36 and one in 6 make 1/4; a decision's fraction adds to them.
    #[test]
    fn ways_of_a_throw_become_fractions_per_edge() {
        let mut shares = ExactShares::new(true);
        shares.add_ways(0, Some((1, 36)));
        shares.add_ways(1, Some((1, 6)));
        shares.add_ways(0, Some((1, 36)));
        shares.add_ways(0, Some((1, 6)));
        shares.add_ways(0, Some((1, 36)));
        assert_eq!(shares.finish().unwrap(), [f(1, 4), f(1, 6)]);
        let mut shares = ExactShares::new(true);
        shares.add_fraction(0, Some(f(1, 3)));
        shares.add_fraction(0, Some(f(1, 3)));
        shares.add_fraction(1, Some(f(1, 3)));
        assert_eq!(shares.finish().unwrap(), [f(2, 3), f(1, 3)]);
        let mut shares = ExactShares::new(true);
        shares.add_ways(0, None);
        assert!(!shares.is_on());
        assert_eq!(shares.finish(), None);
        assert_eq!(ExactShares::new(false).finish(), None);
    }

    /// A loop never left has no solution.
    #[test]
    fn a_component_never_left_has_no_fraction() {
        let mut chain = Chain::new(1);
        chain.push_transient(vec![Edge::new(0, 1.0, 1.0)]);
        assert_eq!(solve(&chain, &[vec![f(1, 1)]], WIDE), None);
    }
}
