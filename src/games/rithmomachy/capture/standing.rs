//! The captures of many moves tried from one position (a bot asking what
//! each of its moves would take): [`find_near`](super::find_near) after each
//! move looks again at the squares changed before it (the opponent's last
//! move and what it captured), but most of what it finds there does not turn
//! on the move. [`Standing`] keeps, on the board before the move, what those
//! squares give and what each finding turns on; after a move only the
//! findings whose squares the move touched are looked at again.
//!
//! Only where every relation turns on a few known squares: along one line,
//! or around the victim. Relations by movement, oblivion and safe sieges
//! turn on squares further off, and rule sets that have them scan afresh.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::hit::Hit;
use crate::games::rithmomachy::capture::hit::hit_at;
use crate::games::rithmomachy::capture::rules::CaptureRules;
use crate::games::rithmomachy::capture::scan::{local, on_axis};
use crate::games::rithmomachy::lines::{AXES, axis_line, ring};
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::reach::Reach;
use crate::games::rithmomachy::square::{Bits, Square, squares};

/// What the squares changed before a move give, on the board before it.
pub struct Standing {
    /// The squares changed before the move.
    changed: Bits,
    /// The captures along each line through them, with that line.
    lines: Vec<(Bits, Hit)>,
    /// The enemies around them (or on them) looked at for the other
    /// relations: each enemy's square, what it gives and the squares that
    /// decide it (its own and its neighbours').
    near: Bits,
    local: Vec<(Square, Hit, Bits)>,
}

impl Standing {
    /// Whether `rules` relations all turn on one line or on the victim's
    /// neighbours, so that a [`Standing`] can be kept.
    pub fn applies(rules: &CaptureRules) -> bool {
        !rules.needs_movers()
            && rules.oblivion.is_none()
            && !matches!(rules.siege, Some((_, _, true)))
            && !rules.set_up
    }

    /// What `changed` gives `mover` on `board`, the board before a move.
    /// `rules` must be such that [`Standing::applies`].
    pub fn new(
        board: &Board,
        reach: &Reach,
        rules: &CaptureRules,
        mover: Side,
        changed: Bits,
    ) -> Standing {
        debug_assert!(Standing::applies(rules));
        let mut lines = Vec::new();
        let mut found = Vec::new();
        let own = board.occupied_by(mover);
        let mut near = 0;
        for c in squares(changed) {
            near |= c.bit();
            if own & c.bit() != 0 {
                near |= ring(c, false) | ring(c, true);
            }
            if rules.looks_along_lines() {
                for axis in 0..AXES.len() {
                    on_axis(board, rules, mover, c, axis, &mut found);
                    let line = axis_line(c, axis);
                    lines.extend(found.drain(..).map(|h| (line, h)));
                }
            }
        }
        let mut local_hits = Vec::new();
        for v in squares(near & board.occupied_by(mover.other())) {
            let mut hit = Hit::new(v);
            local(board, reach, rules, mover, v, &mut hit, true);
            let decided = v.bit() | ring(v, false) | ring(v, true);
            local_hits.push((v, hit, decided));
        }
        Standing {
            changed,
            lines,
            near,
            local: local_hits,
        }
    }

    /// [`find_near`](super::find_near) on `board`, the board after a move
    /// from `from` to `to` made on the board this was made of, with the
    /// squares it was made of and the move's as the changed squares.
    pub fn after(
        &self,
        board: &Board,
        reach: &Reach,
        rules: &CaptureRules,
        mover: Side,
        (from, to): (Square, Square),
        out: &mut Vec<Hit>,
    ) {
        let moved = from.bit() | to.bit();
        let lines = rules.looks_along_lines();
        // The move's own squares, as find_near looks at them.
        let own = board.occupied_by(mover);
        let mut near = 0;
        for c in squares(moved) {
            near |= c.bit();
            if own & c.bit() != 0 {
                near |= ring(c, false) | ring(c, true);
            }
            if lines {
                for axis in 0..AXES.len() {
                    on_axis(board, rules, mover, c, axis, out);
                }
            }
        }
        // The lines through the squares changed before: again where the
        // move is on them, kept where it is not. (Looking at more than
        // find_near would is harmless: what it finds holds on the board.)
        if lines {
            for c in squares(self.changed) {
                for axis in 0..AXES.len() {
                    if axis_line(c, axis) & moved != 0 {
                        on_axis(board, rules, mover, c, axis, out);
                    }
                }
            }
            for (line, hit) in &self.lines {
                if line & moved == 0 {
                    hit_at(out, hit.at).merge(hit);
                }
            }
        }
        // Around them: kept where the move touched none of the squares that
        // decide a finding, looked at again where it did.
        let enemy = board.occupied_by(mover.other());
        let mut kept = 0;
        for (v, hit, decided) in &self.local {
            if decided & moved == 0 {
                kept |= v.bit();
                if hit.any() {
                    hit_at(out, *v).merge(hit);
                }
            }
        }
        for v in squares((near | self.near) & enemy & !kept) {
            let mut hit = Hit::new(v);
            local(board, reach, rules, mover, v, &mut hit, true);
            if hit.any() {
                hit_at(out, v).merge(&hit);
            }
        }
        out.sort_unstable_by_key(|h| h.at);
    }
}
