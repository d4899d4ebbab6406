//! The scan that drives the capture rules: after a move, every capture the
//! mover has anywhere on the board, by looking at every enemy piece
//! ([`find_all`], the reference) or only where the move can have made one
//! ([`find_near`]).

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::ambush;
use crate::games::rithmomachy::capture::equality;
use crate::games::rithmomachy::capture::eruption;
use crate::games::rithmomachy::capture::foresight::Foresight;
use crate::games::rithmomachy::capture::hit::{CaptureKind, Hit, hit_at};
use crate::games::rithmomachy::capture::oblivion;
use crate::games::rithmomachy::capture::onto;
use crate::games::rithmomachy::capture::rules::CaptureRules;
use crate::games::rithmomachy::capture::siege;
use crate::games::rithmomachy::lines::{
    axis_line, first_in_line, first_on_axis, flanked_by, pairs_across, pairs_from, ring, ringed_by,
    span, steps,
};
use crate::games::rithmomachy::moves::movers_to;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::reach::Reach;
use crate::games::rithmomachy::rules::{AmbushReach, SiegeSides};
use crate::games::rithmomachy::square::{Bits, Square, squares};
use crate::games::rithmomachy::values::Taken;

/// Finds every capture `mover` has anywhere on `board`, looking at every
/// enemy piece; appends one [`Hit`] per victim to `out`, in square order.
/// The reference that [`find_near`] must agree with.
pub fn find_all(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    out: &mut Vec<Hit>,
) {
    for v in squares(board.occupied_by(mover.other())) {
        let hit = at(board, reach, rules, mover, v);
        if hit.any() {
            out.push(hit);
        }
    }
}

/// Every capture `mover` has of the enemy on `v` (which must hold one).
pub fn at(board: &Board, reach: &Reach, rules: &CaptureRules, mover: Side, v: Square) -> Hit {
    relations(board, reach, rules, mover, v, true)
}

/// [`at`], sieges left out unless `with_siege`.
fn relations(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    v: Square,
    with_siege: bool,
) -> Hit {
    let mut hit = Hit::new(v);
    local(board, reach, rules, mover, v, &mut hit, with_siege);
    if rules.looks_along_lines() {
        let occ = board.occupied();
        for d in 0..8 {
            if let Some((a, k)) = first_in_line(v, d, occ)
                && board.owner(a) == mover.index() as u8 + 1
            {
                along_line(board, rules, v, a, k, &mut hit);
            }
        }
    }
    hit
}

/// The captures of the enemy on `v` by the mover's piece on `a`, the first
/// piece in line `k` steps away: equality by lines and eruption.
#[inline(always)]
fn along_line(board: &Board, rules: &CaptureRules, v: Square, a: Square, k: i8, hit: &mut Hit) {
    equality::along_line(board, rules, v, a, k, hit);
    eruption::along_line(board, rules, v, a, k, hit);
}

/// The captures of the enemy on `v` that do not look along lines: siege,
/// oblivion, equality by movement and ambush.
pub(super) fn local(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    v: Square,
    hit: &mut Hit,
    with_siege: bool,
) {
    if with_siege
        && let Some((edge, sides, safe)) = rules.siege
        && siege::sieged(board, mover, v, edge, sides)
        && (!safe || besiegers_safe(board, reach, rules, mover, v))
    {
        hit.take(Taken::Whole, CaptureKind::Siege);
    }
    if let Some((own_men, edge)) = rules.oblivion
        && oblivion::oblivion(board, reach, mover, v, own_men, edge)
    {
        hit.take(Taken::Whole, CaptureKind::Oblivion);
    }
    let mut movers = [Square(0); 64];
    let n = if rules.needs_movers() {
        movers_to(board, reach, mover, v, &mut movers)
    } else {
        0
    };
    equality::by_move(board, rules, v, &movers[..n], hit);
    ambush::at(board, rules, mover, v, &movers[..n], hit);
}

/// Where [`CaptureRules::local_by_pattern`], the enemies those rules may
/// take, or more: the squares closed in by the mover's pieces `own` (or the
/// edge) on four sides, or flanked by two of them, found all at once.
#[inline]
fn patterned(board: &Board, rules: &CaptureRules, own: Bits) -> Bits {
    let mut found = 0;
    if let Some((_, sides, _)) = rules.siege {
        // Off the board closes a ring only where the rule set says so, which
        // `local` looks at: here it always does.
        let closing = own | !board.squares();
        found |= ringed_by(closing, false);
        if sides == SiegeSides::OrthogonalOrDiagonal {
            found |= ringed_by(closing, true);
        }
    }
    if matches!(rules.ambush, Some((AmbushReach::Custodial, _))) {
        found |= flanked_by(own);
    }
    found
}

/// Seed 002's safe siege: none of the mover's pieces around `v` could be
/// taken by the other side now, by moving onto it or by a relation already
/// standing against it (a siege aside, so that besiegers guarding one
/// another is not a loop).
fn besiegers_safe(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    v: Square,
) -> bool {
    let by = mover.other();
    squares(ring(v, false) & board.occupied_by(mover)).all(|s| {
        !onto::threatened(board, reach, rules, by, s)
            && !relations(board, reach, rules, by, s, false).any()
    })
}

