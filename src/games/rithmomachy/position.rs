//! A Rithmomachy game in progress: the board, whose move it is, the
//! captures so far, and how the game ended.

use crate::games::rithmomachy::position_file::PositionSpec;
use std::sync::Arc;

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::{self, CaptureKind, Foresight, Hit, Sallies, onto};
use crate::games::rithmomachy::captured::Captured;
use crate::games::rithmomachy::history::History;
use crate::games::rithmomachy::moves::Move;
use crate::games::rithmomachy::piece::{Piece, Shape, Side};
use crate::games::rithmomachy::reserve::Reserve;
use crate::games::rithmomachy::rules::{CapturedGo, PyramidMoves};
use crate::games::rithmomachy::setup::initial;
use crate::games::rithmomachy::square::{Bits, Square};
use crate::games::rithmomachy::variant::Variant;
use crate::games::rithmomachy::zobrist;

/// One piece (or layer) a move captured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CaptureEvent {
    /// Where it stood.
    pub at: Square,
    /// Its side.
    pub side: Side,
    /// Its shape; `None` for a whole pyramid.
    pub shape: Option<Shape>,
    /// Its value (a pyramid's total when whole).
    pub value: u16,
    /// The rule that took it.
    pub kind: CaptureKind,
    /// Whether the whole piece or stack went (false: one pyramid layer).
    pub whole: bool,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winner; `None` for a draw.
    pub winner: Option<Side>,
    /// The rule that ended it: a victory's name, `no-move`, `cap` or `repetition`.
    pub reason: &'static str,
}

/// A game in progress.
#[derive(Debug)]
pub struct Position {
    pub(super) variant: Arc<Variant>,
    pub(super) board: Board,
    pub(super) to_move: Side,
    pub(super) captured: [Captured; 2],
    /// Pieces each side holds in hand (rule sets whose captures change sides).
    pub(super) reserve: [Reserve; 2],
    pub(super) ply: u32,
    pub(super) last: Vec<CaptureEvent>,
    pub(super) ending: Option<Ending>,
    /// The XOR of the Zobrist keys of the pieces on the board.
    pub(super) hash: u64,
    /// The sum of the keys of what each side holds off the board.
    pub(super) held: u64,
    /// The positions met since the last capture, for repetitions.
    pub(super) history: History,
    hits: Vec<Hit>,
    /// Squares changed since each side's captures were last made.
    pub(super) changed: [Bits; 2],
    /// Each side's captures along lines through the squares changed since
    /// it last captured, found by the other side's scan after its move.
    pub(super) foresight: [Foresight; 2],
    /// Each side's sallies, kept up to date where the rule set has them.
    pub(super) sallies: Sallies,
    /// Look at every enemy piece for captures (the reference path).
    pub(super) full_scan: bool,
    /// Whether the side to move is placing turned men, and what follows.
    pub(super) phase: Phase,
    /// The men each side has announced for a triumph (seed 003's explicit
    /// announcement): they can be neither captured nor fly.
    pub(super) announced: [Bits; 2],
}

/// Cloned by hand so that [`Clone::clone_from`] keeps the room of the
/// lists (history, captures): a runner resets one game from its start
/// before each of millions, and growing them again cost about half a
/// percent of a `boardspace` game. Every field is named in both (a struct
/// literal, a pattern without `..`), so a new one cannot be missed.
impl Clone for Position {
    fn clone(&self) -> Position {
        Position {
            variant: self.variant.clone(),
            board: self.board.clone(),
            to_move: self.to_move,
            captured: self.captured.clone(),
            reserve: self.reserve.clone(),
            ply: self.ply,
            last: self.last.clone(),
            ending: self.ending,
            hash: self.hash,
            held: self.held,
            history: self.history.clone(),
            hits: self.hits.clone(),
            changed: self.changed,
            foresight: self.foresight,
            sallies: self.sallies.clone(),
            full_scan: self.full_scan,
            phase: self.phase,
            announced: self.announced,
        }
    }

    fn clone_from(&mut self, source: &Position) {
        let Position {
            variant,
            board,
            to_move,
            captured,
            reserve,
            ply,
            last,
            ending,
            hash,
            held,
            history,
            hits,
            changed,
            foresight,
            sallies,
            full_scan,
            phase,
            announced,
        } = source;
        self.variant.clone_from(variant);
        self.board.clone_from(board);
        self.to_move = *to_move;
        self.captured.clone_from(captured);
        self.reserve.clone_from(reserve);
        self.ply = *ply;
        self.last.clone_from(last);
        self.ending = *ending;
        self.hash = *hash;
        self.held = *held;
        self.history.clone_from(history);
        self.hits.clone_from(hits);
        self.changed = *changed;
        self.foresight = *foresight;
        self.sallies.clone_from(sallies);
        self.full_scan = *full_scan;
        self.phase = *phase;
        self.announced = *announced;
    }
}

