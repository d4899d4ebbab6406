//! Captures made by moving onto the victim and replacing it: seed 002's
//! [`super::assault`] and [`super::sally`], and seed 003's
//! jump onto a man that a relation already takes ("Alternatively, you can
//! capture by jumping onto the enemy man"). They are moves of their own,
//! written `d4xe5`.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::ambush;
use crate::games::rithmomachy::capture::assault;
use crate::games::rithmomachy::capture::equality;
use crate::games::rithmomachy::capture::hit::CaptureKind;
use crate::games::rithmomachy::capture::rules::CaptureRules;
use crate::games::rithmomachy::capture::sallies::Way;
use crate::games::rithmomachy::capture::sally;
use crate::games::rithmomachy::lines::first_in_line;
use crate::games::rithmomachy::moves::{Move, movers_to};
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::reach::Reach;
use crate::games::rithmomachy::square::{Bits, Square, squares};
use crate::games::rithmomachy::values::Shown;

/// The capture the piece on `a` makes by moving onto the enemy on `v`, if
/// it may. `reached` says whether `a` reaches `v` by a normal move;
/// `in_line`, if known, that `v` is the first piece in line from `a`, so
/// many steps away.
fn relation(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    side: Side,
    (a, v): (Square, Square),
    reached: bool,
    in_line: Option<u8>,
) -> Option<CaptureKind> {
    if reached && rules.assault && assault::equal(board, rules, a, v) {
        return Some(CaptureKind::Assault);
    }
    let sallies = || match in_line {
        Some(k) => sally::from(board, rules, a, v, k as u32 + 1),
        None => sally::sally(board, rules, a, v),
    };
    if rules.sally && sallies() {
        return Some(CaptureKind::Sally);
    }
    if reached && rules.set_up {
        return jump(board, reach, rules, side, a, v);
    }
    None
}

/// Seed 003's jump: the relation in which the mover's piece on `a`,
/// reaching the enemy on `v`, takes `v` whole now: equality by movement, or
/// an ambush with another of the mover's pieces that reaches it.
fn jump(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    a: Square,
    v: Square,
) -> Option<CaptureKind> {
    let victim = Shown::as_victim(board.get(v)?, rules.values, true);
    let attacker = Shown::as_attacker(board.get(a)?, rules.values, true);
    if equality::whole_by_move(rules, &attacker, &victim) {
        return Some(CaptureKind::Equality);
    }
    if rules.ambush.is_some() {
        let mut movers = [Square(0); 64];
        let n = movers_to(board, reach, mover, v, &mut movers);
        if ambush::whole_by_move(board, rules, &attacker, &victim, a, &movers[..n]) {
            return Some(CaptureKind::Ambush);
        }
    }
    None
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
/// the sallies along lines, each pair once. The sallies are `sallies` where
/// they are kept up to date ([`Sallies`](super::Sallies)), else walked.
pub fn generate(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    side: Side,
    sallies: Option<&[Way]>,
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
                let in_line = v.line.then_some(v.steps);
                for to in squares(v.onto(pieces, !occ, enemy)) {
                    let from = Square((to.0 as i16 - v.span()) as u8);
                    if relation(board, reach, rules, side, (from, to), true, in_line).is_some() {
                        push_new(out, start, Move::capture(from, to));
                    }
                }
            }
        }
        for from in squares(board.pyramids(side)) {
            for to in squares(pyramid_onto(board, reach, from, enemy)) {
                if relation(board, reach, rules, side, (from, to), true, None).is_some() {
                    push_new(out, start, Move::capture(from, to));
                }
            }
        }
    }
    if rules.sally {
        let walked;
        let ways = match sallies {
            Some(ways) => ways,
            None => {
                walked = sally::all_ways(board, rules, side);
                &walked
            }
        };
        for &(a, _, v) in ways {
            push_new(out, start, Move::capture(a, v));
        }
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
    relation(board, reach, rules, side, (from, to), reached, None)
}

/// Whether `by` could take the piece on `s` by moving onto it.
pub fn threatened(board: &Board, reach: &Reach, rules: &CaptureRules, by: Side, s: Square) -> bool {
    if rules.assault || rules.set_up {
        let mut movers = [Square(0); 64];
        let n = movers_to(board, reach, by, s, &mut movers);
        if movers[..n]
            .iter()
            .any(|&a| relation(board, reach, rules, by, (a, s), true, None).is_some())
        {
            return true;
        }
    }
    rules.sally
        && (0..8).any(|d| {
            first_in_line(s, d, board.occupied()).is_some_and(|(a, k)| {
                board.owner(a) == by.index() as u8 + 1
                    && sally::from(board, rules, a, s, k as u32 + 1)
            })
        })
}
