//! Signed figures for messages and tables: `+0.412`, `-1.300`, and a
//! figure that rounds to zero written `0.000`, never `-0.000` (a negative
//! payoff too small to show) nor `+0.000` (a gain of nothing).

/// `x` to `decimals` places with its sign, but none where it rounds to
/// zero.
///
/// ```
/// use ludus::core::signed::signed;
/// assert_eq!(signed(0.4123, 3), "+0.412");
/// assert_eq!(signed(-1.3, 3), "-1.300");
/// assert_eq!(signed(-0.0001, 3), "0.000");
/// assert_eq!(signed(0.0, 2), "0.00");
/// ```
pub fn signed(x: f64, decimals: usize) -> String {
    let text = format!("{x:+.decimals$}");
    if text[1..].bytes().all(|b| b == b'0' || b == b'.') {
        text[1..].to_string()
    } else {
        text
    }
}
