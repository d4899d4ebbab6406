//! A seat's payoffs summarised from their exact sums.

use crate::reports::interval::z95;

/// Mean, spread and standard error of a seat's payoff per game.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PayoffStats {
    /// The mean payoff per game.
    pub mean: f64,
    /// The standard deviation of one game's payoff (population).
    pub sd: f64,
    /// The standard error of the mean: the sample standard deviation
    /// (n - 1) over the square root of n; 0 for fewer than two games.
    pub se: f64,
}

impl PayoffStats {
    /// From the sum and the sum of squares of `n` payoffs.
    ///
    /// ```
    /// use ludus::reports::payoff::PayoffStats;
    /// // Payoffs 1, -1, 1, -1: mean 0, sd 1, sample variance 4/3.
    /// let p = PayoffStats::new(0, 4, 4);
    /// assert_eq!((p.mean, p.sd), (0.0, 1.0));
    /// assert!((p.se - (4.0f64 / 3.0 / 4.0).sqrt()).abs() < 1e-12);
    /// ```
    pub fn new(sum: i64, sum_sq: u128, n: u64) -> PayoffStats {
        if n == 0 {
            return PayoffStats {
                mean: 0.0,
                sd: 0.0,
                se: 0.0,
            };
        }
        let nf = n as f64;
        let mean = sum as f64 / nf;
        // Sum of squared deviations, from exact integers up to one division.
        let ss = (sum_sq as f64 - sum as f64 * sum as f64 / nf).max(0.0);
        let sd = (ss / nf).sqrt();
        let se = if n > 1 {
            (ss / (nf - 1.0)).sqrt() / nf.sqrt()
        } else {
            0.0
        };
        PayoffStats { mean, sd, se }
    }

    /// The mean's 95% interval, `(low, high)`: the mean plus or minus
    /// [`z95`] standard errors.
    pub fn interval95(&self) -> (f64, f64) {
        let half = z95() * self.se;
        (self.mean - half, self.mean + half)
    }
}
