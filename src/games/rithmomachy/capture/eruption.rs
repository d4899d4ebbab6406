//! Eruption (seed 001; seed 000's assault): along a rank, file or diagonal,
//! the first pieces in line with each other, the smaller value times the
//! distance making the larger. The distance counts both end squares (seed
//! 001: "the minimum distance between pieces is 2") or the empty squares
//! between (seed 000); either piece may be the mover's, or (seed 000) only
//! the smaller, the larger being taken.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::hit::{CaptureKind, Hit};
use crate::games::rithmomachy::capture::rules::CaptureRules;
use crate::games::rithmomachy::square::Square;
use crate::games::rithmomachy::values::{Shown, Taken};

/// Whether the victim's value `x` and the attacker's `y`, `dist` apart, make
/// an eruption: the smaller times the distance is the larger.
#[inline(always)]
pub fn erupts(rules: &CaptureRules, x: u32, y: u32, dist: u32) -> bool {
    if rules.eruption_smaller_only {
        y * dist == x && x > y
    } else {
        x.min(y) * dist == x.max(y)
    }
}

/// The distance an eruption multiplies by between pieces first in line `k`
/// steps apart, if eruptions are played and it is not 0 (no value times 0
/// makes another: seed 000's adjacent pieces).
#[inline(always)]
fn distance(rules: &CaptureRules, k: i8) -> Option<u32> {
    let dist = (k as i32 + rules.eruption_extra) as u32;
    (rules.eruption && dist != 0).then_some(dist)
}

/// [`along_line`] between plain pieces: whether the attacker worth `y`
/// takes the victim worth `x`, `k` steps away.
#[inline(always)]
pub fn plain_along_line(rules: &CaptureRules, k: i8, x: u32, y: u32) -> bool {
    distance(rules, k).is_some_and(|dist| erupts(rules, x, y, dist))
}

/// Eruption along a line: the mover's piece on `a`, the first piece in
/// line with the enemy on `v`, `k` steps away.
#[inline(always)]
pub fn along_line(board: &Board, rules: &CaptureRules, v: Square, a: Square, k: i8, hit: &mut Hit) {
    let (x, y) = (board.plain_value(v) as u32, board.plain_value(a) as u32);
    if x != 0 && y != 0 {
        if plain_along_line(rules, k, x, y) {
            hit.take(Taken::Whole, CaptureKind::Eruption);
        }
        return;
    }
    let Some(dist) = distance(rules, k) else {
        return;
    };
    // Against a plain piece worth `z`, a pyramid erupts only by showing
    // z times the distance or z divided by it.
    let plain = x.max(y);
    if plain != 0 {
        let other = if x != 0 { a } else { v };
        let wanted = [
            plain * dist,
            if plain % dist == 0 { plain / dist } else { 0 },
        ];
        let pyramid = board.get(other).expect("a pyramid");
        if !Shown::may_show(pyramid, rules.values, wanted) {
            return;
        }
    }
    pyramid(board, rules, v, a, dist, hit);
}

/// [`along_line`] when a pyramid is one of the two.
#[cold]
#[inline(never)]
fn pyramid(board: &Board, rules: &CaptureRules, v: Square, a: Square, dist: u32, hit: &mut Hit) {
    let attacker = Shown::as_attacker_at(board, a, rules.values, true);
    let victim = Shown::as_victim_at(board, v, rules.values, true);
    for (x, t) in victim.all() {
        if attacker.values().any(|y| erupts(rules, x, y, dist)) {
            hit.take(t, CaptureKind::Eruption);
        }
    }
}
