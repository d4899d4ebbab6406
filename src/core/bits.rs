//! Bit tricks the games' bitboards share.

/// The `k`-th set bit of `set` (from 0, lowest first), which has more than
/// `k` bits set: one instruction where the CPU deposits bits (BMI2, which
/// `.cargo/config.toml` targets), and no branch on a random `k` to
/// mispredict.
///
/// ```
/// use ludus::core::bits::nth_set_bit;
/// assert_eq!(nth_set_bit(0b1011_0100, 0), 2);
/// assert_eq!(nth_set_bit(0b1011_0100, 3), 7);
/// ```
#[inline]
pub fn nth_set_bit(set: u64, k: u32) -> u32 {
    debug_assert!(set.count_ones() > k, "k below the count");
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the instruction is available: the build targets BMI2.
        unsafe { core::arch::x86_64::_pdep_u64(1 << k, set) }.trailing_zeros()
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        let mut set = set;
        for _ in 0..k {
            set &= set - 1;
        }
        set.trailing_zeros()
    }
}
