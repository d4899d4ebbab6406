//! The turn: what the side to move does now (rule sets whose captured men
//! are turned place them before or after moving), where it may place men
//! in hand, and who decides next.

use crate::games::rithmomachy::moves::Move;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::position::{Phase, Position};
use crate::games::rithmomachy::reserve::home_rank;
use crate::games::rithmomachy::rules::CapturedGo;
use crate::games::rithmomachy::square::{Bits, squares};

impl Position {
    /// The empty squares of `side`'s home rank while it holds men in hand.
    fn room(&self, side: Side) -> Bits {
        if self.reserve[side.index()].is_empty() {
            0
        } else {
            home_rank(side, self.board.ranks()) & !self.board.occupied()
        }
    }

    /// The empty squares where the side to move may place a reserve piece
    /// now (none when it holds none, or when its turned men are placed only
    /// as they are taken).
    pub(super) fn drop_targets(&self) -> Bits {
        if self.phase == Phase::Move && self.variant.rules.captured == CapturedGo::Turned {
            0
        } else {
            self.room(self.to_move)
        }
    }

    /// The phase `side` begins its turn in: placing men that waited in hand
    /// for room, where men are turned, else moving.
    pub(super) fn turn_start(&self, side: Side) -> Phase {
        if self.variant.rules.captured == CapturedGo::Turned && self.room(side) != 0 {
            Phase::PlaceThenMove
        } else {
            Phase::Move
        }
    }

    /// Each different piece in hand on each square where it may be placed.
    pub(super) fn placings(&self, out: &mut Vec<Move>) {
        let targets = self.drop_targets();
        if targets != 0 {
            for piece in self.reserve[self.to_move.index()].kinds() {
                out.extend(squares(targets).map(|to| Move::place(piece, to)));
            }
        }
    }

    /// Who decides next after `mover`'s move (a placing if `placed`): where
    /// men are turned, the captor places those it has just taken before the
    /// turn passes, and a side begins its turn by placing men that waited in
    /// hand for room; otherwise the turn passes.
    pub(super) fn advance(&mut self, mover: Side, placed: bool) {
        if self.variant.rules.captured == CapturedGo::Turned {
            let more = self.room(mover) != 0;
            let next = match (self.phase, placed) {
                (Phase::Move, false) if more => Some(Phase::PlaceThenPass),
                (Phase::Move, _) => None,
                (phase, _) if more => Some(phase),
                (Phase::PlaceThenMove, _) => Some(Phase::Move),
                (Phase::PlaceThenPass, _) => None,
            };
            if let Some(phase) = next {
                self.phase = phase;
                return;
            }
        }
        self.to_move = mover.other();
        self.phase = self.turn_start(self.to_move);
    }
}
