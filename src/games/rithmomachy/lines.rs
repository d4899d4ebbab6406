//! The eight lines through every square, for the rules that look along them
//! (eruption, equality by lines, custodial ambush, glorious lines).

use crate::games::rithmomachy::square::{Bits, DIRECTIONS, Square};

const fn build_rays() -> [[Bits; 8]; 128] {
    let mut ray = [[0; 8]; 128];
    let mut s = 0;
    while s < 128 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let (mut f, mut r) = ((s % 8) as i8 + df, (s / 8) as i8 + dr);
            while f >= 0 && f < 8 && r >= 0 && r < 16 {
                ray[s][d] |= 1u128 << (r * 8 + f);
                f += df;
                r += dr;
            }
            d += 1;
        }
        s += 1;
    }
    ray
}

const fn build_rings() -> [[Bits; 2]; 128] {
    let mut rings = [[0; 2]; 128];
    let mut s = 0;
    while s < 128 {
        let mut d = 0;
        while d < 8 {
            let (df, dr) = DIRECTIONS[d];
            let (f, r) = ((s % 8) as i8 + df, (s / 8) as i8 + dr);
            if f >= 0 && f < 8 && r >= 0 && r < 16 {
                rings[s][d / 4] |= 1u128 << (r * 8 + f);
            }
            d += 1;
        }
        s += 1;
    }
    rings
}

/// The orthogonal (0) and diagonal (1) neighbours of each square on the board.
static RINGS: [[Bits; 2]; 128] = build_rings();

/// The neighbours of `s` on the board: orthogonal if `diagonal` is false.
#[inline]
pub fn ring(s: Square, diagonal: bool) -> Bits {
    RINGS[s.0 as usize][diagonal as usize]
}

/// The squares whose every orthogonal neighbour (every diagonal one if
/// `diagonal`) on the 16-rank board is in `set`: those
/// [`ring`]`(s, diagonal) & !set == 0` says so of, all at once.
///
/// ```
/// use ludus::games::rithmomachy::lines::{ring, ringed_by};
/// use ludus::games::rithmomachy::square::{Square, squares};
/// let sq = |t| Square::parse(t).unwrap();
/// let set = ring(sq("d4"), false) | ring(sq("a1"), false);
/// let closed: Vec<Square> = squares(ringed_by(set, false)).collect();
/// assert_eq!(closed, [sq("a1"), sq("d4")]);
/// let closed: Vec<Square> = squares(ringed_by(ring(sq("d4"), true), true)).collect();
/// assert_eq!(closed, [sq("d4")]);
/// ```
#[inline]
pub fn ringed_by(set: Bits, diagonal: bool) -> Bits {
    // For each square, whether its neighbour that way is in `set` or off
    // the board (a diagonal one if either of its steps is).
    if diagonal {
        let ne = ((set >> 9) & !FILE_H) | FILE_H | RANK_16;
        let nw = ((set >> 7) & !FILE_A) | FILE_A | RANK_16;
        let se = ((set << 7) & !FILE_H) | FILE_H | RANK_1;
        let sw = ((set << 9) & !FILE_A) | FILE_A | RANK_1;
        ne & nw & se & sw
    } else {
        let n = (set >> 8) | RANK_16;
        let e = ((set >> 1) & !FILE_H) | FILE_H;
        let s = (set << 8) | RANK_1;
        let w = ((set << 1) & !FILE_A) | FILE_A;
        n & e & s & w
    }
}

/// The squares with both neighbours along some rank, file or diagonal in
/// `set` (on the 16-rank board), all at once.
///
/// ```
/// use ludus::games::rithmomachy::lines::flanked_by;
/// use ludus::games::rithmomachy::square::{Square, squares};
/// let sq = |t| Square::parse(t).unwrap();
/// let set = sq("c3").bit() | sq("e5").bit() | sq("h1").bit() | sq("a2").bit();
/// let flanked: Vec<Square> = squares(flanked_by(set)).collect();
/// assert_eq!(flanked, [sq("d4")]);
/// ```
#[inline]
pub fn flanked_by(set: Bits) -> Bits {
    // The neighbour of each square that way is in `set` (none off the board).
    let n = set >> 8;
    let s = set << 8;
    let e = (set >> 1) & !FILE_H;
    let w = (set << 1) & !FILE_A;
    let ne = (set >> 9) & !FILE_H;
    let sw = (set << 9) & !FILE_A;
    let nw = (set >> 7) & !FILE_A;
    let se = (set << 7) & !FILE_H;
    (n & s) | (e & w) | (ne & sw) | (nw & se)
}

/// The squares of the first and last files and ranks of the 16-rank board.
const FILE_A: Bits = 0x0101_0101_0101_0101_0101_0101_0101_0101;
const FILE_H: Bits = FILE_A << 7;
const RANK_1: Bits = 0xff;
const RANK_16: Bits = RANK_1 << 120;

