//! The check for the end after each move: a victory by either side, a
//! repetition, the cap, or no move for the side to move.

use crate::games::rithmomachy::board::enemy_half;
use crate::games::rithmomachy::moves;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::position::{Ending, Position};
use crate::games::rithmomachy::square::Bits;
use crate::games::rithmomachy::victory::achieved;

impl Position {
    /// The ending after a move by `mover` (or of a set-up position) that
    /// changed the squares `touched`.
    pub(super) fn settle(&mut self, mover: Option<Side>, touched: Bits) -> Option<Ending> {
        let rules = &self.variant.rules;
        let v = &rules.victory;
        let first = mover.unwrap_or(self.to_move.other());
        // Only captures change a tally: without one, no victory by it is new.
        let tallied = self.full_scan || mover.is_none() || !self.last.is_empty();
        for side in [first, first.other()] {
            // A formation lies within the enemy half: untouched, none is new.
            let ends = if self.full_scan {
                !0
            } else if touched & enemy_half(side, self.board.ranks()) == 0 {
                0
            } else {
                touched
            };
            // Without a formation or a tally to look at, nothing is new.
            if ends == 0 && !tallied && v.triumph.is_none() {
                continue;
            }
            // With an announced triumph only the men named make it.
            let men = match &v.triumph {
                Some(t) if t.announced => self.announced[side.index()],
                _ => !0,
            };
            let tally = &self.captured[side.index()];
            if let Some(reason) = achieved(v, side, tally, &self.board, ends, tallied, men) {
                return Some(Ending {
                    winner: Some(side),
                    reason,
                });
            }
        }
        if rules.repetition > 0 {
            let key = self.key();
            let seen = self.history.count(key);
            if seen + 1 >= rules.repetition {
                return Some(Ending {
                    winner: None,
                    reason: "repetition",
                });
            }
            self.history.push(key);
        }
        if v.cap.is_some_and(|c| self.ply >= c) {
            return Some(Ending {
                winner: None,
                reason: crate::core::outcome::CAP,
            });
        }
        if self.drop_targets() == 0
            && !moves::has_move(
                &self.board,
                &self.variant.reach,
                self.to_move,
                self.announced[self.to_move.index()],
            )
            && !self.can_capture_onto()
        {
            return Some(Ending {
                winner: Some(self.to_move.other()),
                reason: "no-move",
            });
        }
        None
    }
}
