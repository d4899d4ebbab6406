//! Equality: an enemy showing a value the attacker shows, within its reach.
//! By movement (seeds 000, 001 as written, 003: "if the attacking piece
//! could move to the position of the attacked piece if it were vacant"), or
//! along the eight lines at exactly the move distance of a shape the
//! attacker holds (boardspace.net).

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::hit::{CaptureKind, Hit};
use crate::games::rithmomachy::capture::rules::CaptureRules;
use crate::games::rithmomachy::rules::EqualityReach;
use crate::games::rithmomachy::square::Square;
use crate::games::rithmomachy::values::{Shown, Taken};

/// Whether a piece holding `shapes` (one bit per shape index) moves `k`
/// steps: 1 a round, 2 a triangle, 3 a square.
#[inline]
fn moves_exactly(shapes: u8, k: i8) -> bool {
    (1..=3).contains(&k) && shapes & (1 << (k - 1)) != 0
}

/// Equality along a line: the mover's piece on `a`, the first piece in
/// line with the enemy on `v`, `k` steps away.
#[inline(always)]
pub fn along_line(board: &Board, rules: &CaptureRules, v: Square, a: Square, k: i8, hit: &mut Hit) {
    let (x, y) = (board.plain_value(v), board.plain_value(a));
    if x != 0 && y != 0 {
        if plain_along_line(board, rules, a, k, x, y) {
            hit.take(Taken::Whole, CaptureKind::Equality);
        }
        return;
    }
    let Some((EqualityReach::Lines, total)) = rules.equality else {
        return;
    };
    if !moves_exactly(board.shapes_at(a), k) {
        return;
    }
    let attacker = Shown::as_attacker_at(board, a, rules.values, total);
    let victim = Shown::as_victim_at(board, v, rules.values, total);
    for (x, t) in victim.all() {
        if attacker.has(x) {
            hit.take(t, CaptureKind::Equality);
        }
    }
}

/// [`along_line`] between plain pieces: whether the one on `a`, worth `y`,
/// takes the enemy worth `x` `k` steps away.
#[inline(always)]
pub fn plain_along_line(
    board: &Board,
    rules: &CaptureRules,
    a: Square,
    k: i8,
    x: u16,
    y: u16,
) -> bool {
    matches!(rules.equality, Some((EqualityReach::Lines, _)))
        && x == y
        && moves_exactly(board.shapes_at(a), k)
}

/// Equality by movement: the enemy on `v` against each of the mover's
/// pieces on `movers`, those that could move to `v` were it empty.
#[inline]
pub fn by_move(board: &Board, rules: &CaptureRules, v: Square, movers: &[Square], hit: &mut Hit) {
    let Some((EqualityReach::Move, total)) = rules.equality else {
        return;
    };
    let victim = Shown::as_victim(board.get(v).expect("enemy piece"), rules.values, total);
    for &a in movers {
        let attacker = Shown::as_attacker(board.get(a).expect("attacker"), rules.values, total);
        for (x, t) in victim.all() {
            if attacker.has(x) {
                hit.take(t, CaptureKind::Equality);
            }
        }
    }
}

/// Whether equality by movement takes a victim showing `victim` whole from
/// an attacker that reaches it showing `attacker` (both with their totals).
#[inline]
pub fn whole_by_move(rules: &CaptureRules, attacker: &Shown, victim: &Shown) -> bool {
    matches!(rules.equality, Some((EqualityReach::Move, _)))
        && victim.wholes().any(|x| attacker.has(x))
}
