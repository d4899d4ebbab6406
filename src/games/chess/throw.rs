//! The dice: each turn's throw, the choice of one of two dice, and the
//! turn lost when the faces thrown give no move.

use crate::core::dice::Dice;
use crate::games::chess::position::{Position, Waiting};

impl Position {
    /// Throws the dice for the seat to move, once: a seat whose faces give
    /// it no move loses its turn, and the next seat is then to throw (one
    /// chance event a throw, so that each can be listed). Two dice naming
    /// two kinds, one of which has a move, leave the seat to choose one (a
    /// face without a move may be chosen: the turn is then lost). Returns
    /// the faces thrown, if any, and whether the turn was lost, for
    /// narration.
    pub fn throw(&mut self, dice: &mut Dice) -> Option<(u8, [u8; 2], bool)> {
        let mut thrown = None;
        if self.waiting() == Waiting::Dice {
            let rule = self.rules.dice.clone().expect("thrown only with dice");
            let seat = self.to_move;
            let mut faces = [0u8; 2];
            for f in faces.iter_mut().take(usize::from(rule.count)) {
                *f = dice.roll(rule.sides);
            }
            self.dice = faces;
            let has: Vec<bool> = faces[..usize::from(rule.count)]
                .iter()
                .map(|&f| {
                    self.rules
                        .face_kind(f)
                        .is_some_and(|k| self.has_legal(k.bit(), true))
                })
                .collect();
            let lost = !has.iter().any(|&h| h);
            thrown = Some((seat, faces, lost));
            if lost {
                self.lose_turn();
            } else if rule.count == 2 {
                let kinds = faces.map(|f| self.rules.face_kind(f));
                self.choosing = kinds[0] != kinds[1];
            }
        }
        thrown
    }

    /// Plays the die chosen of two: its kind must move, and if it has no
    /// move the turn is lost.
    pub(super) fn choose_die(&mut self, face: u8) {
        self.choosing = false;
        self.dice = [face, 0];
        let kind = self.rules.face_kind(face).expect("a face of the die");
        if !self.has_legal(kind.bit(), true) {
            self.lose_turn();
        }
    }

    fn lose_turn(&mut self) {
        // A lost turn is a turn: a first turn lost frees the seat of the
        // first-move rule as a move would.
        self.moved |= 1 << self.to_move;
        self.ply += 1;
        self.dice = [0; 2];
        self.choosing = false;
        self.to_move = self.next_alive(self.to_move);
        self.begin_turn();
    }
}
