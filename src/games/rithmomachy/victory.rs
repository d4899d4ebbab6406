//! The victories, checked for both sides after every move.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::captured::{Captured, digit_set};
use crate::games::rithmomachy::glorious::glorious;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::rules::Victory;
use crate::games::rithmomachy::square::Bits;
use crate::games::rithmomachy::triumph;

/// The victory `side` has achieved, by name, if any: checked in the order
/// glorious, triumph, then those its tally of captures gives (bodies, goods,
/// quarrel, honour, honour-quarrel, digit set, digit sum). Glorious
/// formations are looked for only where `touched` changed (see
/// [`glorious`]), and the tally only if `tallied` (it changed since it was
/// last looked at).
pub fn achieved(
    v: &Victory,
    side: Side,
    captured: &Captured,
    board: &Board,
    touched: Bits,
    tallied: bool,
    triumph_men: Bits,
) -> Option<&'static str> {
    formed(v, side, board, touched, triumph_men).or_else(|| {
        if tallied {
            by_tally(v, side, captured)
        } else {
            None
        }
    })
}

/// The victory `side`'s pieces on the board make: glorious or a triumph.
#[inline]
fn formed(
    v: &Victory,
    side: Side,
    board: &Board,
    touched: Bits,
    triumph_men: Bits,
) -> Option<&'static str> {
    if touched != 0
        && let Some(g) = v.glorious
        && glorious(&g, side, board, touched)
    {
        return Some("glorious");
    }
    if let Some(t) = &v.triumph
        && let Some(level) = triumph::achieved(t, side, board, triumph_men)
        && level >= t.level
    {
        return Some(level.reason());
    }
    None
}

/// The victory `side`'s tally of captures gives.
fn by_tally(v: &Victory, side: Side, captured: &Captured) -> Option<&'static str> {
    if v.bodies.is_some_and(|n| captured.pieces >= n) {
        return Some("bodies");
    }
    let goods = match side {
        Side::White => v.goods_white,
        Side::Black => v.goods_black,
    };
    if let Some(g) = goods {
        let reached = if v.goods_strict {
            captured.value > g
        } else {
            captured.value >= g
        };
        if reached {
            return Some("goods");
        }
    }
    let within = |count: u32, n: u32| v.limits.holds(count, n);
    if v.quarrel
        .is_some_and(|q| captured.value >= q.value && within(captured.digits, q.digits))
    {
        return Some("quarrel");
    }
    if v.honour
        .is_some_and(|h| captured.value >= h.value && within(captured.pieces, h.pieces))
    {
        return Some("honour");
    }
    if v.honour_quarrel.is_some_and(|h| {
        captured.value >= h.value
            && within(captured.pieces, h.pieces)
            && within(captured.digits, h.digits)
    }) {
        return Some("honour-quarrel");
    }
    if v.digit_set.is_some_and(|n| {
        let want = digit_set(n);
        captured.digit_set & want == want
    }) {
        return Some("digit-set");
    }
    if v.digit_sum.is_some_and(|n| captured.digit_sum >= n) {
        return Some("digit-sum");
    }
    None
}
