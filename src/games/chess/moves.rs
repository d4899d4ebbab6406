//! A move of a chess game and how it is written: `b1-e2`, `c3xd4`, a
//! pawn's promotion `a11-a12=U`, `pass` where the rules let a seat pass,
//! and `die:4`, the choice of one of two dice thrown (Four Seasons). Squares are named by file and rank whatever the board, so a move
//! writes itself without the board at hand.

use std::fmt;

use crate::games::chess::board::{Square, file_of, rank_of};
use crate::games::chess::piece::Kind;

/// One move: a piece from one square to another, a pass, or a die chosen.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square left (0 for a pass or a die).
    pub from: Square,
    /// The square reached (0 for a pass; the face for a die).
    pub to: Square,
    /// The kind a pawn becomes (0: none).
    pub promotion: u8,
    /// [`Move::CAPTURE`], [`Move::PASS`], [`Move::DIE`].
    pub flags: u8,
}

impl Move {
    /// The move takes a piece.
    pub const CAPTURE: u8 = 1;
    /// The seat passes.
    pub const PASS: u8 = 2;
    /// The seat chooses the die whose face is `to`.
    pub const DIE: u8 = 4;

    /// The choice of the die showing `face`.
    pub const fn die(face: u8) -> Move {
        Move {
            from: 0,
            to: face as Square,
            promotion: 0,
            flags: Move::DIE,
        }
    }

    /// Whether this is the choice of a die.
    #[inline]
    pub fn is_die(self) -> bool {
        self.flags & Move::DIE != 0
    }

    /// A pass.
    pub const fn pass() -> Move {
        Move {
            from: 0,
            to: 0,
            promotion: 0,
            flags: Move::PASS,
        }
    }

    /// Whether this is a pass.
    #[inline]
    pub fn is_pass(self) -> bool {
        self.flags & Move::PASS != 0
    }

    /// Whether the move takes a piece.
    #[inline]
    pub fn is_capture(self) -> bool {
        self.flags & Move::CAPTURE != 0
    }

    /// The kind a pawn becomes, if it does.
    pub fn promoted(self) -> Option<Kind> {
        Kind::from_code(self.promotion)
    }
}

fn write_square(f: &mut fmt::Formatter<'_>, sq: Square) -> fmt::Result {
    write!(f, "{}{}", (b'a' + file_of(sq)) as char, rank_of(sq) + 1)
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            return f.write_str("pass");
        }
        if self.is_die() {
            return write!(f, "die:{}", self.to);
        }
        write_square(f, self.from)?;
        f.write_str(if self.is_capture() { "x" } else { "-" })?;
        write_square(f, self.to)?;
        if let Some(k) = self.promoted() {
            write!(f, "={}", k.letter())?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
