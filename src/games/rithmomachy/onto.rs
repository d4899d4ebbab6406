//! Captures made by moving onto the victim and replacing it: seed 002's
//! assault and sally, and seed 003's jump onto a man that a relation already
//! takes. A capture by replacement empties the victim's square, so it takes
//! a piece whole: a plain piece, or a pyramid by its total (or, where the
//! rule set lets pyramids show it, its base).

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::{
    CaptureKind, CaptureRules, attack_values, movers_to, whole_values,
};
use crate::games::rithmomachy::lines::{direction_bit, first_in_line};
use crate::games::rithmomachy::moves::Move;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::reach::Reach;
use crate::games::rithmomachy::square::{Bits, Square, squares};

/// Whether the rule set has captures by moving onto the victim.
#[inline]
pub fn any(rules: &CaptureRules) -> bool {
    rules.assault || rules.sally || rules.set_up
}

/// Whether some value the piece on `a` attacks with, times `x`, is a value
/// that takes the piece on `v` whole.
fn makes(board: &Board, rules: &CaptureRules, a: Square, v: Square, x: u32) -> bool {
    let (w, n) = (board.plain_value(v) as u32, board.plain_value(a) as u32);
    if w != 0 && n != 0 {
        return n * x == w;
    }
    let (wv, wn) = whole_values(board.get(v).expect("victim"), rules.values);
    let (av, an) = attack_values(board.get(a).expect("attacker"), rules.values);
    wv[..wn]
        .iter()
        .any(|&w| av[..an].iter().any(|&n| n * x == w))
}

/// Whether the piece on `a` and the one on `v` show an equal value, `v`'s
/// taking it whole.
#[inline]
fn equal(board: &Board, rules: &CaptureRules, a: Square, v: Square) -> bool {
    makes(board, rules, a, v, 1)
}

/// The capture the piece on `a` makes by moving onto the enemy on `v`, if
/// it may. `reached` says whether `a` reaches `v` by a normal move.
fn relation(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    side: Side,
    a: Square,
    v: Square,
    reached: bool,
) -> Option<CaptureKind> {
    if reached && rules.assault && equal(board, rules, a, v) {
        return Some(CaptureKind::Assault);
    }
    if rules.sally && sally(board, rules, a, v) {
        return Some(CaptureKind::Sally);
    }
    if reached && rules.set_up {
        return rules.standing(board, reach, side, a, v);
    }
    None
}

/// Seed 002's sally: the piece on `a`, of value n, is x squares from the
/// enemy on `v` (both ends counted) along a clear rank, file or diagonal, and
/// `v` is worth x * n.
fn sally(board: &Board, rules: &CaptureRules, a: Square, v: Square) -> bool {
    let d = direction_bit(a, v);
    d != 0
        && first_in_line(a, d.trailing_zeros() as usize, board.occupied())
            .is_some_and(|(w, k)| w == v && sally_values(board, rules, a, v, k as u32 + 1))
}

/// Whether the piece on `a` sallies onto the one on `v` from `x` squares
/// away (both ends counted), the line between them clear.
#[inline]
fn sally_values(board: &Board, rules: &CaptureRules, a: Square, v: Square, x: u32) -> bool {
    makes(board, rules, a, v, x)
}

/// The squares the pyramid on `from` reaches by a normal move that hold a
/// piece of `enemy`, the path clear.
fn pyramid_onto(board: &Board, reach: &Reach, from: Square, enemy: Bits) -> Bits {
    let occ = board.occupied();
    let shapes = board.shapes_at(from);
    let mut to = 0;
    for sh in 0..3 {
        if shapes & (1 << sh) != 0 {
            to |= reach.free(sh, from);
            for st in reach.blockable_normal(sh, from) {
                if st.path & occ == 0 {
                    to |= st.square.bit();
                }
            }
        }
    }
    to & enemy
}

