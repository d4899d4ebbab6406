//! The glorious victory: three pieces in the opponent's half, one of them
//! the side's own at an end, evenly spaced on a line or forming an L whose
//! corner is the middle term, with values in progression (seed 001).
//!
//! Two readings: `modern`'s, where the squares along an L's arms may hold
//! pieces, and boardspace.net's, where every formation is walked like a
//! line (see [`Glorious::clear_arms`]).

use crate::games::rithmomachy::board::{Board, enemy_half};
use crate::games::rithmomachy::half::{self, Half, NONE, Spot, bit, delta};
use crate::games::rithmomachy::lines::{direction_bit, first_in_line, lines_through, ray, steps};
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::progression::progression;
use crate::games::rithmomachy::rules::Glorious;
use crate::games::rithmomachy::square::{Bits, DIRECTIONS, Square, squares};
use crate::games::rithmomachy::values::Shown;

/// The squares where an end of a new formation can stand, after a move that
/// changed the squares `touched`: every square of a formation, and every
/// square between the pieces of a line, lies on a line through its end.
#[inline]
pub fn possible_ends(touched: Bits) -> Bits {
    if touched == !0 {
        return !0;
    }
    squares(touched).fold(touched, |m, t| m | lines_through(t))
}

/// Whether some value of each of the pieces on `a`, `b` and `c` (`b` the
/// middle term) are in progression.
#[inline]
fn triple(board: &Board, a: Square, b: Square, c: Square, constant: bool) -> bool {
    let (x, y, z) = (
        board.plain_value(a),
        board.plain_value(b),
        board.plain_value(c),
    );
    if x != 0 && y != 0 && z != 0 {
        return progression(x as u32, y as u32, z as u32, constant);
    }
    let (sa, sb, sc) = (
        Shown::every_at(board, a),
        Shown::every_at(board, b),
        Shown::every_at(board, c),
    );
    sa.values().any(|x| {
        sb.values()
            .any(|y| sc.values().any(|z| progression(x, y, z, constant)))
    })
}

