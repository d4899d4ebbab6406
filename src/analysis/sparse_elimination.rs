//! A large strongly connected component of an absorbing Markov chain
//! solved by sparse elimination: states are taken out one at a time, each
//! predecessor's edges into the state replaced by the state's own edges
//! (scaled by the chance of going there), until none is left; the values
//! then come back in the reverse order. Hazard for stakes, whose money
//! passes back and forth, is one component of 109,725 states, far past a
//! dense system, yet each state leads to few others, and taken out in the
//! order of fewest new edges (a state with few predecessors and few
//! successors first) the rows stay short.
//!
//! The diagonal is never formed as `1 - stay`: each state keeps the chance
//! of leaving it for somewhere else, a sum of nonnegative terms, as the
//! Grassmann-Taksar-Heyman method does for stationary distributions, so
//! that no digits are lost to cancellation in a component left rarely.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A state's part of the system while it is being eliminated.
#[derive(Clone, Debug, Default)]
struct Row {
    /// Edges to other states of the component still in play.
    edges: Vec<(u32, f64)>,
    /// The chance of leaving the component from here, directly.
    exit: f64,
    /// What the state is worth beyond the edges within the component: the
    /// rewards of its edges and the values found past the component.
    constant: Vec<f64>,
    /// The states still in play with an edge into this one (some perhaps
    /// no longer: checked when used).
    predecessors: Vec<u32>,
    /// Taken out already.
    gone: bool,
}

/// Why a component was not solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SparseFailure {
    /// The rows grew past the bound on the edges held at once.
    Fill,
    /// A state (local index) that, once the rest was taken out, is never
    /// left.
    NeverLeft(usize),
}

