//! Summary statistics of an exact length histogram.

/// Mean, spread and quantiles of game lengths.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LengthStats {
    /// Mean length.
    pub mean: f64,
    /// Standard deviation (population).
    pub sd: f64,
    /// Shortest game.
    pub min: u64,
    /// The smallest length that at least half the games do not exceed.
    pub median: u64,
    /// The smallest length that at least 90% of the games do not exceed.
    pub p90: u64,
    /// Longest game.
    pub max: u64,
}

impl LengthStats {
    /// From a histogram: `counts[n]` games had length `n`.
    ///
    /// ```
    /// use ludus::reports::length_stats::LengthStats;
    /// let s = LengthStats::from_histogram(&[0, 2, 1, 0, 1]).unwrap();
    /// assert_eq!((s.min, s.median, s.p90, s.max), (1, 1, 4, 4));
    /// assert_eq!(s.mean, 2.0);
    /// ```
    pub fn from_histogram(counts: &[u64]) -> Option<LengthStats> {
        let n: u64 = counts.iter().sum();
        if n == 0 {
            return None;
        }
        let (mut sum, mut sq) = (0u128, 0u128);
        for (len, &c) in counts.iter().enumerate() {
            sum += len as u128 * u128::from(c);
            sq += (len as u128) * (len as u128) * u128::from(c);
        }
        let mean = sum as f64 / n as f64;
        // Integer arithmetic up to one division keeps the result the same
        // whatever order the games were counted in.
        let var = (sq as f64 / n as f64 - mean * mean).max(0.0);
        let quantile = |q_num: u64, q_den: u64| {
            let need = (n * q_num).div_ceil(q_den);
            let mut acc = 0;
            for (len, &c) in counts.iter().enumerate() {
                acc += c;
                if acc >= need {
                    return len as u64;
                }
            }
            counts.len() as u64 - 1
        };
        Some(LengthStats {
            mean,
            sd: var.sqrt(),
            min: counts.iter().position(|&c| c > 0).unwrap() as u64,
            median: quantile(1, 2),
            p90: quantile(9, 10),
            max: counts.iter().rposition(|&c| c > 0).unwrap() as u64,
        })
    }
}