/// What the side to move does now (rule sets whose captured men are turned).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// It moves a piece (or, where captured pieces wait in reserve, places one).
    Move,
    /// It places the men it has just turned, then the turn passes.
    PlaceThenPass,
    /// It places men that waited in hand for room, then moves.
    PlaceThenMove,
}

impl Position {
    /// The starting position of `variant`.
    pub fn start(variant: Arc<Variant>) -> Position {
        let board = initial(variant.rules.setup, variant.rules.ranks);
        let first = variant.rules.first;
        let parts = PositionSpec {
            rules: None,
            to_move: first,
            board,
            captured: Default::default(),
            reserve: Default::default(),
            ply: 0,
        };
        Position::from_parts(variant, parts)
    }

    /// A position from its parts (a position file, a test), `ply` moves
    /// into the game (a position file's `ply`, so that a `cap` counts the
    /// moves played before it too). The spec's `rules` are the caller's
    /// to check against `variant`.
    pub fn from_parts(variant: Arc<Variant>, parts: PositionSpec) -> Position {
        let mut board = parts.board;
        board.set_pyramid_bottom(variant.rules.movement.pyramid == PyramidMoves::Bottom);
        board.set_ranks(variant.rules.ranks);
        let mut p = Position {
            variant,
            board,
            to_move: parts.to_move,
            captured: parts.captured,
            reserve: parts.reserve,
            ply: parts.ply,
            last: Vec::new(),
            ending: None,
            hash: 0,
            held: 0,
            history: History::default(),
            hits: Vec::new(),
            changed: [!0; 2],
            foresight: Default::default(),
            sallies: Sallies::default(),
            full_scan: false,
            phase: Phase::Move,
            announced: [0; 2],
        };
        p.phase = p.turn_start(p.to_move);
        if p.variant.captures.sally {
            p.sallies = Sallies::new(&p.board, &p.variant.captures);
        }
        (p.hash, p.held) = p.full_hash();
        p.ending = p.settle(None, !0);
        // Captures already waiting in a set-up position are found by the
        // first scan; if there are none, later scans start from nothing.
        for side in [Side::White, Side::Black] {
            let mut waiting = Vec::new();
            let v = &p.variant;
            capture::find_all(&p.board, &v.reach, &v.captures, side, &mut waiting);
            if waiting.is_empty() {
                p.changed[side.index()] = 0;
            }
        }
        p
    }

    /// The board's and the held pieces' parts of the hash, from scratch.
    fn full_hash(&self) -> (u64, u64) {
        let board = self
            .board
            .pieces()
            .fold(0, |h, (s, p)| h ^ zobrist::piece(s, p));
        let mut held = 0u64;
        for side in [Side::White, Side::Black] {
            for &l in &self.captured[side.index()].taken.in_order() {
                held = held.wrapping_add(zobrist::held(side, 0, l));
            }
            for &l in self.reserve[side.index()].pieces() {
                held = held.wrapping_add(zobrist::held(side, 1, l));
            }
        }
        (board, held)
    }

    /// A hash of what the position holds, not of how it was reached: the
    /// pieces on the board, the side to move and its phase, the men
    /// announced, and what each side has captured and holds in hand
    /// (Zobrist keys, kept up to date move by move).
    pub fn key(&self) -> u64 {
        let side = match self.to_move {
            Side::White => 0,
            Side::Black => zobrist::BLACK_TO_MOVE,
        };
        let announced = zobrist::announced(Side::White, self.announced[0])
            ^ zobrist::announced(Side::Black, self.announced[1]);
        self.hash ^ self.held ^ side ^ zobrist::phase(self.phase as u8) ^ announced
    }

    /// Makes captures by looking at every enemy piece after each move rather
    /// than at those near what changed, and looks for glorious formations
    /// everywhere: slower, and the reference the fast paths are tested
    /// against.
    pub fn set_full_scan(&mut self, on: bool) {
        self.full_scan = on;
    }

    /// Each side's sallies, as kept move by move (empty where the rule set
    /// has none).
    pub fn sallies(&self) -> &Sallies {
        &self.sallies
    }

    /// The rule set.
    pub fn variant(&self) -> &Variant {
        &self.variant
    }