/// The captures between two pieces first in line with each other, if one is
/// the mover's and the other an enemy.
#[inline(always)]
fn line_pair(
    board: &Board,
    rules: &CaptureRules,
    mover: Side,
    x: Square,
    y: Square,
    out: &mut Vec<Hit>,
) {
    // Owners are 1 and 2: a pair of opposite sides adds up to 3.
    if board.owner(x) + board.owner(y) == 3 {
        // No foresight is kept, so the direction, which only spans it, is not needed.
        opposed_pair(board, rules, mover, (x, y, 0), true, None, out);
    }
}

/// [`along_line`] between plain pieces: the rule by which the piece on `a`,
/// worth `y`, takes the enemy worth `x` `k` steps away, if one does (the
/// first in [`CaptureKind`]'s order).
#[inline(always)]
fn plain_takes(
    board: &Board,
    rules: &CaptureRules,
    a: Square,
    k: i8,
    x: u16,
    y: u16,
) -> Option<CaptureKind> {
    if equality::plain_along_line(board, rules, a, k, x, y) {
        Some(CaptureKind::Equality)
    } else if eruption::plain_along_line(rules, k, x as u32, y as u32) {
        Some(CaptureKind::Eruption)
    } else {
        None
    }
}

/// The captures between the pieces on `x` and `y`, of opposite sides and
/// first in line with each other, `y` the first from `x` in direction `d`:
/// the mover's into `out` if `for_mover`, the other side's into `next` (with
/// the squares from `x` to `y`, which `d` gives).
#[inline(always)]
fn opposed_pair(
    board: &Board,
    rules: &CaptureRules,
    mover: Side,
    (x, y, d): (Square, Square, usize),
    for_mover: bool,
    next: Option<&mut Foresight>,
    out: &mut Vec<Hit>,
) {
    let (victim, attacker) = if board.owner(x) == mover.index() as u8 + 1 {
        (y, x)
    } else {
        (x, y)
    };
    let k = steps(x, y);
    let (xv, yv) = (board.plain_value(victim), board.plain_value(attacker));
    if xv != 0 && yv != 0 {
        // Plain pieces, nearly every pair: each side's taking of the other
        // decided from the two values read once.
        if for_mover && let Some(kind) = plain_takes(board, rules, attacker, k, xv, yv) {
            hit_at(out, victim).merge(&Hit::whole(victim, kind));
        }
        if let Some(next) = next
            && let Some(kind) = plain_takes(board, rules, victim, k, yv, xv)
        {
            next.push(Hit::whole(attacker, kind), span(x, d, y));
        }
        return;
    }
    if for_mover {
        let mut hit = Hit::new(victim);
        along_line(board, rules, victim, attacker, k, &mut hit);
        if hit.any() {
            hit_at(out, victim).merge(&hit);
        }
    }
    if let Some(next) = next {
        let mut hit = Hit::new(attacker);
        along_line(board, rules, attacker, victim, k, &mut hit);
        if hit.any() {
            next.push(hit, span(x, d, y));
        }
    }
}

/// The captures along axis `axis` of [`AXES`](crate::games::rithmomachy::lines::AXES) that a change on `c` can
/// have made: between `c`'s piece and the first piece on either side, or
/// (`c` empty) between those two.
#[inline]
pub(super) fn on_axis(
    board: &Board,
    rules: &CaptureRules,
    mover: Side,
    c: Square,
    axis: usize,
    out: &mut Vec<Hit>,
) {
    // A relation needs a mover's piece and an enemy on the line.
    let line = axis_line(c, axis);
    if line & board.occupied_by(mover) == 0 || line & board.occupied_by(mover.other()) == 0 {
        return;
    }
    let occ = board.occupied();
    let (ahead, behind) = first_on_axis(c, axis, occ);
    if occ & c.bit() != 0 {
        for p in [ahead, behind].into_iter().flatten() {
            line_pair(board, rules, mover, c, p, out);
        }
    } else if let (Some(p), Some(q)) = (ahead, behind) {
        line_pair(board, rules, mover, p, q, out);
    }
}

/// [`on_axis`] along the four lines through `c` at once, for the mover if
/// `for_mover` and for the other side if `next` is given: the first pieces
/// around `c` are found once, and only pairs of opposite sides are looked
/// at further. `HELD` says whether `c` holds a piece (see [`through_all`]).
#[inline]
fn through<const HELD: bool>(
    board: &Board,
    rules: &CaptureRules,
    mover: Side,
    c: Square,
    for_mover: bool,
    mut next: Option<&mut Foresight>,
    out: &mut Vec<Hit>,
) {
    let (white, black) = (
        board.occupied_by(Side::White),
        board.occupied_by(Side::Black),
    );
    let each = |pair| {
        opposed_pair(
            board,
            rules,
            mover,
            pair,
            for_mover,
            next.as_deref_mut(),
            out,
        )
    };
    if HELD {
        pairs_from(c, white, black, each);
    } else {
        pairs_across(c, white, black, each);
    }
}