/// Whether `side` has a glorious victory: three pieces on the opponent's
/// half, one an end and `side`'s own, the others of either side, evenly
/// spaced on an unobstructed line, or an L whose corner is the middle term
/// and whose arms are equal, with values in progression. Only formations
/// that hold a square of `touched` (or have one between their pieces) are
/// looked for: the others were there before and did not win; `!0` looks
/// everywhere.
pub fn glorious(g: &Glorious, side: Side, board: &Board, touched: Bits) -> bool {
    if g.clear_arms {
        return walked(g, side, board, touched);
    }
    let half = enemy_half(side, board.ranks());
    let occ = board.occupied();
    let allowed: u8 = if g.diagonal_lines { 0xff } else { 0x0f };
    for a in squares(board.occupied_by(side) & half & possible_ends(touched)) {
        // A new formation holds a touched square: on a line it lies on the
        // ray from the end A through B to C; in an L it is A, the corner B
        // (on an orthogonal ray from A) or C (on a diagonal ray from A).
        let all = touched & a.bit() != 0;
        let ways = if all {
            allowed
        } else {
            squares(touched).fold(0, |m, t| m | direction_bit(a, t)) & allowed
        };
        for d in dirs(ways) {
            let Some((b, k)) = first_in_line(a, d, occ) else {
                continue;
            };
            let Some((c, k2)) = first_in_line(b, d, occ) else {
                continue;
            };
            if k == k2
                && half & b.bit() != 0
                && half & c.bit() != 0
                && triple(board, a, b, c, g.constant)
            {
                return true;
            }
        }
        if g.triangle {
            let at = |b: Square, c: Square| {
                occ & b.bit() != 0
                    && occ & c.bit() != 0
                    && half & b.bit() != 0
                    && half & c.bit() != 0
                    && triple(board, a, b, c, g.constant)
            };
            if all {
                // Every L with its end on A: each piece B along an orthogonal
                // ray, and C a right angle and the same distance on.
                for (d, &(df, dr)) in DIRECTIONS[..4].iter().enumerate() {
                    for b in squares(ray(a, d) & occ & half) {
                        let k = steps(a, b);
                        for (ef, er) in [(dr, df), (-dr, -df)] {
                            if let Some(c) = b.offset(ef * k, er * k)
                                && at(b, c)
                            {
                                return true;
                            }
                        }
                    }
                }
            } else {
                // Only Ls holding a changed square: as the corner B (on an
                // orthogonal line from A) or as the far end C (on a diagonal).
                for t in squares(touched & occ & half & !a.bit()) {
                    let (df, dr) = (t.file() - a.file(), t.rank() - a.rank());
                    let k = df.abs().max(dr.abs());
                    if df == 0 || dr == 0 {
                        let (ux, uy) = (df.signum(), dr.signum());
                        for (ef, er) in [(uy, ux), (-uy, -ux)] {
                            if let Some(c) = t.offset(ef * k, er * k)
                                && at(t, c)
                            {
                                return true;
                            }
                        }
                    } else if df.abs() == dr.abs() {
                        for b in [a.offset(df, 0), a.offset(0, dr)].into_iter().flatten() {
                            if at(b, t) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
    }
    false
}

/// [`glorious`] where every formation is walked like a line (boardspace.net):
/// from the end A along a rank, file or diagonal to the first piece met, the
/// middle term B; from B, the same number of steps on along the same line
/// or (from a rank or file, where triangles count) at a right angle, every
/// square passed empty, to the far end C. Only formations that hold a
/// square of `touched`, or pass over one, are looked for; `!0` walks from
/// every piece.
fn walked(g: &Glorious, side: Side, board: &Board, touched: Bits) -> bool {
    let half = Half::of(side, board.ranks());
    // The whole formation stands in the half, the squares passed too.
    let occ = half.bits(board.occupied());
    let own = half.bits(board.occupied_by(side));
    if occ.count_ones() < 3 || own == 0 {
        return false;
    }
    let w = Walk {
        g,
        board,
        half,
        occ,
        own,
        allowed: if g.diagonal_lines { 0xff } else { 0x0f },
    };
    if touched == !0 {
        return bits(own).any(|a| w.ends_at(a));
    }
    // A formation that holds no changed square, nor passes over one, stood
    // before the move and would have ended the game then. Squares with a
    // piece first: after a move one of each, so that which kind a square
    // is never has to be guessed.
    let touched = half.bits(touched);
    bits(touched & occ).any(|t| w.through::<true>(t))
        || bits(touched & !occ).any(|t| w.through::<false>(t))
}

/// The directions of a set of them (one bit each), lowest first.
#[inline]
fn dirs(mut m: u8) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let d = m.trailing_zeros() as usize;
            m &= m - 1;
            d
        })
    })
}

/// The squares of a bitboard of the half, lowest first.
#[inline]
fn bits(mut b: u64) -> impl Iterator<Item = Spot> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let s = b.trailing_zeros() as Spot;
            b &= b - 1;
            s
        })
    })
}

/// What a walk of formations reads, fixed for one side and board; squares
/// are the half's.
struct Walk<'a> {
    g: &'a Glorious,
    board: &'a Board,
    half: Half,
    /// The pieces in the half.
    occ: u64,
    /// The side's own pieces in the half: the ends A.
    own: u64,
    /// The directions a formation's first arm may take, one bit each.
    allowed: u8,
}