/// The squares from each square in each direction, the square itself excluded.
static RAYS: [[Bits; 8]; 128] = build_rays();

/// Whether direction `d` raises the square index (on the whole board as
/// on [`half`](crate::games::rithmomachy::half)'s: both number by rank, then file).
pub(crate) const UP: [bool; 8] = [true, true, false, false, true, false, false, true];

/// The squares from `from` in direction `d` (an index into [`DIRECTIONS`]).
#[inline]
pub fn ray(from: Square, d: usize) -> Bits {
    RAYS[from.0 as usize][d]
}

/// The first occupied square from `from` in direction `d` (an index into
/// [`DIRECTIONS`]).
///
/// ```
/// use ludus::games::rithmomachy::lines::nearest;
/// use ludus::games::rithmomachy::square::Square;
/// let sq = |t| Square::parse(t).unwrap();
/// let occ = sq("a2").bit() | sq("a4").bit();
/// assert_eq!(nearest(sq("a1"), 0, occ), Some(sq("a2")));
/// assert_eq!(nearest(sq("a5"), 2, occ), Some(sq("a4")));
/// assert_eq!(nearest(sq("a1"), 1, occ), None);
/// ```
#[inline]
pub fn nearest(from: Square, d: usize, occ: Bits) -> Option<Square> {
    let hits = RAYS[from.0 as usize][d] & occ;
    if hits == 0 {
        return None;
    }
    Some(Square(if UP[d] {
        hits.trailing_zeros() as u8
    } else {
        127 - hits.leading_zeros() as u8
    }))
}

/// The first occupied square from `from` in direction `d` (an index into
/// [`DIRECTIONS`]) and how many steps away it is.
///
/// ```
/// use ludus::games::rithmomachy::lines::first_in_line;
/// use ludus::games::rithmomachy::square::Square;
/// let a1 = Square::parse("a1").unwrap();
/// let a4 = Square::parse("a4").unwrap();
/// assert_eq!(first_in_line(a1, 0, a4.bit()), Some((a4, 3)));
/// assert_eq!(first_in_line(a1, 2, a4.bit()), None);
/// ```
#[inline]
pub fn first_in_line(from: Square, d: usize, occ: Bits) -> Option<(Square, i8)> {
    let s = nearest(from, d, occ)?.0;
    // Along a rank the files differ by the steps; along a file or a
    // diagonal the ranks do.
    let (a, b) = (from.0 as i8, s as i8);
    let steps = if d == 1 || d == 3 {
        ((a & 7) - (b & 7)).abs()
    } else {
        ((a >> 3) - (b >> 3)).abs()
    };
    Some((Square(s), steps))
}

/// The squares from `a` to `b`, both included, `b` lying from `a` in
/// direction `d` (an index into [`DIRECTIONS`]).
///
/// ```
/// use ludus::games::rithmomachy::lines::span;
/// use ludus::games::rithmomachy::square::{Square, squares};
/// let sq = |t| Square::parse(t).unwrap();
/// let on: Vec<Square> = squares(span(sq("a1"), 4, sq("c3"))).collect();
/// assert_eq!(on, [sq("a1"), sq("b2"), sq("c3")]);
/// ```
#[inline]
pub fn span(a: Square, d: usize, b: Square) -> Bits {
    (ray(a, d) & !ray(b, d)) | a.bit()
}

/// Calls `each((x, y, d))` for every pair of pieces first in line with each
/// other across or from `c`, one in `white` and the other in `black`, `y`
/// the first piece from `x` in direction `d`: `c`'s own piece and the first
/// in each direction ([`pairs_from`]), or (`c` empty) the first on either
/// side of it along each line ([`pairs_across`]).
#[inline(always)]
pub fn opposed_pairs(
    c: Square,
    white: Bits,
    black: Bits,
    each: impl FnMut((Square, Square, usize)),
) {
    if (white | black) & c.bit() != 0 {
        pairs_from(c, white, black, each);
    } else {
        pairs_across(c, white, black, each);
    }
}

/// [`opposed_pairs`] of a square `c` that holds a piece: that piece and the
/// first in each direction, where it is of the other side. A ray without a
/// piece of the other side is passed over before it is searched.
#[inline(always)]
pub fn pairs_from(
    c: Square,
    white: Bits,
    black: Bits,
    mut each: impl FnMut((Square, Square, usize)),
) {
    let occ = white | black;
    let foes = if white & c.bit() != 0 { black } else { white };
    for d in 0..8 {
        if ray(c, d) & foes != 0
            && let Some(p) = nearest(c, d, occ)
            && foes & p.bit() != 0
        {
            each((c, p, d));
        }
    }
}

