//! A goal's value for a candidate: its metric estimated at each skill
//! level, turned into a utility (higher is better) with its interval, and
//! counted over levels as the search file says (`robust`).

use crate::plan::search_plan::{Aim, Robust};
use crate::reports::metrics::{Estimate, RATES};

/// How good an estimate is for `aim`, higher better, with the interval
/// carried over: `max` keeps the metric, `min` negates it, a target
/// counts the distance from it, negated.
///
/// ```
/// use ludus::plan::search_plan::Aim;
/// use ludus::reports::metrics::Estimate;
/// use ludus::search::goal_value::utility;
/// let e = Estimate { value: 140.0, low: 130.0, high: 170.0 };
/// let u = utility(Aim::Target(150.0), e);
/// assert_eq!((u.value, u.low, u.high), (-10.0, -20.0, 0.0));
/// ```
pub fn utility(aim: Aim, e: Estimate) -> Estimate {
    match aim {
        Aim::Max => e,
        Aim::Min => Estimate {
            value: -e.value,
            low: -e.high,
            high: -e.low,
        },
        Aim::Target(t) => {
            let far = (e.low - t).abs().max((e.high - t).abs());
            let near = if e.low <= t && t <= e.high {
                0.0
            } else {
                (e.low - t).abs().min((e.high - t).abs())
            };
            Estimate {
                value: -(e.value - t).abs(),
                low: -far,
                high: -near,
            }
        }
    }
}

/// `e`, an estimate of `metric`, with its interval stretched `factor`
/// times about its value (a 95 % interval made one of higher confidence,
/// for dropping candidates), kept within the metric's range: 0 to 1 for
/// a rate, at least 0 for the rest.
pub fn widened(metric: &str, e: Estimate, factor: f64) -> Estimate {
    let top = if is_rate(metric) { 1.0 } else { f64::INFINITY };
    Estimate {
        value: e.value,
        low: (e.value - (e.value - e.low) * factor).max(0.0),
        high: (e.value + (e.high - e.value) * factor).min(top),
    }
}

/// Whether `metric` is a rate or a share, from 0 to 1 (the rest are
/// counts and lengths, at least 0).
pub fn is_rate(metric: &str) -> bool {
    metric == "balance_decided" || RATES.iter().any(|(name, _)| *name == metric)
}

/// One goal at every level counted as one, as the search file says:
/// the metric (for the tables) and its utility under `aim` (for the
/// race). Under `worst`, the metric of the level of least utility, and a
/// utility interval that no level's interval lets the worst go beyond;
/// under `mean`, the means. `None` where a level has no estimate.
pub fn over_levels(
    aim: Aim,
    robust: Robust,
    levels: &[Option<Estimate>],
) -> Option<(Estimate, Estimate)> {
    let metric: Vec<Estimate> = levels.iter().copied().collect::<Option<_>>()?;
    let utils: Vec<Estimate> = metric.iter().map(|&e| utility(aim, e)).collect();
    let least = |f: fn(&Estimate) -> f64| utils.iter().map(f).fold(f64::INFINITY, f64::min);
    match robust {
        Robust::Worst => {
            let worst =
                (0..utils.len()).min_by(|&a, &b| utils[a].value.total_cmp(&utils[b].value))?;
            Some((
                metric[worst],
                Estimate {
                    value: utils[worst].value,
                    low: least(|e| e.low),
                    high: least(|e| e.high),
                },
            ))
        }
        Robust::Mean => {
            let mean = |es: &[Estimate], f: fn(&Estimate) -> f64| {
                es.iter().map(f).sum::<f64>() / es.len() as f64
            };
            let of = |es: &[Estimate]| Estimate {
                value: mean(es, |e| e.value),
                low: mean(es, |e| e.low),
                high: mean(es, |e| e.high),
            };
            Some((of(&metric), of(&utils)))
        }
    }
}
