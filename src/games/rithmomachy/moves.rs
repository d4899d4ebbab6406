//! Moves (`from-to`) and their generation.

use std::fmt;

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::reach::Reach;
use crate::games::rithmomachy::square::{Bits, Square, squares};

/// A move of one piece to an empty square, written `d5-e6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl Move {
    /// Parses `from-to`.
    ///
    /// ```
    /// use ludus::games::rithmomachy::moves::Move;
    /// let m = Move::parse("d5-e6").unwrap();
    /// assert_eq!(m.to_string(), "d5-e6");
    /// assert!(Move::parse("d5e6").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Move> {
        let (a, b) = text.trim().split_once('-')?;
        Some(Move {
            from: Square::parse(a)?,
            to: Square::parse(b)?,
        })
    }
}

/// The empty squares the piece on `from` can move to.
#[inline]
pub fn targets(board: &Board, reach: &Reach, from: Square) -> Bits {
    let piece = board.get(from).expect("a piece to move");
    let occ = board.occupied();
    let shapes = piece.shapes();
    let mut to: Bits = 0;
    for sh in 0..3 {
        if shapes & (1 << sh) != 0 {
            to |= reach.free(sh, from);
            for st in reach.blockable(sh, from) {
                if st.path & occ == 0 {
                    to |= st.square.bit();
                }
            }
        }
    }
    to & !occ
}

/// Appends every legal move of `side` to `out`, by origin then target square.
pub fn generate(board: &Board, reach: &Reach, side: Side, out: &mut Vec<Move>) {
    for from in squares(board.occupied_by(side)) {
        for to in squares(targets(board, reach, from)) {
            out.push(Move { from, to });
        }
    }
}

/// Whether `side` has any legal move.
pub fn has_move(board: &Board, reach: &Reach, side: Side) -> bool {
    squares(board.occupied_by(side)).any(|from| targets(board, reach, from) != 0)
}