/// Appends every capture `side` may make by moving onto an enemy, in order
/// of the normal moves that reach one (shape by shape, then pyramids), then
/// the sallies along lines, each pair once.
pub fn generate(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    side: Side,
    out: &mut Vec<Move>,
) {
    let start = out.len();
    let occ = board.occupied();
    let enemy = board.occupied_by(side.other());
    if rules.assault || rules.set_up {
        for shape in 0..3 {
            let pieces = board.plain(side, shape);
            if pieces == 0 {
                continue;
            }
            for v in reach.vectors(shape) {
                for to in squares(v.onto(pieces, !occ, enemy)) {
                    let from = Square((to.0 as i16 - v.span()) as u8);
                    if relation(board, reach, rules, side, from, to, true).is_some() {
                        push_new(out, start, Move::capture(from, to));
                    }
                }
            }
        }
        for from in squares(board.pyramids(side)) {
            for to in squares(pyramid_onto(board, reach, from, enemy)) {
                if relation(board, reach, rules, side, from, to, true).is_some() {
                    push_new(out, start, Move::capture(from, to));
                }
            }
        }
    }
    if rules.sally {
        let worth = ValueSet::of(board, rules, enemy);
        for a in squares(board.occupied_by(side)) {
            // Most pieces have no enemy worth a multiple of theirs: skip their lines.
            let n = board.plain_value(a) as u32;
            if n != 0 && !(2..=MAX_X).any(|x| worth.has(n * x)) {
                continue;
            }
            for d in 0..8 {
                if let Some((v, k)) = first_in_line(a, d, occ)
                    && enemy & v.bit() != 0
                    && sally_values(board, rules, a, v, k as u32 + 1)
                {
                    push_new(out, start, Move::capture(a, v));
                }
            }
        }
    }
}

/// The most squares a sally spans, both ends counted: a whole file.
const MAX_X: u32 = 16;

/// The values that take some piece of a side whole, as a set of bits.
struct ValueSet([u64; 8]);

impl ValueSet {
    fn of(board: &Board, rules: &CaptureRules, pieces: Bits) -> ValueSet {
        let mut set = ValueSet([0; 8]);
        for s in squares(pieces) {
            let (w, n) = whole_values(board.get(s).expect("a piece"), rules.values);
            for &x in &w[..n] {
                // Values past the set's end are kept as "any large value".
                let x = x.min(511) as usize;
                set.0[x / 64] |= 1 << (x % 64);
            }
        }
        set
    }

    #[inline]
    fn has(&self, x: u32) -> bool {
        let x = x.min(511) as usize;
        self.0[x / 64] & (1 << (x % 64)) != 0
    }
}

fn push_new(out: &mut Vec<Move>, start: usize, m: Move) {
    if !out[start..].contains(&m) {
        out.push(m);
    }
}

/// The capture the move of the piece on `from` onto the enemy on `to` makes,
/// if `side` may make it.
pub fn kind(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    side: Side,
    from: Square,
    to: Square,
) -> Option<CaptureKind> {
    if board.owner(from) != side.index() as u8 + 1
        || board.owner(to) != side.other().index() as u8 + 1
    {
        return None;
    }
    let reached = reach.reaches(board.shapes_at(from), from, to, board.occupied());
    relation(board, reach, rules, side, from, to, reached)
}

/// Whether `by` could take the piece on `s` by moving onto it.
pub fn threatened(board: &Board, reach: &Reach, rules: &CaptureRules, by: Side, s: Square) -> bool {
    if rules.assault || rules.set_up {
        let mut movers = [Square(0); 64];
        let n = movers_to(board, reach, by, s, &mut movers);
        if movers[..n]
            .iter()
            .any(|&a| relation(board, reach, rules, by, a, s, true).is_some())
        {
            return true;
        }
    }
    rules.sally
        && (0..8).any(|d| {
            first_in_line(s, d, board.occupied()).is_some_and(|(a, k)| {
                board.owner(a) == by.index() as u8 + 1
                    && sally_values(board, rules, a, s, k as u32 + 1)
            })
        })
}
