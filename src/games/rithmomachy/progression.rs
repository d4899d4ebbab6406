//! The three proportions of the philosophers' game: arithmetic, geometric
//! and harmonic, as the glorious victory, the triumphs and seed 003's
//! capture by proportion test them.

/// The arithmetic progression, as a bit of [`kinds`].
pub const ARITHMETIC: u8 = 1;
/// The geometric progression.
pub const GEOMETRIC: u8 = 2;
/// The harmonic progression (2ac = b(a + c)).
pub const HARMONIC: u8 = 4;

/// Whether values (a, b, c), b the middle term, are in arithmetic,
/// geometric or harmonic progression; three equal values count only with
/// `constant`.
///
/// ```
/// use ludus::games::rithmomachy::progression::progression;
/// assert!(progression(2, 4, 6, false));   // arithmetic
/// assert!(progression(4, 8, 16, false));  // geometric
/// assert!(progression(3, 4, 6, false));   // harmonic: 2*3*6 = 4*(3+6)
/// assert!(!progression(9, 9, 9, false) && progression(9, 9, 9, true));
/// ```
#[inline]
pub fn progression(a: u32, b: u32, c: u32, constant: bool) -> bool {
    if a == b && b == c {
        return constant;
    }
    let (a, b, c) = (a as u64, b as u64, c as u64);
    a + c == 2 * b || a * c == b * b || 2 * a * c == b * (a + c)
}

/// The kinds of progression three values show in order of size, one bit
/// each; equal values show none.
///
/// ```
/// use ludus::games::rithmomachy::progression::{kinds, ARITHMETIC, GEOMETRIC, HARMONIC};
/// assert_eq!(kinds([2, 3, 4]), ARITHMETIC);   // seed 002: "2C, 3C, & 4C"
/// assert_eq!(kinds([16, 4, 8]), GEOMETRIC);   // seed 002: "4C, 8C, & 16C", in any order
/// assert_eq!(kinds([3, 4, 6]), HARMONIC);
/// assert_eq!(kinds([9, 9, 9]), 0);
/// ```
pub fn kinds(mut v: [u32; 3]) -> u8 {
    v.sort_unstable();
    let [a, b, c] = v.map(u64::from);
    if a == c {
        return 0;
    }
    let mut k = 0;
    if a + c == 2 * b {
        k |= ARITHMETIC;
    }
    if a * c == b * b {
        k |= GEOMETRIC;
    }
    if 2 * a * c == b * (a + c) {
        k |= HARMONIC;
    }
    k
}

/// The kinds shown by the four triples of four values.
///
/// ```
/// use ludus::games::rithmomachy::progression::{kinds4, ARITHMETIC, GEOMETRIC, HARMONIC};
/// // 6 9 12 arithmetic, 6 8 12 harmonic: two kinds.
/// assert_eq!(kinds4([6, 8, 9, 12]), ARITHMETIC | HARMONIC);
/// // 2 3 4 arithmetic, 2 4 8 geometric, 3 4 6 would be harmonic but 6 is absent.
/// assert_eq!(kinds4([2, 3, 4, 8]), ARITHMETIC | GEOMETRIC);
/// ```
pub fn kinds4(v: [u32; 4]) -> u8 {
    (0..4).fold(0, |k, skip| {
        let mut t = [0; 3];
        let mut n = 0;
        for (i, &x) in v.iter().enumerate() {
            if i != skip {
                t[n] = x;
                n += 1;
            }
        }
        k | kinds(t)
    })
}
