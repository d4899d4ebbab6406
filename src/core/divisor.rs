//! Division by a number fixed in advance, without a divide instruction.

/// A divisor known before the numbers it divides: `n / d` and `n % d` by a
/// multiplication (Lemire, Kaser and Kurz, "Faster Remainder by Direct
/// Computation", 2019), exact for every `u32`. A divide instruction takes
/// ten or more cycles; a draw among a side's ways of moving makes one per
/// candidate.
///
/// ```
/// use ludus::core::divisor::Divisor;
/// let seven = Divisor::new(7);
/// assert_eq!(seven.div_rem(100), (14, 2));
/// assert_eq!(seven.div_rem(u32::MAX), (u32::MAX / 7, u32::MAX % 7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Divisor {
    d: u32,
    /// ceil(2^64 / d), 0 for a divisor of 0 or 1.
    m: u64,
}

impl Divisor {
    /// Division by `d`; dividing by 0 gives 0 remainder 0 (never asked).
    pub const fn new(d: u32) -> Divisor {
        let m = if d <= 1 { 0 } else { u64::MAX / d as u64 + 1 };
        Divisor { d, m }
    }

    /// The divisor.
    #[inline]
    pub fn get(self) -> u32 {
        self.d
    }

    /// `(n / d, n % d)`.
    #[inline]
    pub fn div_rem(self, n: u32) -> (u32, u32) {
        if self.m == 0 {
            return if self.d == 1 { (n, 0) } else { (0, 0) };
        }
        let q = ((self.m as u128 * n as u128) >> 64) as u32;
        (q, n - q * self.d)
    }
}

#[cfg(test)]
mod tests {
    use super::Divisor;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn agrees_with_the_divide_instruction(d in 1u32.., n: u32) {
            prop_assert_eq!(Divisor::new(d).div_rem(n), (n / d, n % d));
        }

        #[test]
        fn agrees_for_small_divisors(d in 1u32..70, n: u32) {
            prop_assert_eq!(Divisor::new(d).div_rem(n), (n / d, n % d));
        }
    }
}
