//! Seed 002's assault: "capture and replace any piece of equal value
//! occupying a square it can reach by a legal move". A capture by
//! replacement empties the victim's square, so it takes a piece whole: a
//! plain piece, or a pyramid by its total or (where the rule set lets
//! pyramids show it) its base.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::rules::CaptureRules;
use crate::games::rithmomachy::square::Square;
use crate::games::rithmomachy::values::Shown;

/// Whether some value the piece on `a` attacks with, times `x`, is a value
/// that takes the piece on `v` whole.
#[inline(always)]
pub fn makes(board: &Board, rules: &CaptureRules, a: Square, v: Square, x: u32) -> bool {
    let (w, n) = (board.plain_value(v) as u32, board.plain_value(a) as u32);
    if w != 0 && n != 0 {
        return n * x == w;
    }
    pyramid_makes(board, rules, a, v, x)
}

/// [`makes`] when a pyramid is one of the two.
#[cold]
#[inline(never)]
fn pyramid_makes(board: &Board, rules: &CaptureRules, a: Square, v: Square, x: u32) -> bool {
    let (victim, attacker) = (
        board.get(v).expect("victim"),
        board.get(a).expect("attacker"),
    );
    // Against a plain piece only one value of the pyramid can match.
    let (w, n) = (board.plain_value(v) as u32, board.plain_value(a) as u32);
    if n != 0 {
        return Shown::whole_shows(victim, rules.values, n * x);
    }
    if w != 0 {
        return w % x == 0 && Shown::attacks_with(attacker, rules.values, true, w / x);
    }
    let victim = Shown::whole(victim, rules.values);
    let attacker = Shown::as_attacker(attacker, rules.values, true);
    victim
        .values()
        .any(|w| attacker.values().any(|n| n * x == w))
}

/// Whether the piece on `a` and the one on `v` show an equal value, `v`'s
/// taking it whole (the assault, once `a` reaches `v`).
#[inline(always)]
pub fn equal(board: &Board, rules: &CaptureRules, a: Square, v: Square) -> bool {
    makes(board, rules, a, v, 1)
}
