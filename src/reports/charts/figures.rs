//! How index.html writes a figure for reading: a rate as a percentage
//! with its 95% interval, every number rounded to what its interval
//! supports. The CSVs keep six decimals; the page links to them.

/// The decimals that a figure known to `± half_width` deserves: its
/// half-width's first significant digit is the last one shown (an
/// interval of ±3.4 points shows whole points, ±0.34 one decimal), at
/// most `max`.
pub fn decimals(half_width: f64, max: usize) -> usize {
    if !(half_width.is_finite() && half_width > 0.0) {
        return max;
    }
    let d = (-half_width.log10()).ceil();
    (d.max(0.0) as usize).min(max)
}

/// A rate with its 95% interval as percentages, rounded alike:
/// `48.6% [45.2, 52.0]`; just the rate where the interval is missing.
/// The interval's space is a no-break space, so that a narrow table
/// breaks the figure only before the interval.
///
/// ```
/// use ludus::reports::charts::figures::percent_interval;
/// assert_eq!(percent_interval(0.4862, Some((0.4519, 0.5204))), "49% [45,\u{a0}52]");
/// assert_eq!(percent_interval(0.4862, Some((0.4829, 0.4896))), "48.6% [48.3,\u{a0}49.0]");
/// assert_eq!(percent_interval(0.5, None), "50.0%");
/// ```
pub fn percent_interval(rate: f64, interval: Option<(f64, f64)>) -> String {
    match interval {
        Some((low, high)) => {
            let d = decimals(50.0 * (high - low), 2);
            let p = |x: f64| format!("{:.*}", d, 100.0 * x);
            format!("{}% [{},\u{a0}{}]", p(rate), p(low), p(high))
        }
        None => format!("{:.1}%", 100.0 * rate),
    }
}

/// A mean with its 95% interval `± half_width`, rounded alike: `-2.7 ±
/// 0.16` becomes `-2.7 ± 0.2`; the mean to three significant figures
/// where there is no interval.
pub fn mean_interval(mean: f64, half_width: Option<f64>) -> String {
    match half_width {
        Some(h) if h > 0.0 => {
            let d = decimals(h, 4);
            format!("{mean:.d$} ± {h:.d$}")
        }
        _ => significant(mean),
    }
}

/// A value with its 95% interval, rounded alike: `30.97 [30.56, 31.37]`
/// (the interval's space a no-break space, as in [`percent_interval`]);
/// just the value, to four decimals at most, where the interval is a
/// point (an exact value).
///
/// ```
/// use ludus::reports::charts::figures::value_interval;
/// assert_eq!(value_interval(30.9731, 30.5612, 31.3702), "31.0 [30.6,\u{a0}31.4]");
/// assert_eq!(value_interval(30.949254, 30.949254, 30.949254), "30.9493");
/// ```
pub fn value_interval(value: f64, low: f64, high: f64) -> String {
    if high > low {
        let d = decimals((high - low) / 2.0, 4);
        format!("{value:.d$} [{low:.d$},\u{a0}{high:.d$}]")
    } else {
        let text = format!("{value:.4}");
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

/// `x` to three significant figures, without trailing zeros past the
/// point (`170`, `12.3`, `0.0457`).
pub fn significant(x: f64) -> String {
    if x == 0.0 || !x.is_finite() {
        return format!("{x}");
    }
    let d = (2 - x.abs().log10().floor() as i32).clamp(0, 6) as usize;
    let text = format!("{x:.d$}");
    if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_interval_decides_the_decimals() {
        assert_eq!(decimals(3.4, 2), 0);
        assert_eq!(decimals(0.34, 2), 1);
        assert_eq!(decimals(0.034, 2), 2);
        assert_eq!(decimals(0.0034, 2), 2);
        assert_eq!(decimals(0.0, 2), 2);
        assert_eq!(
            percent_interval(0.9, Some((0.6, 1.0))),
            "90% [60,\u{a0}100]"
        );
    }

    #[test]
    fn means_and_plain_numbers_read_short() {
        assert_eq!(mean_interval(-2.7123, Some(0.16)), "-2.7 ± 0.2");
        assert_eq!(mean_interval(1.60042, Some(0.012)), "1.60 ± 0.01");
        assert_eq!(mean_interval(0.0, Some(0.0)), "0");
        assert_eq!(significant(111485.0), "111485");
        assert_eq!(significant(169.84), "170");
        assert_eq!(significant(12.345), "12.3");
        assert_eq!(significant(0.045678), "0.0457");
    }
}
