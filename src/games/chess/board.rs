//! The board as a padded mailbox: up to 12 files and 12 ranks laid out in
//! rows of 16 cells, with five rows of padding below and above. Every leap
//! of up to four files and four ranks from a square lands on a real cell
//! (a leap off the left edge wraps into the row below, hence the fifth
//! row), and
//! off-board cells hold [`OFF`](crate::games::chess::piece::OFF), so move generation needs no bounds
//! checks: a slider stops at the first cell that is not empty.

use crate::games::chess::piece::Cell;

/// Cells per row: 12 files and 4 columns of padding, which also catch
/// leaps off the left edge (they wrap into the previous row's padding).
pub const STRIDE: i16 = 16;
/// Rows of padding below and above the board: four for the longest
/// leaps, one more for a leap left off a1's row wrapping a row lower.
const PAD: i16 = 5;
/// The most files or ranks a board has.
pub const MAX_SIDE: u8 = 12;
/// Cells in the mailbox.
pub const CELLS: usize = ((MAX_SIDE as i16 + 2 * PAD) * STRIDE) as usize;

/// A cell of the mailbox, as an index.
pub type Square = u16;

/// The cell of a file and rank (both from 0).
#[inline]
pub const fn square(file: u8, rank: u8) -> Square {
    ((rank as i16 + PAD) * STRIDE + file as i16) as Square
}

/// The file of a square on the board (from 0).
#[inline]
pub const fn file_of(sq: Square) -> u8 {
    (sq as i16 % STRIDE) as u8
}

/// The rank of a square on the board (from 0).
#[inline]
pub const fn rank_of(sq: Square) -> u8 {
    (sq as i16 / STRIDE - PAD) as u8
}

/// The mailbox offset of a step of `df` files and `dr` ranks.
#[inline]
pub const fn offset(df: i8, dr: i8) -> i16 {
    dr as i16 * STRIDE + df as i16
}

/// A square moved by an offset (the padding keeps it in the mailbox for
/// offsets of up to four files and ranks from a square on the board).
#[inline]
pub fn shifted(sq: Square, off: i16) -> Square {
    (sq as i16 + off) as Square
}

/// The size of a board and its names of squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    /// Files, a to l at most.
    pub files: u8,
    /// Ranks, 1 to 12 at most.
    pub ranks: u8,
}

impl Shape {
    /// Whether a file and rank lie on the board.
    pub fn holds(&self, file: i16, rank: i16) -> bool {
        (0..i16::from(self.files)).contains(&file) && (0..i16::from(self.ranks)).contains(&rank)
    }

    /// Every square of the board, rank by rank from a1.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.ranks).flat_map(move |r| (0..self.files).map(move |f| square(f, r)))
    }

    /// The empty board: [`OFF`](crate::games::chess::piece::OFF) everywhere but on the board.
    pub fn empty_cells(&self) -> [Cell; CELLS] {
        let mut cells = [crate::games::chess::piece::OFF; CELLS];
        for sq in self.squares() {
            cells[sq as usize] = crate::games::chess::piece::EMPTY;
        }
        cells
    }

    /// A square's name, `a1` to `l12`.
    pub fn name(&self, sq: Square) -> String {
        format!("{}{}", (b'a' + file_of(sq)) as char, rank_of(sq) + 1)
    }

    /// The square a name gives, if it is on this board.
    ///
    /// ```
    /// use ludus::games::chess::board::{Shape, square};
    /// let s = Shape { files: 12, ranks: 12 };
    /// assert_eq!(s.parse("l12"), Some(square(11, 11)));
    /// assert_eq!(s.parse("m1"), None);
    /// ```
    pub fn parse(&self, name: &str) -> Option<Square> {
        let mut chars = name.chars();
        let f = chars.next()?;
        if !f.is_ascii_lowercase() {
            return None;
        }
        let rank: i16 = chars.as_str().parse().ok()?;
        let file = (f as u8 - b'a') as i16;
        if chars.as_str().starts_with('0') || !self.holds(file, rank - 1) {
            return None;
        }
        Some(square(file as u8, (rank - 1) as u8))
    }

    /// The index of a board square among the board's squares, for tables
    /// sized to the board (a1 = 0, rank by rank).
    #[inline]
    pub fn index(&self, sq: Square) -> usize {
        usize::from(rank_of(sq)) * usize::from(self.files) + usize::from(file_of(sq))
    }
}

/// A set of squares of the mailbox, a bit each.
pub type Squares = [u64; CELLS.div_ceil(64)];

/// Adds or removes a square of a set.
#[inline]
pub fn put(set: &mut Squares, sq: Square, on: bool) {
    let (w, b) = (sq as usize / 64, sq % 64);
    if on {
        set[w] |= 1 << b;
    } else {
        set[w] &= !(1 << b);
    }
}

/// Whether a set holds a square.
#[inline]
pub fn holds(set: &Squares, sq: Square) -> bool {
    (set[sq as usize / 64] >> (sq % 64)) & 1 == 1
}

/// The squares of a set, in increasing order.
#[inline]
pub fn members(set: &Squares) -> impl Iterator<Item = Square> + '_ {
    set.iter().enumerate().flat_map(|(w, &word)| {
        let mut bits = word;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let b = bits.trailing_zeros();
                bits &= bits - 1;
                (w * 64 + b as usize) as Square
            })
        })
    })
}