    /// The board.
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The side to move.
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// What `side` has captured.
    pub fn captured(&self, side: Side) -> &Captured {
        &self.captured[side.index()]
    }

    /// The pieces `side` holds in hand.
    pub fn reserve(&self, side: Side) -> &Reserve {
        &self.reserve[side.index()]
    }

    /// Whether captured pieces change sides into the captor's hand.
    pub(super) fn keeps_captured(&self) -> bool {
        self.variant.rules.captured != CapturedGo::Out
    }

    /// What the side to move does now: move, or place turned men.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The men `side` has announced for a triumph.
    pub fn announced(&self, side: Side) -> Bits {
        self.announced[side.index()]
    }

    /// Moves played so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// What the last move captured.
    pub fn last_captures(&self) -> &[CaptureEvent] {
        &self.last
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Plays a legal move: moves the piece, makes every capture the mover
    /// now has, then checks victories, repetition, the cap and whether the
    /// next side can move.
    pub fn play(&mut self, mv: Move) {
        debug_assert!(self.is_legal(mv), "illegal move {mv}");
        let mover = self.to_move;
        self.last.clear();
        if mv.is_announcement() {
            self.announced[mover.index()] = mv.named().fold(0, |m, s| m | s.bit());
            self.ply += 1;
            self.advance(mover, false);
            self.ending = self.settle(Some(mover), 0);
            return;
        }
        let flew = self.flies(mv);
        // Where only what a move sets up is taken, what stood before it is
        // compared against.
        let before = (self.variant.captures.set_up && !flew).then(|| self.board.clone());
        if mv.take {
            let v = &self.variant;
            let kind = onto::kind(&self.board, &v.reach, &v.captures, mover, mv.from, mv.to)
                .expect("a legal capture");
            self.apply(mover, &Hit::whole(mv.to, kind));
        }
        if let Some(piece) = mv.drop {
            self.reserve[mover.index()].take(piece);
            self.held = self.held.wrapping_sub(zobrist::held(mover, 1, piece));
            let placed = Piece::plain(mover, piece.shape, piece.value);
            self.board
                .place(mv.to, placed)
                .expect("a reserve piece fits on the board");
            self.hash ^= zobrist::piece(mv.to, &placed);
        } else {
            let moving = *self.board.get(mv.from).expect("a piece to move");
            self.board.shift(mv.from, mv.to);
            let named = &mut self.announced[mover.index()];
            if *named & mv.from.bit() != 0 {
                *named ^= mv.from.bit() | mv.to.bit();
            }
            self.hash ^= zobrist::piece(mv.from, &moving) ^ zobrist::piece(mv.to, &moving);
        }
        let mut hits = std::mem::take(&mut self.hits);
        let moved = mv.from.bit() | mv.to.bit();
        let mut touched = moved;
        self.changed[0] |= moved;
        self.changed[1] |= moved;
        let changed = self.changed[mover.index()];
        if self.full_scan || flew || before.is_some() {
            // Scans that keep no foresight: what was kept no longer follows the board.
            self.foresight.iter_mut().for_each(Foresight::forget);
            self.hits_on(
                &self.board,
                before.as_ref(),
                mover,
                changed,
                flew,
                &mut hits,
            );
        } else {
            self.foresee(mover, changed, moved, &mut hits);
        }
        // A flight takes nothing: where every capture is taken after a move,
        // what it sets up is the mover's to take after its next one, so its
        // squares are kept for that scan (where only what a move sets up is
        // taken, that stood before the move and is not).
        if !flew || self.variant.captures.set_up {
            self.changed[mover.index()] = 0;
        }
        if !hits.is_empty() || mv.take {
            for h in &hits {
                self.apply(mover, h);
                self.changed[0] |= h.at.bit();
                self.changed[1] |= h.at.bit();
                touched |= h.at.bit();
            }
            if !hits.is_empty() {
                // Found on the board before these captures.
                self.foresight[mover.other().index()].forget();
            }
            // Positions before a capture can never come back.
            self.history.clear();
        }
        self.hits = hits;
        if self.variant.captures.sally {
            self.sallies
                .update(&self.board, &self.variant.captures, touched);
        }
        self.ply += 1;
        self.advance(mover, mv.drop.is_some());
        self.ending = self.settle(Some(mover), touched);
    }

    /// Whether `mv` flies: a flying move takes nothing (seed 003: "you may
    /// use the flying movement unless the move would result in taking an
    /// opposing man").
    pub(super) fn flies(&self, mv: Move) -> bool {
        mv.drop.is_none() && !mv.take && self.variant.reach.has_flights() && self.is_flight(mv)
    }
}
