//! The glorious victory: three pieces in the opponent's half, one of them
//! the side's own at an end, evenly spaced on a line or forming an L whose
//! corner is the middle term, with values in progression (seed 001).
//!
//! Two readings: `modern`'s, where the squares along an L's arms may hold
//! pieces, and boardspace.net's, where every formation is walked like a
//! line (see [`Glorious::clear_arms`]).

use crate::games::rithmomachy::board::{Board, enemy_half};
use crate::games::rithmomachy::lines::{
    direction_bit, first_in_line, lines_through, nearest, ray, steps,
};
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
        return walked(g, side, board);
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
/// square passed empty, to the far end C.
fn walked(g: &Glorious, side: Side, board: &Board) -> bool {
    let half = enemy_half(side, board.ranks());
    let occ = board.occupied();
    let allowed: u8 = if g.diagonal_lines { 0xff } else { 0x0f };
    // Every formation found is new (an old one would have ended the game):
    // looking from each of the side's pieces in the half is cheaper than
    // narrowing them down to those a touched square can concern.
    // B and C, too, are pieces in the half.
    let pieces = occ & half;
    if pieces.count_ones() < 3 {
        return false;
    }
    for a in squares(board.occupied_by(side) & half) {
        let mut dirs = allowed;
        while dirs != 0 {
            let d = dirs.trailing_zeros() as usize;
            dirs &= dirs - 1;
            let Some(b) = nearest(a, d, occ) else {
                continue;
            };
            if pieces & b.bit() == 0 {
                continue;
            }
            // C is as far from B as B is from A: straight on, or (an L, from
            // a rank or file) turned a right angle either way. Reaching it
            // directly and testing that it holds a piece rules out most
            // before the squares passed are looked at.
            let (df, dr) = (b.file() - a.file(), b.rank() - a.rank());
            let turns = if g.triangle && d < 4 { 3 } else { 1 };
            for (e, (ef, er)) in [
                (d, (df, dr)),
                ((d + 1) % 4, (dr, -df)),
                ((d + 3) % 4, (-dr, df)),
            ]
            .into_iter()
            .take(turns)
            {
                if let Some(c) = b.offset(ef, er)
                    && pieces & c.bit() != 0
                    && nearest(b, e, occ) == Some(c)
                    && triple(board, a, b, c, g.constant)
                {
                    return true;
                }
            }
        }
    }
    false
}
