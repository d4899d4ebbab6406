//! Mate and stalemate: the judging that starts each turn, the seat that
//! mated, the seed's count for a stalemate, and the bare king.

use crate::games::chess::attack::{Trial, attacked};
use crate::games::chess::board::Square;
use crate::games::chess::position::Position;
use crate::games::chess::rules::{OnMate, Stalemate};

impl Position {
    /// Baring the king (with `stalemate=stalemater_wins`): a side left with
    /// its king alone loses, unless the mover is bare too.
    pub(super) fn judge_bare_kings(&mut self, mover: u8) {
        let census = self.census();
        let pieces = |s: u8| census[s as usize].iter().sum::<u16>();
        let other = 1 - mover;
        if pieces(other) == 1 {
            if pieces(mover) == 1 {
                self.end("bare-kings", None);
            } else {
                self.end("bare-king", Some(mover));
            }
        }
    }

    /// The seed's count for a stalemate: more pieces wins; if equal, the
    /// side with more of the highest kind where they differ; if still
    /// equal, the side that made the last move.
    fn stalemate_count(&self, stuck: u8) -> u8 {
        let census = self.census();
        let other = 1 - stuck;
        let total = |s: u8| census[s as usize].iter().sum::<u16>();
        if total(stuck) != total(other) {
            return if total(stuck) > total(other) {
                stuck
            } else {
                other
            };
        }
        for &k in &self.rules.hierarchy {
            let (a, b) = (
                census[stuck as usize][k as usize],
                census[other as usize][k as usize],
            );
            if a != b {
                return if a > b { stuck } else { other };
            }
        }
        self.last_mover.unwrap_or(other)
    }

    /// Starts the turn of the seat to move: the cap, then mate or
    /// stalemate judged on every move it has, then (without dice) the
    /// first-move rule.
    pub(super) fn begin_turn(&mut self) {
        loop {
            if self.ending.is_some() {
                return;
            }
            if self.ply >= self.rules.cap {
                self.end(crate::core::outcome::CAP, None);
                return;
            }
            let s = self.to_move;
            let king = self.kings[s as usize];
            self.in_check = attacked(
                &self.rules,
                Trial::board(&self.cells),
                king,
                self.checkers(s),
                self.leapers,
                &self.pieces,
            );

            self.stalled = false;
            if !self.has_legal(u16::MAX, false) {
                if self.in_check {
                    if self.rules.seats == 2 {
                        self.end("checkmate", Some(1 - s));
                        return;
                    }
                    let mater = self.mater(s, king);
                    let heir = (self.rules.on_mate == OnMate::Transfer).then_some(mater);
                    self.to_move = self.next_alive(s);
                    self.eliminate(s, heir, "checkmate");
                    continue;
                }
                match self.rules.stalemate {
                    Stalemate::Count => {
                        let w = self.stalemate_count(s);
                        self.end("stalemate", Some(w));
                        return;
                    }
                    Stalemate::StalematerWins => {
                        self.end("stalemate", Some(1 - s));
                        return;
                    }
                    Stalemate::Pass => {
                        self.stalled = true;
                        return;
                    }
                    Stalemate::Eliminates => {
                        self.to_move = self.next_alive(s);
                        self.eliminate(s, None, "stalemate");
                        continue;
                    }
                }
            }
            if self.rules.dice.is_none()
                && self.rules.first_move.is_some()
                && (self.moved >> s) & 1 == 0
                && !self.has_legal(u16::MAX, true)
            {
                // No move goes toward the next seat: the turn is lost.
                self.ply += 1;
                self.moved |= 1 << s;
                self.to_move = self.next_alive(s);
                continue;
            }
            return;
        }
    }

    /// The seat that mated `seat`: of those attacking its king, the one
    /// that moved last (the check was given since `seat`'s own move).
    fn mater(&self, seat: u8, king: Square) -> u8 {
        let mut a = self.prev_alive(seat);
        while a != seat {
            if attacked(
                &self.rules,
                Trial::board(&self.cells),
                king,
                1 << a,
                self.leapers,
                &self.pieces,
            ) {
                return a;
            }
            a = self.prev_alive(a);
        }
        self.prev_alive(seat)
    }
}
