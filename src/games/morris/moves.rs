//! A decision of the morris family and its notation. A turn may hold
//! several decisions by the same seat, each a [`Move`] of its own, as a
//! player at the board (and Ludii, and OpenSpiel) takes them: the man
//! moved, then each further jump of a chain, then the enemy man a completed
//! line removes. Their notations, written one after the other, are the
//! turn's: `a1-a4` then `/g7` is the turn `a1-a4/g7`; `a1xc3` then `xe5` is
//! the chain `a1xc3xe5`.
//!
//! `d2` (a placement), `a1-a4` (a step or a flight), `d1xd3` (a jump),
//! `xe5` (a chain's next jump), `stop` (ending a chain that may go on),
//! `/g7` (a removal), `pass`.

use std::fmt;

use crate::games::morris::geometry::BoardKind;

/// No point (a placement's start, a pass).
pub const NONE: u8 = u8::MAX;

/// What a decision does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A man from the hand onto an empty point.
    Place,
    /// A man to an adjacent empty point, or anywhere when flying.
    Step,
    /// A man's first jump of the turn, over an enemy man.
    Jump,
    /// The same man's next jump in a chain.
    JumpOn,
    /// Ending a chain that could go on (`chain=optional`).
    Stop,
    /// The enemy man a completed line removes.
    Remove,
    /// Nothing: the seat has no legal move and the rules let it pass.
    Pass,
}

/// One decision. `Copy` and four bytes, so that move lists cost no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// What the decision does.
    pub kind: MoveKind,
    /// The board, so that the move can name its points.
    pub board: BoardKind,
    /// Where the man starts (`NONE` for a placement, a removal, a stop or a pass).
    pub from: u8,
    /// Where it ends, or the man removed (`NONE` for a stop or a pass).
    pub to: u8,
}

impl Move {
    /// A placement on `to`.
    pub fn place(board: BoardKind, to: u8) -> Move {
        Move::new(MoveKind::Place, board, NONE, to)
    }

    /// A step (or flight) from `from` to `to`.
    pub fn step(board: BoardKind, from: u8, to: u8) -> Move {
        Move::new(MoveKind::Step, board, from, to)
    }

    /// A first jump from `from` to `to` (over the point between).
    pub fn jump(board: BoardKind, from: u8, to: u8) -> Move {
        Move::new(MoveKind::Jump, board, from, to)
    }

    /// A chain's next jump, from `from` (where the man stands) to `to`.
    pub fn jump_on(board: BoardKind, from: u8, to: u8) -> Move {
        Move::new(MoveKind::JumpOn, board, from, to)
    }

    /// The end of a chain that could go on.
    pub fn stop(board: BoardKind) -> Move {
        Move::new(MoveKind::Stop, board, NONE, NONE)
    }

    /// The removal of the enemy man on `at`.
    pub fn remove(board: BoardKind, at: u8) -> Move {
        Move::new(MoveKind::Remove, board, NONE, at)
    }

    /// The pass of a blocked seat.
    pub fn pass(board: BoardKind) -> Move {
        Move::new(MoveKind::Pass, board, NONE, NONE)
    }

    fn new(kind: MoveKind, board: BoardKind, from: u8, to: u8) -> Move {
        Move {
            kind,
            board,
            from,
            to,
        }
    }

    /// Whether the decision moves a man over an enemy man.
    #[inline]
    pub fn is_jump(&self) -> bool {
        matches!(self.kind, MoveKind::Jump | MoveKind::JumpOn)
    }

    /// The enemy man this decision takes: the one jumped over, or the one
    /// removed; `None` for the others.
    pub fn takes(&self) -> Option<u8> {
        match self.kind {
            MoveKind::Jump | MoveKind::JumpOn => {
                Some(self.board.geometry().between(self.from, self.to))
            }
            MoveKind::Remove => Some(self.to),
            _ => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.board.geometry();
        match self.kind {
            MoveKind::Pass => f.write_str("pass"),
            MoveKind::Stop => f.write_str("stop"),
            MoveKind::Place => f.write_str(g.name(self.to)),
            MoveKind::Step => write!(f, "{}-{}", g.name(self.from), g.name(self.to)),
            MoveKind::Jump => write!(f, "{}x{}", g.name(self.from), g.name(self.to)),
            MoveKind::JumpOn => write!(f, "x{}", g.name(self.to)),
            MoveKind::Remove => write!(f, "/{}", g.name(self.to)),
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
