//! A side's enemy half as a board of its own: at most 8 ranks of 8 files,
//! one `u64`, where a glorious formation stands whole. Its squares are
//! numbered from 0 like the board's, from the half's lowest rank; a line
//! that leaves the half never comes back, so the first piece met along it
//! in the half is the first met on the board, if it is in the half at all.

use crate::games::rithmomachy::board::halves;
use crate::games::rithmomachy::lines::UP;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::square::{Bits, DIRECTIONS, Square};

/// A square of the half, from 0; [`NONE`] and above stand for no square.
pub type Spot = u8;

/// No square (a line that met no piece, a step off the half).
pub const NONE: Spot = 64;

/// Where a side's enemy half lies on the board.
#[derive(Clone, Copy, Debug)]
pub struct Half {
    /// The board's square of the half's square 0.
    base: u8,
    /// The half's squares.
    squares: u64,
    /// The half's ranks (8, or 7 on a board of 14).
    ranks: i8,
}

impl Half {
    /// `side`'s enemy half on a board of `ranks` ranks.
    #[inline]
    pub fn of(side: Side, ranks: u8) -> Half {
        // Read from a table, as `enemy_half` is: asked after every move.
        OF[ranks as usize & 31][side.index()]
    }

    /// [`Half::of`] a half given as a board's squares.
    const fn from_bits(half: Bits, ranks: u8) -> Half {
        let base = half.trailing_zeros() as u8;
        Half {
            base,
            squares: (half >> base) as u64,
            ranks: (ranks / 2) as i8,
        }
    }

    /// The squares of `bits` in the half.
    #[inline]
    pub fn bits(&self, bits: Bits) -> u64 {
        (bits >> self.base) as u64 & self.squares
    }

    /// The board's square of the half's square `s`.
    #[inline]
    pub fn square(&self, s: Spot) -> Square {
        Square(s + self.base)
    }

    /// The half's square `d` steps of `(df, dr)` from `s`, or [`NONE`].
    #[inline]
    pub fn offset(&self, s: Spot, df: i8, dr: i8) -> Spot {
        let (f, r) = ((s & 7) as i8 + df, (s >> 3) as i8 + dr);
        // Both bounds at once (a negative wraps above them), chosen without
        // a branch: whether a walk's square is on the half is a coin toss.
        let on = ((f as u8) < 8) & ((r as u8) < self.ranks as u8);
        let at = (r * 8 + f) as Spot;
        if on { at } else { NONE }
    }
}

/// [`Half::of`] by ranks (1 to 16; none above) and side.
static OF: [[Half; 2]; 32] = {
    let none = Half {
        base: 0,
        squares: 0,
        ranks: 0,
    };
    let mut t = [[none; 2]; 32];
    let mut ranks = 1;
    while ranks <= 16 {
        let [white, black] = halves(ranks as u8);
        t[ranks] = [
            Half::from_bits(white, ranks as u8),
            Half::from_bits(black, ranks as u8),
        ];
        ranks += 1;
    }
    t
};

/// The bit of `s` in the half, 0 for [`NONE`] and above.
#[inline]
pub fn bit(s: Spot) -> u64 {
    BITS[s as usize & 127]
}

static BITS: [u64; 128] = {
    let mut b = [0; 128];
    let mut i = 0;
    while i < 64 {
        b[i] = 1 << i;
        i += 1;
    }
    b
};

/// The file and rank differences from `a` to `b`.
#[inline]
pub fn delta(a: Spot, b: Spot) -> (i8, i8) {
    (
        (b & 7) as i8 - (a & 7) as i8,
        (b >> 3) as i8 - (a >> 3) as i8,
    )
}

/// The steps from `a` to `b` on a line (the larger of the file and rank
/// differences).
#[inline]
pub fn steps(a: Spot, b: Spot) -> u8 {
    let (df, dr) = delta(a, b);
    df.unsigned_abs().max(dr.unsigned_abs())
}

static RAYS: [[u64; 8]; 64] = {
    let mut ray = [[0; 8]; 64];
    let mut s = 0;
    while s < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let (mut f, mut r) = ((s % 8) as i8 + df, (s / 8) as i8 + dr);
            while f >= 0 && f < 8 && r >= 0 && r < 8 {
                ray[s][d] |= 1u64 << (r * 8 + f);
                f += df;
                r += dr;
            }
            d += 1;
        }
        s += 1;
    }
    ray
};

/// The first square of `occ` from `from` in direction `d` (an index into
/// [`DIRECTIONS`]), or [`NONE`].
#[inline]
pub fn nearest(from: Spot, d: usize, occ: u64) -> Spot {
    let hits = RAYS[from as usize & 63][d & 7] & occ;
    if UP[d & 7] {
        hits.trailing_zeros() as Spot
    } else {
        // No hit gives -1: a square of none.
        (63 - hits.leading_zeros() as i32) as Spot
    }
}

/// The squares on the eight lines through `s`, `s` excluded.
#[inline]
pub fn lines_through(s: Spot) -> u64 {
    LINES_THROUGH[s as usize & 63]
}

static LINES_THROUGH: [u64; 64] = {
    let mut t = [0; 64];
    let mut s = 0;
    while s < 64 {
        let r = &RAYS[s];
        t[s] = r[0] | r[1] | r[2] | r[3] | r[4] | r[5] | r[6] | r[7];
        s += 1;
    }
    t
};

/// The squares `k` steps from `s` along the eight lines (none past 7).
#[inline]
pub fn at_steps(s: Spot, k: u8) -> u64 {
    AT_STEPS[s as usize & 63][k as usize & 7]
}

static AT_STEPS: [[u64; 8]; 64] = {
    let mut t = [[0; 8]; 64];
    let mut s = 0;
    while s < 64 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let mut k = 1;
            while k < 8 {
                let (f, r) = ((s % 8) as i8 + df * k, (s / 8) as i8 + dr * k);
                if f >= 0 && f < 8 && r >= 0 && r < 8 {
                    t[s][k as usize] |= 1u64 << (r * 8 + f);
                }
                k += 1;
            }
            d += 1;
        }
        s += 1;
    }
    t
};
