//! A mean over games of a per-game value that is not a whole number (a
//! game's mean branching factor, its share of real choices), kept as
//! integer sums so that it merges exactly: each value is rounded once to a
//! multiple of 2^-24, and the sums of those multiples and of their squares
//! add up the same whatever the order, the blocks or the threads.

/// The fixed-point unit: values are kept to 2^-24 (about 6e-8), far below
/// the six decimals the reports print.
pub const UNIT: f64 = (1u64 << 24) as f64;

/// The sums of a per-game value over the games that have one.
///
/// ```
/// use ludus::runner::fixed_mean::FixedMean;
/// let mut m = FixedMean::default();
/// for x in [1.0, 2.0, 3.0, 4.0] {
///     m.add(x);
/// }
/// assert_eq!(m.mean(), Some(2.5));
/// assert!((m.sd().unwrap() - 1.290994).abs() < 1e-6);
/// let halves = FixedMean::default().checked_merge(&m).unwrap();
/// assert_eq!(halves, m);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FixedMean {
    /// Games with a value.
    pub n: u64,
    /// The values summed, in units of 2^-24.
    pub sum: u128,
    /// Their squares summed, in units of 2^-48.
    pub sq: u128,
}

impl FixedMean {
    /// Adds one game's value, 0 or more (a negative or not-a-number value
    /// counts as 0; none of the metrics makes one).
    #[inline]
    pub fn add(&mut self, x: f64) {
        let v = (x * UNIT).round() as u64;
        self.n += 1;
        self.sum += u128::from(v);
        self.sq += u128::from(v) * u128::from(v);
    }

    /// Adds one game's value 0, as [`FixedMean::add`] does without its
    /// arithmetic: every game of a dice game without decisions adds one.
    #[inline]
    pub fn add_zero(&mut self) {
        self.n += 1;
    }

    /// The mean value, or `None` without games.
    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then(|| self.sum as f64 / UNIT / self.n as f64)
    }

    /// The sample standard deviation of the values, or `None` under two games.
    pub fn sd(&self) -> Option<f64> {
        if self.n < 2 {
            return None;
        }
        let n = self.n as f64;
        let mean = self.sum as f64 / n;
        let var = (self.sq as f64 - n * mean * mean) / (n - 1.0);
        Some(var.max(0.0).sqrt() / UNIT)
    }

    /// The standard error of the mean, or `None` under two games.
    pub fn se(&self) -> Option<f64> {
        self.sd().map(|sd| sd / (self.n as f64).sqrt())
    }

    /// The sums of both, or `None` if one would overflow.
    pub fn checked_merge(mut self, other: &FixedMean) -> Option<FixedMean> {
        self.n = self.n.checked_add(other.n)?;
        self.sum = self.sum.checked_add(other.sum)?;
        self.sq = self.sq.checked_add(other.sq)?;
        Some(self)
    }

    /// Whether the sums could come from `n` values each in `[low, high]`
    /// (in the value's own unit): the sum lies between `n * low` and `n *
    /// high`, the squares between what the sum forces (the sum's square
    /// over `n`) and what the range allows. What a partial file's sums are
    /// checked by.
    pub fn possible(&self, low: f64, high: f64) -> bool {
        let n = self.n as f64;
        let (sum, sq) = (self.sum as f64 / UNIT, self.sq as f64 / (UNIT * UNIT));
        // A rounding of each value by half a unit, and of the float sums.
        let slack = n / UNIT + 1e-9 * (1.0 + sum.abs());
        let in_range = sum >= n * low - slack && sum <= n * high + slack;
        let spread = n == 0.0 && self.sum == 0 && self.sq == 0
            || n > 0.0
                && sq * (1.0 + 1e-9) + 1e-9 >= sum * sum / n
                && sq <= sum * high.max(0.0) + slack * (1.0 + high.abs());
        in_range && spread
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_order_of_the_games_changes_nothing() {
        let xs = [0.1, 1.0 / 3.0, 2.7, 9.25, 0.0, 5.5];
        let mut all = FixedMean::default();
        xs.iter().for_each(|&x| all.add(x));
        let mut a = FixedMean::default();
        let mut b = FixedMean::default();
        xs.iter().rev().take(2).for_each(|&x| a.add(x));
        xs.iter().take(4).for_each(|&x| b.add(x));
        assert_eq!(b.checked_merge(&a), Some(all));
        assert!((all.mean().unwrap() - xs.iter().sum::<f64>() / 6.0).abs() < 1e-7);
    }

    #[test]
    fn sums_are_checked_against_the_range_of_the_values() {
        let mut m = FixedMean::default();
        [0.0, 0.5, 1.0].iter().for_each(|&x| m.add(x));
        assert!(m.possible(0.0, 1.0));
        assert!(!m.possible(0.6, 1.0));
        let forged = FixedMean { sq: 0, ..m };
        assert!(!forged.possible(0.0, 1.0));
        assert!(FixedMean::default().possible(1.0, 2.0));
        assert!(
            !FixedMean {
                n: 0,
                sum: 5,
                sq: 25
            }
            .possible(0.0, 10.0)
        );
    }

    #[test]
    fn one_game_has_a_mean_but_no_spread() {
        let mut m = FixedMean::default();
        m.add(7.0);
        assert_eq!((m.mean(), m.sd(), m.se()), (Some(7.0), None, None));
        assert_eq!(FixedMean::default().mean(), None);
    }
}
