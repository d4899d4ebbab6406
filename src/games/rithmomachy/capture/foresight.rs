//! The captures along lines that the side to move next already has,
//! found by the scan after the other side's move.
//!
//! After a move the scan looks along the lines through every square
//! changed since the mover's captures were last made: the squares of its
//! own move and those of the opponent's move before it. The opponent's
//! squares were looked along once already, by the opponent's own scan, for
//! the opponent's captures. That scan, finding the pairs of pieces first in
//! line across those squares, can as well say what each pair gives the
//! other side: a [`Foresight`]. When the next move is made and nothing else
//! changed the board in between (no capture applied, no move that skipped
//! the scan), a finding still holds unless the move touched a square of
//! its pair or between them; a pair the move made, or uncovered, runs
//! through one of the move's own squares, which are looked along afresh.
//! Each pair is then looked at once, not twice.

use crate::games::rithmomachy::capture::hit::{Hit, hit_at};
use crate::games::rithmomachy::square::{Bits, Square};

/// The most findings kept; past it the foresight is given up and the next
/// scan looks along every changed square again.
const ROOM: usize = 8;

/// The line captures one side has, on the board as it stood when they were
/// found, each with the squares of its pair and between them.
#[derive(Clone, Copy, Debug)]
pub struct Foresight {
    found: [(Hit, Bits); ROOM],
    len: u8,
    known: bool,
}

impl Default for Foresight {
    fn default() -> Self {
        Foresight::unknown()
    }
}

impl Foresight {
    /// Nothing known: the next scan looks along every changed square.
    pub const fn unknown() -> Foresight {
        Foresight {
            found: [(Hit::new(Square(0)), 0); ROOM],
            len: 0,
            known: false,
        }
    }

    /// Made known, with nothing found yet, for a scan to fill.
    #[inline]
    pub fn collect(&mut self) {
        self.known = true;
        self.len = 0;
    }

    /// Whether what was found can be relied on.
    #[inline]
    pub fn known(&self) -> bool {
        self.known
    }

    /// Gives it up (the board changed in a way it does not follow).
    #[inline]
    pub fn forget(&mut self) {
        self.known = false;
        self.len = 0;
    }

    /// Records `hit`, found along the pair of pieces spanning `span`.
    #[inline]
    pub(super) fn push(&mut self, hit: Hit, span: Bits) {
        if !self.known {
            return;
        }
        if self.len as usize == ROOM {
            self.forget();
            return;
        }
        self.found[self.len as usize] = (hit, span);
        self.len += 1;
    }

    /// Adds to `out` what still holds after a move that changed only the
    /// squares `moved`.
    #[inline]
    pub(super) fn still(&self, moved: Bits, out: &mut Vec<Hit>) {
        for (hit, span) in &self.found[..self.len as usize] {
            if span & moved == 0 {
                hit_at(out, hit.at).merge(hit);
            }
        }
    }
}
