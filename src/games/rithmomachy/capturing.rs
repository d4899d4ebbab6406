//! Capturing: the captures a move makes (by the fast scans with their
//! foresight, or the full scan), taking them into the captor's tally and
//! hand, and what each legal move would capture.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::{self, Hit, onto};
use crate::games::rithmomachy::moves::Move;
use crate::games::rithmomachy::piece::{Layer, Piece, Side};
use crate::games::rithmomachy::position::{CaptureEvent, Position};
use crate::games::rithmomachy::square::Bits;
use crate::games::rithmomachy::zobrist;

impl Position {
    /// Counts the layer `l` as taken by `mover`, into its hand where
    /// captured pieces change sides.
    fn hold(&mut self, mover: Side, l: Layer) {
        self.captured[mover.index()].add(l);
        self.held = self.held.wrapping_add(zobrist::held(mover, 0, l));
        if self.keeps_captured() {
            self.reserve[mover.index()].add(l);
            self.held = self.held.wrapping_add(zobrist::held(mover, 1, l));
        }
    }

    pub(super) fn apply(&mut self, mover: Side, h: &Hit) {
        let piece = *self.board.get(h.at).expect("victim");
        self.hash ^= zobrist::piece(h.at, &piece);
        events(&piece, h, &mut self.last);
        if h.whole.is_some() {
            for &l in piece.layers() {
                self.hold(mover, l);
            }
            self.board.remove(h.at);
            return;
        }
        // Remove the highest layers first so the lower indices stay valid.
        for i in (0..piece.layers().len()).rev() {
            if h.layers[i].is_some() {
                self.hold(mover, piece.layers()[i]);
                self.board.remove_layer(h.at, i);
            }
        }
        if let Some(left) = self.board.get(h.at) {
            self.hash ^= zobrist::piece(h.at, left);
        }
    }

    /// The captures `mover`'s move makes on `board`, the board after the
    /// move (and after a capture by moving onto the victim), into `hits`:
    /// `changed` holds every square changed since `mover`'s captures were
    /// last made, the move's own included; `before` is the board before the
    /// move where only what a move sets up is taken; a move that `flew`
    /// takes nothing.
    pub(super) fn hits_on(
        &self,
        board: &Board,
        before: Option<&Board>,
        mover: Side,
        changed: Bits,
        flew: bool,
        hits: &mut Vec<Hit>,
    ) {
        hits.clear();
        let (reach, rules) = (&self.variant.reach, &self.variant.captures);
        if self.full_scan && !flew {
            capture::find_all(board, reach, rules, mover, hits);
        } else if !flew {
            capture::find_near(board, reach, rules, mover, changed, hits);
        }
        self.spare_announced(mover, hits);
        if let Some(before) = before {
            hits.retain_mut(|h| {
                h.without(&capture::at(before, reach, rules, mover, h.at));
                h.any()
            });
        }
    }

    /// The captures `mover`'s move from or to the squares `moved` makes, into
    /// `hits` ([`Position::hits_on`] without a flight or a board from before
    /// the move), reading the foresight the other side's scan left for
    /// `mover` and leaving one for the other side.
    pub(super) fn foresee(&mut self, mover: Side, changed: Bits, moved: Bits, hits: &mut Vec<Hit>) {
        hits.clear();
        let (reach, rules) = (&self.variant.reach, &self.variant.captures);
        let [white, black] = &mut self.foresight;
        let (known, next) = match mover {
            Side::White => (white, black),
            Side::Black => (black, white),
        };
        next.collect();
        let ahead = capture::Ahead {
            known: known.known().then_some((&*known, moved)),
            other_changed: self.changed[mover.other().index()],
            next,
        };
        capture::find_near_ahead(&self.board, reach, rules, mover, changed, ahead, hits);
        known.forget();
        self.spare_announced(mover, hits);
    }

