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
        let mut dirs = if all {
            allowed
        } else {
            squares(touched).fold(0, |m, t| m | direction_bit(a, t)) & allowed
        };
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
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
    // before the move and would have ended the game then.
    bits(half.bits(touched)).any(|t| w.through(t))
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
        (0..8).any(|d| {
            self.allowed & (1 << d) != 0 && self.far_end(a, half::nearest(a, d, self.occ), d)
        })
    }

    /// Whether a formation holds the square `t` or passes over it: `t` lies
    /// on its first arm (A, a square passed, or B) or on its second (a
    /// square passed, or C), whose ends are the first pieces around `t` on
    /// that line, or `t` and one of them.
    fn through(&self, t: Spot) -> bool {
        // A is on a line through t, or through B, which is.
        let near = self.occ & half::lines_through(t);
        if near == 0 {
            return false;
        }
        let mut around = [NONE; 8];
        for (d, n) in around.iter_mut().enumerate() {
            *n = half::nearest(t, d, self.occ);
        }
        let here = self.occ & bit(t) != 0;
        if here {
            if self.own & bit(t) != 0 && (0..8).any(|d| self.far_end_of(t, around[d], d)) {
                return true;
            }
            if self.own & near != 0 && (0..8).any(|d| self.far_end_of(around[d ^ 2], t, d)) {
                return true;
            }
            (0..8).any(|e| self.near_end(around[e ^ 2], t, e))
        } else {
            (0..8).any(|d| {
                self.far_end_of(around[d ^ 2], around[d], d)
                    || self.near_end(around[d ^ 2], around[d], d)
            })
        }
    }

    /// [`Walk::far_end`] if `a` holds one of the side's pieces and the
    /// first arm may run in direction `d`.
    #[inline]
    fn far_end_of(&self, a: Spot, b: Spot, d: usize) -> bool {
        self.allowed & (1 << d) != 0 && self.own & bit(a) != 0 && self.far_end(a, b, d)
    }

    /// Whether the end A on `a` (one of the side's pieces) and the middle
    /// term on `b`, the first piece from `a` in direction `d` (or none),
    /// make a formation with some far end C: as far from B as B is from A,
    /// straight on, or (an L, from a rank or file) turned a right angle
    /// either way, every square passed empty.
    #[inline]
    fn far_end(&self, a: Spot, b: Spot, d: usize) -> bool {
        if self.occ & bit(b) == 0 {
            return false;
        }
        let (df, dr) = delta(a, b);
        let turns = if self.g.triangle && d < 4 { 3 } else { 1 };
        [
            (d, (df, dr)),
            ((d + 1) % 4, (dr, -df)),
            ((d + 3) % 4, (-dr, df)),
        ]
        .into_iter()
        .take(turns)
        .any(|(e, (ef, er))| {
            // Reaching C directly and testing that it holds a piece rules
            // out most before the squares passed are looked at.
            let c = self.half.offset(b, ef, er);
            self.occ & bit(c) != 0 && half::nearest(b, e, self.occ) == c && self.triple(a, b, c)
        })
    }

    /// Whether the middle term on `b` and the far end on `c`, the first
    /// piece from `b` in direction `e` (either may be none), make a
    /// formation with some end A: as far behind B as C is beyond it,
    /// straight back, or (an L, along a rank or file) a right angle either
    /// way, every square passed empty.
    #[inline]
    fn near_end(&self, b: Spot, c: Spot, e: usize) -> bool {
        if self.occ & bit(b) == 0
            || self.occ & bit(c) == 0
            || self.own & half::lines_through(b) == 0
        {
            return false;
        }
        // A straight line runs in a direction the first arm may take.
        let straight = self.allowed & (1 << e) != 0;
        let turns = self.g.triangle && e < 4;
        let (df, dr) = delta(b, c);
        [
            (straight, e ^ 2, (-df, -dr)),
            (turns, (e + 1) % 4, (dr, -df)),
            (turns, (e + 3) % 4, (-dr, df)),
        ]
        .into_iter()
        .any(|(open, back, (af, ar))| {
            open && {
                let a = self.half.offset(b, af, ar);
                self.own & bit(a) != 0
                    && half::nearest(b, back, self.occ) == a
                    && self.triple(a, b, c)
            }
        })
    }

    /// [`triple`] of the half's squares.
    #[inline]
    fn triple(&self, a: Spot, b: Spot, c: Spot) -> bool {
        let s = |x| self.half.square(x);
        triple(self.board, s(a), s(b), s(c), self.g.constant)
    }
}
