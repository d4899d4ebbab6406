//! NTBEA's model of the space (Kunanusont, Lucas et al. 2017): the mean
//! fitness seen for each value of each option (1-tuples), each pair of
//! values (2-tuples) and each whole setting (the full tuple), combined
//! into an estimate of any setting, played or not, and an upper
//! confidence bound that favours settings whose values are little tried.

use std::collections::HashMap;

/// The 2-tuples are kept for spaces of at most this many options: beyond,
/// their count (n(n-1)/2) outgrows the evaluations that would fill them.
const MAX_PAIRED: usize = 8;

/// The count added to a tuple's visits under the square root of the
/// bound: a value never tried gets a large but finite bonus.
const EPSILON: f64 = 0.5;

/// Fitness seen for one tuple's values: visits and their sum.
#[derive(Clone, Copy, Debug, Default)]
struct Seen {
    n: u64,
    sum: f64,
}

/// The model: for each tuple of options (by their indices), the fitness
/// seen for each combination of their values.
#[derive(Clone, Debug)]
pub struct NTupleModel {
    tuples: Vec<Vec<usize>>,
    seen: Vec<HashMap<Vec<usize>, Seen>>,
    total: u64,
}

impl NTupleModel {
    /// An empty model of a space of `dims` options: every 1-tuple, every
    /// 2-tuple (up to `MAX_PAIRED`, 8, options) and the full tuple.
    pub fn new(dims: usize) -> NTupleModel {
        let mut tuples: Vec<Vec<usize>> = (0..dims).map(|d| vec![d]).collect();
        if dims <= MAX_PAIRED {
            for a in 0..dims {
                for b in a + 1..dims {
                    tuples.push(vec![a, b]);
                }
            }
        }
        let whole: Vec<usize> = (0..dims).collect();
        if !tuples.contains(&whole) {
            tuples.push(whole);
        }
        NTupleModel {
            seen: vec![HashMap::new(); tuples.len()],
            tuples,
            total: 0,
        }
    }

    /// Adds one evaluation of candidate `c` with fitness `fitness`.
    pub fn add(&mut self, c: &[usize], fitness: f64) {
        for (t, tuple) in self.tuples.iter().enumerate() {
            let s = self.seen[t].entry(key(tuple, c)).or_default();
            s.n += 1;
            s.sum += fitness;
        }
        self.total += 1;
    }

    /// The model's estimate of `c`'s fitness: the mean over the tuples
    /// whose values have been seen of their mean fitness; `None` if none
    /// has.
    pub fn estimate(&self, c: &[usize]) -> Option<f64> {
        let means: Vec<f64> = self
            .tuples
            .iter()
            .zip(&self.seen)
            .filter_map(|(tuple, seen)| seen.get(&key(tuple, c)))
            .map(|s| s.sum / s.n as f64)
            .collect();
        (!means.is_empty()).then(|| means.iter().sum::<f64>() / means.len() as f64)
    }

    /// The upper confidence bound of `c`: its estimate (0 where nothing
    /// is seen) plus `explore` times the mean over tuples of
    /// `sqrt(ln(1 + evaluations) / (visits + EPSILON))`.
    pub fn bound(&self, c: &[usize], explore: f64) -> f64 {
        let log = (1.0 + self.total as f64).ln();
        let bonus: f64 = self
            .tuples
            .iter()
            .zip(&self.seen)
            .map(|(tuple, seen)| {
                let n = seen.get(&key(tuple, c)).map_or(0, |s| s.n);
                (log / (n as f64 + EPSILON)).sqrt()
            })
            .sum::<f64>()
            / self.tuples.len() as f64;
        self.estimate(c).unwrap_or(0.0) + explore * bonus
    }
}

/// A candidate's values at a tuple's options.
fn key(tuple: &[usize], c: &[usize]) -> Vec<usize> {
    tuple.iter().map(|&d| c[d]).collect()
}

#[cfg(test)]
mod tests {
    use crate::search::ntuple_model::NTupleModel;

    #[test]
    fn an_unseen_pair_is_estimated_from_its_values_alone() {
        let mut m = NTupleModel::new(2);
        m.add(&[0, 0], 1.0);
        m.add(&[1, 1], 0.0);
        // (0, 1) was never played: the mean of option 0 at 0 (1.0) and
        // option 1 at 1 (0.0).
        assert_eq!(m.estimate(&[0, 1]), Some(0.5));
        assert_eq!(m.estimate(&[0, 0]), Some(1.0));
    }

    #[test]
    fn a_setting_never_tried_is_bounded_above_one_tried_often() {
        let mut m = NTupleModel::new(3);
        for _ in 0..50 {
            m.add(&[0, 0, 0], 0.5);
        }
        m.add(&[1, 1, 1], 0.4);
        assert!(m.bound(&[2, 2, 2], 1.0) > m.bound(&[0, 0, 0], 1.0));
        assert!(m.bound(&[1, 1, 1], 0.0) < m.bound(&[0, 0, 0], 0.0));
        assert_eq!(m.estimate(&[2, 2, 2]), None);
    }

    #[test]
    fn tuples_are_every_option_every_pair_and_the_whole() {
        assert_eq!(NTupleModel::new(1).tuples.len(), 1);
        assert_eq!(NTupleModel::new(2).tuples.len(), 3);
        assert_eq!(NTupleModel::new(4).tuples.len(), 4 + 6 + 1);
        assert_eq!(NTupleModel::new(10).tuples.len(), 10 + 1);
    }
}
