//! 95% confidence intervals for a win rate.

use statrs::distribution::{ContinuousCDF, Normal};
use statrs::function::beta::inv_beta_reg;

/// The two-sided 95% level.
const ALPHA: f64 = 0.05;

/// The normal quantile of a two-sided 95% interval, 1.96.
pub fn z95() -> f64 {
    Normal::new(0.0, 1.0)
        .expect("standard normal")
        .inverse_cdf(1.0 - ALPHA / 2.0)
}

/// The Wilson score interval for `k` successes in `n` trials.
///
/// ```
/// use ludus::reports::interval::wilson;
/// let (lo, hi) = wilson(50, 100);
/// assert!((lo - 0.4038).abs() < 1e-4 && (hi - 0.5962).abs() < 1e-4);
/// ```
pub fn wilson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = z95();
    let n = n as f64;
    let p = k as f64 / n;
    let z2 = z * z;
    let centre = (p + z2 / (2.0 * n)) / (1.0 + z2 / n);
    let half = z / (1.0 + z2 / n) * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The Clopper-Pearson (exact binomial) interval for `k` successes in `n`
/// trials, from the Beta quantiles.
///
/// ```
/// use ludus::reports::interval::clopper_pearson;
/// let (lo, hi) = clopper_pearson(0, 10);
/// assert_eq!(lo, 0.0);
/// assert!((hi - 0.30850).abs() < 1e-4);
/// ```
pub fn clopper_pearson(k: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (kf, nf) = (k as f64, n as f64);
    let lo = if k == 0 {
        0.0
    } else {
        inv_beta_reg(kf, nf - kf + 1.0, ALPHA / 2.0)
    };
    let hi = if k == n {
        1.0
    } else {
        inv_beta_reg(kf + 1.0, nf - kf, 1.0 - ALPHA / 2.0)
    };
    (lo, hi)
}
