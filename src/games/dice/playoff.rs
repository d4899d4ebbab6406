//! Ties replayed among the tied: Mayor, Menor, Tanto and Riffa play a
//! round again among the seats that share the best result.

use crate::core::seat::Seat;

/// Keeps, in playing order, those of the first `n` seats of `group` whose
/// index `i` passes `tied`, moving them to the front; returns how many.
///
/// ```
/// use ludus::games::dice::playoff::keep_tied;
/// let mut group = [0, 1, 2, 3];
/// assert_eq!(keep_tied(&mut group, 4, |i| i % 2 == 1), 2);
/// assert_eq!(&group[..2], &[1, 3]);
/// ```
#[inline]
pub fn keep_tied(group: &mut [Seat], n: usize, tied: impl Fn(usize) -> bool) -> usize {
    let mut kept = 0;
    for i in 0..n {
        if tied(i) {
            group[kept] = group[i];
            kept += 1;
        }
    }
    kept
}
