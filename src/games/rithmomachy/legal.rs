//! The legal moves of the side to move: listed, counted, drawn uniformly
//! without listing, or one checked; with the captures by moving onto an
//! enemy and the flights that some rule sets add.

use crate::games::rithmomachy::capture::onto;
use crate::games::rithmomachy::moves::{self, Move, Picked};
use crate::games::rithmomachy::position::{Phase, Position};
use crate::games::rithmomachy::square::squares;

impl Position {
    /// Whether the side to move has a capture by moving onto an enemy.
    pub(super) fn can_capture_onto(&self) -> bool {
        !self.captures_onto().is_empty()
    }

    /// The side to move's captures by moving onto an enemy (men announced
    /// for a triumph cannot be taken).
    #[inline]
    fn captures_onto(&self) -> Vec<Move> {
        // Most rule sets have none: asked before every move, they cost no call.
        if self.variant.captures.onto() {
            self.find_captures_onto()
        } else {
            Vec::new()
        }
    }

    /// [`Position::captures_onto`] where the rule set has some.
    #[inline(never)]
    fn find_captures_onto(&self) -> Vec<Move> {
        let v = &self.variant;
        let mut out = Vec::new();
        // The reference path walks the board for them.
        let sallies = (!self.full_scan).then(|| self.sallies.of(self.to_move));
        onto::generate(
            &self.board,
            &v.reach,
            &v.captures,
            self.to_move,
            sallies,
            &mut out,
        );
        let safe = self.announced[self.to_move.other().index()];
        if safe != 0 {
            out.retain(|m| safe & m.to.bit() == 0);
        }
        out
    }

    /// Whether the move of a piece `mv` is a flight: no normal move of the
    /// piece reaches its target.
    pub(super) fn is_flight(&self, mv: Move) -> bool {
        let from = mv.from;
        !self.variant.reach.reaches(
            self.board.shapes_at(from),
            from,
            mv.to,
            self.board.occupied(),
        )
    }

    /// Clears `out` and fills it with the side to move's legal moves (none
    /// once the game is over).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.ending.is_none() && self.phase != Phase::Move {
            self.placings(out);
        } else if self.ending.is_none() {
            let v = &self.variant;
            let grounded = self.announced[self.to_move.index()];
            moves::generate(&self.board, &v.reach, self.to_move, grounded, out);
            // Captures by moving onto an enemy follow the plain moves, then
            // the placings (each different reserve piece on each empty
            // square of the home rank), then announcements.
            out.extend(self.captures_onto());
            self.placings(out);
            out.extend(self.announcements());
        }
    }

    /// A move drawn uniformly among [`Position::legal_moves`] without
    /// listing them, `draw` the only source of chance (see
    /// [`moves::pick`]); `None` once the game is over.
    pub fn pick_move(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        self.pick_by(moves::pick, draw)
    }

    /// The `draw(n)`-th of the `n` moves of [`Position::legal_moves`],
    /// found by counting them without listing; `None` once the game is
    /// over. Dearer than [`Position::pick_move`], which need not count.
    pub fn pick_listed(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        self.pick_by(moves::pick_counted, draw)
    }

    /// How many moves [`Position::legal_moves`] lists, counted without
    /// listing them.
    pub fn count_moves(&self) -> usize {
        let mut n = 0;
        self.pick_listed(&mut |count| {
            n = count;
            0
        });
        n
    }

    #[inline]
    fn pick_by(&self, how: moves::Picker, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        if self.ending.is_some() {
            return None;
        }
        if self.phase != Phase::Move {
            let mut out = Vec::new();
            self.placings(&mut out);
            return (!out.is_empty()).then(|| out[draw(out.len())]);
        }
        let targets = self.drop_targets();
        let per_piece = targets.count_ones() as usize;
        let reserve = &self.reserve[self.to_move.index()];
        let v = &self.variant;
        let captures = self.captures_onto();
        let drops = if per_piece == 0 {
            0
        } else {
            reserve.kinds().count() * per_piece
        };
        let announcements = self.announcements();
        let extra = captures.len() + drops + announcements.len();
        let grounded = self.announced[self.to_move.index()];
        match how(&self.board, &v.reach, self.to_move, grounded, extra, draw) {
            Picked::Move(m) => Some(m),
            Picked::Extra(i) if i < captures.len() => Some(captures[i]),
            Picked::Extra(i) if i >= captures.len() + drops => {
                Some(announcements[i - captures.len() - drops])
            }
            Picked::Extra(i) => {
                let i = i - captures.len();
                let piece = reserve.kinds().nth(i / per_piece).expect("i < extra");
                let to = squares(targets).nth(i % per_piece).expect("i < extra");
                Some(Move::place(piece, to))
            }
            Picked::Nothing => None,
        }
    }

    /// Whether `mv` is legal now.
    pub fn is_legal(&self, mv: Move) -> bool {
        if let Some(piece) = mv.drop {
            return self.ending.is_none()
                && self.drop_targets() & mv.to.bit() != 0
                && self.reserve[self.to_move.index()].pieces().contains(&piece);
        }
        if self.phase != Phase::Move || self.ending.is_some() {
            return false;
        }
        if mv.is_announcement() {
            return self.announcements().contains(&mv);
        }
        if mv.take {
            return self.captures_onto().contains(&mv);
        }
        // Announced men do not fly.
        if self.announced[self.to_move.index()] & mv.from.bit() != 0 && self.is_flight(mv) {
            return false;
        }
        self.ending.is_none()
            && self
                .board
                .get(mv.from)
                .is_some_and(|p| p.side == self.to_move)
            && moves::targets(&self.board, &self.variant.reach, mv.from) & mv.to.bit() != 0
    }
}