/// A component of `k` states given row by row: `edges[i]` the edges
/// within the component from local state `i` (self-loops included),
/// `exit[i]` its chance of leaving the component, `constant[i]` (of
/// `width` values) its rewards and the values past the component already
/// weighted by their chances. Returns each state's `width` values, row
/// by row, or why not: more than `max_fill` edges held at once, or a set
/// of states never left (a chance of leaving below `never_left`).
pub fn solve_sparse(
    edges: Vec<Vec<(u32, f64)>>,
    exit: Vec<f64>,
    constant: Vec<Vec<f64>>,
    max_fill: usize,
    never_left: f64,
) -> Result<Vec<Vec<f64>>, SparseFailure> {
    let k = edges.len();
    let mut rows: Vec<Row> = (edges.into_iter().zip(exit).zip(constant))
        .map(|((edges, exit), constant)| Row {
            edges,
            exit,
            constant,
            predecessors: Vec::new(),
            gone: false,
        })
        .collect();
    for (i, row) in rows.iter_mut().enumerate() {
        // A loop on itself only scales the state's worth: the leaving
        // chance below leaves it out.
        row.edges.retain(|&(j, _)| j as usize != i);
    }
    for i in 0..k {
        for e in 0..rows[i].edges.len() {
            let j = rows[i].edges[e].0 as usize;
            rows[j].predecessors.push(i as u32);
        }
    }
    let mut fill: usize = rows.iter().map(|r| r.edges.len()).sum();
    if fill > max_fill {
        return Err(SparseFailure::Fill);
    }
    // Cheapest first: the new edges a state's removal may make.
    let cost = |r: &Row| r.predecessors.len().saturating_mul(r.edges.len());
    let mut queue: BinaryHeap<Reverse<(usize, u32)>> = (0..k)
        .map(|i| Reverse((cost(&rows[i]), i as u32)))
        .collect();
    // Each state as it was taken out: its edges then, its leaving chance
    // and its constant, for the values to come back in reverse order.
    let mut order: Vec<u32> = Vec::with_capacity(k);
    while let Some(Reverse((c, s))) = queue.pop() {
        let s = s as usize;
        if rows[s].gone || c != cost(&rows[s]) {
            continue;
        }
        rows[s].gone = true;
        order.push(s as u32);
        let leave = rows[s].exit + rows[s].edges.iter().map(|e| e.1).sum::<f64>();
        if leave <= never_left {
            return Err(SparseFailure::NeverLeft(s));
        }
        let out = std::mem::take(&mut rows[s].edges);
        let constant = rows[s].constant.clone();
        let exit = rows[s].exit;
        let mut predecessors = std::mem::take(&mut rows[s].predecessors);
        predecessors.sort_unstable();
        predecessors.dedup();
        for &u in &predecessors {
            let u = u as usize;
            if rows[u].gone {
                continue;
            }
            let Some(at) = rows[u].edges.iter().position(|e| e.0 as usize == s) else {
                continue;
            };
            let w = rows[u].edges.swap_remove(at).1 / leave;
            fill -= 1;
            rows[u].exit += w * exit;
            for (x, c) in rows[u].constant.iter_mut().zip(&constant) {
                *x += w * c;
            }
            for &(t, p) in &out {
                let t = t as usize;
                if t == u {
                    // Back to itself: a loop, which leaves its leaving
                    // chance as it was.
                    continue;
                }
                match rows[u].edges.iter_mut().find(|e| e.0 as usize == t) {
                    Some(e) => e.1 += w * p,
                    None => {
                        rows[u].edges.push((t as u32, w * p));
                        rows[t].predecessors.push(u as u32);
                        fill += 1;
                    }
                }
            }
            if fill > max_fill {
                return Err(SparseFailure::Fill);
            }
            queue.push(Reverse((cost(&rows[u]), u as u32)));
        }
        for &(t, _) in &out {
            let t = t as usize;
            // Its predecessor list may still name s: drop it now, so the
            // cost of t counts only states in play.
            rows[t].predecessors.retain(|&p| p as usize != s);
            queue.push(Reverse((cost(&rows[t]), t as u32)));
        }
        rows[s].edges = out;
        rows[s].exit = leave;
    }
    // Back in reverse: each state's edges lead only to states taken out
    // after it, whose values are known by then.
    let width = rows.first().map_or(0, |r| r.constant.len());
    let mut values = vec![Vec::new(); k];
    for &s in order.iter().rev() {
        let s = s as usize;
        let row = &rows[s];
        let mut x = row.constant.clone();
        for &(t, p) in &row.edges {
            for (xc, v) in x.iter_mut().zip(&values[t as usize]) {
                *xc += p * v;
            }
        }
        values[s] = x.iter().map(|v| v / row.exit).collect();
        debug_assert_eq!(values[s].len(), width);
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Two states in a loop, each leaving with a sixth: the first is left
    /// for the "win" exit first with chance 6/11.
    #[test]
    fn a_loop_of_two_is_solved() {
        let edges = vec![vec![(1, 5.0 / 6.0)], vec![(0, 5.0 / 6.0)]];
        let exit = vec![1.0 / 6.0, 1.0 / 6.0];
        let constant = vec![vec![1.0 / 6.0], vec![0.0]];
        let v = solve_sparse(edges, exit, constant, 100, 1e-12).unwrap();
        assert!((v[0][0] - 6.0 / 11.0).abs() < 1e-15);
        assert!((v[1][0] - 5.0 / 11.0).abs() < 1e-15);
    }

    #[test]
    fn a_loop_never_left_is_refused() {
        let edges = vec![vec![(1, 1.0)], vec![(0, 1.0)]];
        let r = solve_sparse(
            edges,
            vec![0.0, 0.0],
            vec![vec![0.0], vec![0.0]],
            100,
            1e-12,
        );
        assert!(matches!(r, Err(SparseFailure::NeverLeft(_))));
    }

    /// Every state leads to every other: removing one fills the rest, and
    /// a bound below that refuses.
    #[test]
    fn fill_past_the_bound_is_refused() {
        let n = 20u32;
        let edges: Vec<Vec<(u32, f64)>> = (0..n)
            .map(|i| {
                (0..n)
                    .filter(|&j| j != i)
                    .map(|j| (j, 0.9 / f64::from(n - 1)))
                    .collect()
            })
            .collect();
        let exit = vec![0.1; n as usize];
        let constant = vec![vec![0.1]; n as usize];
        let v = solve_sparse(edges.clone(), exit.clone(), constant.clone(), 1_000, 1e-12).unwrap();
        // Every state is worth the same: all end at the exit.
        for x in &v {
            assert!((x[0] - 1.0).abs() < 1e-13, "{x:?}");
        }
        assert_eq!(
            solve_sparse(edges, exit, constant, 10, 1e-12),
            Err(SparseFailure::Fill)
        );
    }
}