/// [`opposed_pairs`] of an empty square `c`: the first pieces on either
/// side of it along each line, where they are of opposite sides. A line
/// without pieces of both is passed over before it is searched.
#[inline(always)]
pub fn pairs_across(
    c: Square,
    white: Bits,
    black: Bits,
    mut each: impl FnMut((Square, Square, usize)),
) {
    let occ = white | black;
    for (axis, &(up, _)) in AXES.iter().enumerate() {
        let line = axis_line(c, axis);
        if line & white != 0
            && line & black != 0
            && let (Some(p), Some(q)) = first_on_axis(c, axis, occ)
            && (white & p.bit() != 0) != (white & q.bit() != 0)
        {
            each((q, p, up));
        }
    }
}

/// The four lines through a square, each as its two directions (indices
/// into [`DIRECTIONS`]): the one that raises the square index first.
pub const AXES: [(usize, usize); 4] = [(0, 2), (1, 3), (4, 6), (7, 5)];

/// The whole line through `s` along axis `a` of [`AXES`], `s` included.
#[inline]
pub fn axis_line(s: Square, a: usize) -> Bits {
    AXIS_LINES[s.0 as usize][a & 3]
}

static AXIS_LINES: [[Bits; 4]; 128] = {
    let mut t = [[0; 4]; 128];
    let mut s = 0;
    while s < 128 {
        let mut a = 0;
        while a < 4 {
            t[s][a] = RAYS[s][AXES[a].0] | RAYS[s][AXES[a].1] | 1u128 << s;
            a += 1;
        }
        s += 1;
    }
    t
};

/// The first pieces of `occ` on either side of `s` along axis `a` of
/// [`AXES`]: the one beyond `s` in the rising direction, then the falling one.
///
/// ```
/// use ludus::games::rithmomachy::lines::first_on_axis;
/// use ludus::games::rithmomachy::square::Square;
/// let sq = |t| Square::parse(t).unwrap();
/// let occ = sq("a1").bit() | sq("a7").bit() | sq("a9").bit();
/// assert_eq!(first_on_axis(sq("a4"), 0, occ), (Some(sq("a7")), Some(sq("a1"))));
/// assert_eq!(first_on_axis(sq("a4"), 1, occ), (None, None));
/// ```
#[inline]
pub fn first_on_axis(s: Square, a: usize, occ: Bits) -> (Option<Square>, Option<Square>) {
    let (up, down) = AXES[a];
    let r = &RAYS[s.0 as usize];
    let (u, d) = (r[up] & occ, r[down] & occ);
    (
        (u != 0).then(|| Square(u.trailing_zeros() as u8)),
        (d != 0).then(|| Square(127 - d.leading_zeros() as u8)),
    )
}

/// The squares on the eight lines through `s`, `s` excluded.
#[inline]
pub fn lines_through(s: Square) -> Bits {
    LINES_THROUGH[s.0 as usize & 127]
}

static LINES_THROUGH: [Bits; 128] = {
    let mut t = [0; 128];
    let mut s = 0;
    while s < 128 {
        let r = &RAYS[s];
        t[s] = r[0] | r[1] | r[2] | r[3] | r[4] | r[5] | r[6] | r[7];
        s += 1;
    }
    t
};

/// Steps between two squares (the larger of the file and rank differences).
#[inline]
pub fn steps(a: Square, b: Square) -> i8 {
    (a.file() - b.file()).abs().max((a.rank() - b.rank()).abs())
}

/// For each pair of squares, the direction from the first to the second as
/// a bit (`1 << d`, `d` an index into [`DIRECTIONS`]), or 0 if they share no
/// line.
static DIRECTION_BITS: [[u8; 128]; 128] = {
    let mut t = [[0; 128]; 128];
    let mut a = 0;
    while a < 128 {
        let mut d = 0;
        while d < 8 {
            let mut b = 0;
            while b < 128 {
                if RAYS[a][d] & (1u128 << b) != 0 {
                    t[a][b] = 1 << d;
                }
                b += 1;
            }
            d += 1;
        }
        a += 1;
    }
    t
};

/// The direction from `a` to `b` as a bit (`1 << d`), or 0 if `b` is not on
/// a line from `a`.
///
/// ```
/// use ludus::games::rithmomachy::lines::direction_bit;
/// use ludus::games::rithmomachy::square::Square;
/// let sq = |t| Square::parse(t).unwrap();
/// assert_eq!(direction_bit(sq("a1"), sq("a5")), 1 << 0);
/// assert_eq!(direction_bit(sq("c3"), sq("e5")), 1 << 4);
/// assert_eq!(direction_bit(sq("a1"), sq("b3")), 0);
/// ```
#[inline]
pub fn direction_bit(a: Square, b: Square) -> u8 {
    DIRECTION_BITS[a.0 as usize & 127][b.0 as usize & 127]
}