/// [`through`] every square of `at`, those that hold a piece first:
/// after a move, one square of each kind, so that whether a square holds a
/// piece is never guessed (in square order it is a coin toss). The order
/// changes nothing found: hits on one piece merge, and all are sorted after.
#[inline(always)]
fn through_all(
    board: &Board,
    rules: &CaptureRules,
    mover: Side,
    at: Bits,
    mine: Bits,
    theirs: Option<(Bits, &mut Foresight)>,
    out: &mut Vec<Hit>,
) {
    let occ = board.occupied();
    let (other_changed, mut next) = match theirs {
        Some((c, n)) => (c, Some(n)),
        None => (0, None),
    };
    for c in squares(at & occ) {
        let theirs = (other_changed & c.bit() != 0)
            .then_some(next.as_deref_mut())
            .flatten();
        through::<true>(board, rules, mover, c, mine & c.bit() != 0, theirs, out);
    }
    for c in squares(at & !occ) {
        let theirs = (other_changed & c.bit() != 0)
            .then_some(next.as_deref_mut())
            .flatten();
        through::<false>(board, rules, mover, c, mine & c.bit() != 0, theirs, out);
    }
}

/// As [`find_all`], but looks only at the relations a change on the
/// squares in `changed` can have made. Exact when `changed` holds every
/// square that changed since `mover`'s captures were last made: a relation
/// along a line joins the first pieces on either side of a changed square
/// (or the square's own piece and the first beyond it); the others need a
/// mover's piece that arrived beside the victim or within reach of it, a
/// square emptied on the way, or the victim itself to have arrived.
pub fn find_near(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    changed: Bits,
    out: &mut Vec<Hit>,
) {
    near(board, reach, rules, mover, changed, None, out);
}

/// What [`find_near_ahead`] is told and tells of the captures along lines.
pub struct Ahead<'a> {
    /// The mover's line captures found by the other side's scan, and the
    /// squares changed since (its move's): where given, lines are looked
    /// along for the mover only through those squares.
    pub known: Option<(&'a Foresight, Bits)>,
    /// Every square changed since the other side's captures were last
    /// made: the lines through them are looked along for its captures too.
    pub other_changed: Bits,
    /// Where the other side's captures along those lines go.
    pub next: &'a mut Foresight,
}

/// [`find_near`], with the mover's captures along lines through the
/// squares changed before its move taken from a [`Foresight`] where one is
/// known, and the other side's found for its next move (see
/// [`foresight`](super::foresight)).
pub fn find_near_ahead(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    changed: Bits,
    ahead: Ahead,
    out: &mut Vec<Hit>,
) {
    near(board, reach, rules, mover, changed, Some(ahead), out);
}

/// [`find_near`] and [`find_near_ahead`].
#[inline(always)]
fn near(
    board: &Board,
    reach: &Reach,
    rules: &CaptureRules,
    mover: Side,
    changed: Bits,
    ahead: Option<Ahead>,
    out: &mut Vec<Hit>,
) {
    if rules.looks_along_lines() {
        match ahead {
            None => through_all(board, rules, mover, changed, changed, None, out),
            Some(Ahead {
                known,
                other_changed,
                next,
            }) => {
                let mine = match known {
                    Some((foresight, moved)) => {
                        foresight.still(moved, out);
                        moved
                    }
                    None => changed,
                };
                through_all(
                    board,
                    rules,
                    mover,
                    mine | other_changed,
                    mine,
                    Some((other_changed, next)),
                    out,
                );
            }
        }
    }
    let occ = board.occupied();
    let own = board.occupied_by(mover);
    let enemy = board.occupied_by(mover.other());
    let mut local_squares: Bits = 0;
    // Where oblivion counts the victim's own men, their arrival blocks too.
    let blocking = if matches!(rules.oblivion, Some((true, _))) {
        occ
    } else {
        own
    };
    for c in squares(changed) {
        let here = occ & c.bit() != 0;
        local_squares |= c.bit();
        // The rings where `c` blocks, chosen by a mask, not a branch: of a
        // move's two squares, which comes first is a coin toss.
        let blocks = 0u128.wrapping_sub(blocking >> c.0 & 1);
        local_squares |= (ring(c, false) | ring(c, true)) & blocks;
        // Oblivion, too, turns on men arriving on or leaving the ways of a move.
        if rules.needs_movers() || rules.oblivion.is_some() {
            if blocking & c.bit() != 0 {
                local_squares |= reach.from_here(c);
            } else if !here {
                local_squares |= reach.passing(c);
            }
        }
    }
    if let Some((_, _, true)) = rules.siege {
        // Whether a siege's besiegers are safe can turn on a change anywhere
        // (a line opened or closed far away): every closed ring is looked at.
        local_squares |= enemy & ringed_by(own, false);
    }
    local_squares &= enemy;
    if rules.local_by_pattern && local_squares != 0 {
        local_squares &= patterned(board, rules, own);
    }
    for v in squares(local_squares) {
        let mut hit = Hit::new(v);
        local(board, reach, rules, mover, v, &mut hit, true);
        if hit.any() {
            hit_at(out, v).merge(&hit);
        }
    }
    out.sort_unstable_by_key(|h| h.at);
}
