//! A move of a chess game and how it is written: `b1-e2`, `c3xd4`, a
//! pawn's promotion `a11-a12=U`, and `pass` where the rules let a seat
//! pass. Squares are named by file and rank whatever the board, so a move
//! writes itself without the board at hand.

use std::fmt;

use crate::games::chess::board::{Square, file_of, rank_of};
use crate::games::chess::piece::Kind;

/// One move: a piece from one square to another, or a pass.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square left (0 for a pass).
    pub from: Square,
    /// The square reached (0 for a pass).
    pub to: Square,
    /// The kind a pawn becomes (0: none).
    pub promotion: u8,
    /// [`Move::CAPTURE`], [`Move::PASS`].
    pub flags: u8,
}

impl Move {
    /// The move takes a piece.
    pub const CAPTURE: u8 = 1;
    /// The seat passes.
    pub const PASS: u8 = 2;

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
