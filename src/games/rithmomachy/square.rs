//! Squares of the 8 x 16 board and the bitboards over them.
//!
//! A square is `rank * 8 + file` with rank 0 = rank 1 (White's home rank) and
//! file 0 = file a, so the whole board fits in one `u128`.

use std::fmt;

/// Files a-h.
pub const FILES: i8 = 8;
/// Ranks 1-16.
pub const RANKS: i8 = 16;

/// A set of squares, one bit per square.
pub type Bits = u128;

static BITS: [Bits; 128] = {
    let mut b = [0; 128];
    let mut i = 0;
    while i < 128 {
        b[i] = 1u128 << i;
        i += 1;
    }
    b
};

/// One square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square(pub u8);

impl Square {
    /// The square at (file, rank), both from 0, if it is on the board.
    #[inline]
    pub fn at(file: i8, rank: i8) -> Option<Square> {
        if (0..FILES).contains(&file) && (0..RANKS).contains(&rank) {
            Some(Square((rank * FILES + file) as u8))
        } else {
            None
        }
    }

    /// The file, 0 = a.
    #[inline]
    pub fn file(self) -> i8 {
        (self.0 % 8) as i8
    }

    /// The rank, 0 = rank 1.
    #[inline]
    pub fn rank(self) -> i8 {
        (self.0 / 8) as i8
    }

    /// The square moved by (df, dr), if still on the board.
    #[inline]
    pub fn offset(self, df: i8, dr: i8) -> Option<Square> {
        Square::at(self.file() + df, self.rank() + dr)
    }

    /// This square's bit.
    #[inline]
    pub fn bit(self) -> Bits {
        // A load is cheaper than a variable shift of a u128 (two halves and
        // a select); the mask keeps the index in range without a check.
        BITS[(self.0 & 127) as usize]
    }

    /// Parses `a1`..`h16`.
    ///
    /// ```
    /// use ludus::games::rithmomachy::square::Square;
    /// let s = Square::parse("d5").unwrap();
    /// assert_eq!((s.file(), s.rank()), (3, 4));
    /// assert_eq!(s.to_string(), "d5");
    /// assert!(Square::parse("i3").is_none() && Square::parse("a17").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Square> {
        let mut chars = text.chars();
        let f = chars.next()?;
        if !('a'..='h').contains(&f) {
            return None;
        }
        let rest = chars.as_str();
        if rest.is_empty() || rest.starts_with('0') || !rest.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let r: i8 = rest.parse().ok()?;
        Square::at(f as i8 - b'a' as i8, r - 1)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            (b'a' + self.file() as u8) as char,
            self.rank() + 1
        )
    }
}

/// The squares of a bitboard, lowest first.
#[inline]
pub fn squares(mut bits: Bits) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if bits == 0 {
            None
        } else {
            let s = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            Some(Square(s))
        }
    })
}

/// The eight directions as (file step, rank step): the four orthogonal first.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 0),
    (0, -1),
    (-1, 0),
    (1, 1),
    (1, -1),
    (-1, -1),
    (-1, 1),
];