    /// Drops from `hits` the men the other side has announced for a
    /// triumph: they cannot be taken.
    fn spare_announced(&self, mover: Side, hits: &mut Vec<Hit>) {
        let safe = self.announced[mover.other().index()];
        if safe != 0 {
            hits.retain(|h| safe & h.at.bit() == 0);
        }
    }

    /// What each of `moves` (legal moves now) would capture if played,
    /// without playing it: `each(i, captures)` hears, for move `i`, the
    /// captures [`Position::play`] would record
    /// ([`Position::last_captures`]). Each move is made on one scratch
    /// board and the capture scan run; nothing else of a move is done (no
    /// tally, no victory, no repetition), so a move costs its scan. Stops
    /// at the first error `each` returns.
    pub fn captures_of_each<E>(
        &self,
        moves: &[Move],
        mut each: impl FnMut(usize, &[CaptureEvent]) -> Result<(), E>,
    ) -> Result<(), E> {
        let mover = self.to_move;
        let (reach, rules) = (&self.variant.reach, &self.variant.captures);
        let mut board = self.board.clone();
        let (mut hits, mut found) = (Vec::new(), Vec::new());
        let changed = self.changed[mover.index()];
        // What the squares changed before the move give, found once for
        // every plain move.
        let standing = (!self.full_scan && capture::Standing::applies(rules))
            .then(|| capture::Standing::new(&self.board, reach, rules, mover, changed));
        for (i, &mv) in moves.iter().enumerate() {
            debug_assert!(self.is_legal(mv), "illegal move {mv}");
            found.clear();
            if mv.is_announcement() {
                each(i, &found)?;
                continue;
            }
            let flew = self.flies(mv);
            if mv.take {
                let kind = onto::kind(&board, reach, rules, mover, mv.from, mv.to)
                    .expect("a legal capture");
                let victim = *board.get(mv.to).expect("victim");
                events(&victim, &Hit::whole(mv.to, kind), &mut found);
                board.remove(mv.to);
            }
            match mv.drop {
                Some(piece) => board
                    .place(mv.to, Piece::plain(mover, piece.shape, piece.value))
                    .expect("a reserve piece fits on the board"),
                None => board.shift(mv.from, mv.to),
            }
            match &standing {
                Some(standing) if !flew && !mv.take && mv.drop.is_none() => {
                    hits.clear();
                    standing.after(&board, reach, rules, mover, (mv.from, mv.to), &mut hits);
                    self.spare_announced(mover, &mut hits);
                }
                _ => {
                    let before = (rules.set_up && !flew).then_some(&self.board);
                    let changed = changed | mv.from.bit() | mv.to.bit();
                    self.hits_on(&board, before, mover, changed, flew, &mut hits);
                }
            }
            for h in &hits {
                events(board.get(h.at).expect("victim"), h, &mut found);
            }
            // A plain move is taken back; anything else starts afresh.
            if mv.take || mv.drop.is_some() {
                board.clone_from(&self.board);
            } else {
                board.shift(mv.to, mv.from);
            }
            each(i, &found)?;
        }
        Ok(())
    }
}

/// The captures a hit on `piece` makes, as [`Position::last_captures`]
/// records them: the whole piece, or each layer taken, lowest first.
fn events(piece: &Piece, h: &Hit, out: &mut Vec<CaptureEvent>) {
    if let Some(kind) = h.whole {
        out.push(CaptureEvent {
            at: h.at,
            side: piece.side,
            shape: if piece.pyramid {
                None
            } else {
                Some(piece.layers()[0].shape)
            },
            value: piece.total(),
            kind,
            whole: true,
        });
        return;
    }
    for (i, l) in piece.layers().iter().enumerate() {
        if let Some(kind) = h.layers[i] {
            out.push(CaptureEvent {
                at: h.at,
                side: piece.side,
                shape: Some(l.shape),
                value: l.value,
                kind,
                whole: false,
            });
        }
    }
}
