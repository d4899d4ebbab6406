//! How a partial file writes the numbers a JSON reader may not hold
//! whole: sums past 2^64 as decimal text, histograms as their non-zero
//! `[value, count]` pairs; and how it reads them back, refusing anything
//! else.

use crate::core::text::printable;
use crate::store::partial_error::PartialError;

/// A histogram (`h[k]`: how many had `k`) as its non-zero `[k, count]`
/// pairs, smallest `k` first.
///
/// ```
/// use ludus::store::record_numbers::pairs;
/// assert_eq!(pairs(&[0, 3, 0, 1]), [[1, 3], [3, 1]]);
/// ```
pub fn pairs(h: &[u64]) -> Vec<[u64; 2]> {
    h.iter()
        .enumerate()
        .filter(|(_, n)| **n > 0)
        .map(|(k, n)| [k as u64, *n])
        .collect()
}

/// The whole number `text` writes, exactly as ludus writes it (digits,
/// no sign, no leading zero), or an error naming `field`.
///
/// ```
/// use ludus::store::record_numbers::wide;
/// assert_eq!(wide("x", "340282366920938463463374607431768211455").unwrap(), u128::MAX);
/// assert!(wide("x", "+1").is_err() && wide("x", "01").is_err());
/// ```
pub fn wide(field: impl Into<String>, text: &str) -> Result<u128, PartialError> {
    text.parse::<u128>()
        .ok()
        .filter(|x| x.to_string() == text)
        .ok_or_else(|| {
            PartialError::at(
                field,
                format!(
                    "`{}` is not a whole number",
                    printable(text.as_bytes(), false)
                ),
            )
        })
}
