//! A move of the morris family and its notation: `d2` (a placement),
//! `a1-a4` (a step or a flight), `d1xd3` (a jump), `a1xc3xe5` (a chain of
//! jumps, every landing written), `/g7` appended for the man a completed line
//! removes, and `pass`.

use std::fmt;

use crate::games::morris::geometry::{BoardKind, Points};

/// No point (a placement's start, a move that removes nothing).
pub const NONE: u8 = u8::MAX;

/// The most jumps one chain can make: one per enemy man of the largest side.
pub const MAX_HOPS: usize = 12;

/// What a move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A man from the hand onto an empty point.
    Place,
    /// A man to an adjacent empty point, or anywhere when flying.
    Step,
    /// One or more jumps by one man.
    Jump,
    /// Nothing: the seat has no legal move and the rules let it pass.
    Pass,
}

/// One move. `Copy` and small, so that move lists cost no allocation.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// What the move does.
    pub kind: MoveKind,
    /// The board, so that the move can name its points.
    pub board: BoardKind,
    /// Where the man starts (`NONE` for a placement or a pass).
    pub from: u8,
    /// Where it ends (`NONE` for a pass).
    pub to: u8,
    /// The enemy man a completed line removes, or `NONE`.
    pub removes: u8,
    /// How many jumps.
    pub hops: u8,
    /// The landings in order, 5 bits each (the last is `to`). The men
    /// jumped over follow from them ([`Move::taken`]): a move stays 16
    /// bytes, small enough to be returned in registers.
    pub path: u64,
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
            removes: NONE,
            hops: 0,
            path: 0,
        }
    }

    /// This move extended by a jump over `over` to `to`.
    #[inline]
    pub fn then_jump(self, to: u8) -> Move {
        Move {
            kind: MoveKind::Jump,
            to,
            hops: self.hops + 1,
            path: self.path | u64::from(to) << (5 * self.hops),
            ..self
        }
    }

    /// This move, removing the enemy man on `at`.
    #[inline]
    pub fn removing(self, at: u8) -> Move {
        Move {
            removes: at,
            ..self
        }
    }

    /// The landings of a jump, in order.
    pub fn landings(&self) -> impl Iterator<Item = u8> + '_ {
        (0..self.hops).map(|i| ((self.path >> (5 * i)) & 31) as u8)
    }

    /// The men jumped over.
    pub fn taken(&self) -> Points {
        let g = self.board.geometry();
        let mut at = self.from;
        self.landings().fold(0, |m, to| {
            let over = g.between(at, to);
            at = to;
            m | 1 << over
        })
    }

    /// The enemy men the move takes: jumped over, or removed by a line.
    pub fn takes(&self) -> Points {
        let removed = if self.removes == NONE {
            0
        } else {
            1 << self.removes
        };
        if self.kind == MoveKind::Jump {
            self.taken() | removed
        } else {
            removed
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let g = self.board.geometry();
        match self.kind {
            MoveKind::Pass => return f.write_str("pass"),
            MoveKind::Place => f.write_str(g.name(self.to))?,
            MoveKind::Step => write!(f, "{}-{}", g.name(self.from), g.name(self.to))?,
            MoveKind::Jump => {
                f.write_str(g.name(self.from))?;
                for p in self.landings() {
                    write!(f, "x{}", g.name(p))?;
                }
            }
        }
        if self.removes != NONE {
            write!(f, "/{}", g.name(self.removes))?;
        }
        Ok(())
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}