impl Walk<'_> {
    /// Whether a formation has its end A on `a`.
    fn ends_at(&self, a: Spot) -> bool {
        dirs(self.allowed).any(|d| {
            let b = half::nearest(a, d, self.occ);
            b < NONE && self.far_end(a, b, d)
        })
    }

    /// Whether a formation holds the square `t` or passes over it: `t` lies
    /// on its first arm (A, a square passed, or B) or on its second (a
    /// square passed, or C), whose ends are the first pieces around `t` on
    /// that line, or `t` and one of them. `HELD`: whether `t` holds a piece.
    #[inline(always)]
    fn through<const HELD: bool>(&self, t: Spot) -> bool {
        // A is on a line through t, or through B, which is.
        if self.occ & half::lines_through(t) == 0 {
            return false;
        }
        let mut around = [NONE; 8];
        // The directions in which a piece is met, and those behind which one is.
        let mut ahead = 0u8;
        for (d, n) in around.iter_mut().enumerate() {
            *n = half::nearest(t, d, self.occ);
            if *n < NONE {
                ahead |= 1 << d;
            }
        }
        let behind = (ahead & 0x33) << 2 | (ahead & 0xcc) >> 2;
        if HELD {
            (self.own & bit(t) != 0
                && dirs(ahead & self.allowed).any(|d| self.far_end(t, around[d], d)))
                || dirs(behind & self.allowed).any(|d| {
                    let a = around[d ^ 2];
                    self.own & bit(a) != 0 && self.far_end(a, t, d)
                })
                || dirs(behind).any(|e| self.near_end(around[e ^ 2], t, e))
        } else {
            dirs(ahead & behind).any(|d| {
                let (a, b) = (around[d ^ 2], around[d]);
                (self.allowed & (1 << d) != 0 && self.own & bit(a) != 0 && self.far_end(a, b, d))
                    || self.near_end(a, b, d)
            })
        }
    }

    /// Whether the end A on `a` (one of the side's pieces) and the middle
    /// term on `b`, the first piece from `a` in direction `d`, make a
    /// formation with some far end C: as far from B as B is from A,
    /// straight on, or (an L, from a rank or file) turned a right angle
    /// either way, every square passed empty.
    #[inline]
    fn far_end(&self, a: Spot, b: Spot, d: usize) -> bool {
        let (df, dr) = delta(a, b);
        self.far(a, b, d, df, dr)
            || (self.g.triangle
                && d < 4
                && (self.far(a, b, (d + 1) % 4, dr, -df) || self.far(a, b, (d + 3) % 4, -dr, df)))
    }

    /// Whether the square `(ef, er)` from the middle term on `b`, in
    /// direction `e`, is a far end C for the end A on `a`.
    #[inline(always)]
    fn far(&self, a: Spot, b: Spot, e: usize, ef: i8, er: i8) -> bool {
        // Reaching C directly and testing that it holds a piece rules out
        // most before the squares passed are looked at.
        let c = self.half.offset(b, ef, er);
        self.occ & bit(c) != 0 && half::nearest(b, e, self.occ) == c && self.triple(a, b, c)
    }

    /// Whether the middle term on `b` and the far end on `c`, the first
    /// piece from `b` in direction `e`, make a formation with some end A:
    /// as far behind B as C is beyond it, straight back, or (an L, along a
    /// rank or file) a right angle either way, every square passed empty.
    #[inline(always)]
    fn near_end(&self, b: Spot, c: Spot, e: usize) -> bool {
        // A is one of the side's pieces as many steps from B as C is.
        self.own & half::at_steps(b, half::steps(b, c)) != 0 && self.behind(b, c, e)
    }

    /// [`Walk::near_end`] once some of the side's pieces stand at the
    /// right distance from B.
    #[inline(never)]
    fn behind(&self, b: Spot, c: Spot, e: usize) -> bool {
        let (df, dr) = delta(b, c);
        // A straight line runs in a direction the first arm may take.
        (self.allowed & (1 << e) != 0 && self.near(b, c, e ^ 2, -df, -dr))
            || (self.g.triangle
                && e < 4
                && (self.near(b, c, (e + 1) % 4, dr, -df) || self.near(b, c, (e + 3) % 4, -dr, df)))
    }

    /// Whether the square `(af, ar)` from the middle term on `b`, in
    /// direction `back`, is an end A for the far end on `c`.
    #[inline(always)]
    fn near(&self, b: Spot, c: Spot, back: usize, af: i8, ar: i8) -> bool {
        let a = self.half.offset(b, af, ar);
        self.own & bit(a) != 0 && half::nearest(b, back, self.occ) == a && self.triple(a, b, c)
    }

    /// [`triple`] of the half's squares.
    #[inline]
    fn triple(&self, a: Spot, b: Spot, c: Spot) -> bool {
        let s = |x| self.half.square(x);
        triple(self.board, s(a), s(b), s(c), self.g.constant)
    }
}
