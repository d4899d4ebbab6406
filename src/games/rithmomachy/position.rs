//! A Rithmomachy game in progress: the board, whose move it is, the
//! captures so far, and how the game ended.

use crate::games::rithmomachy::position_file::PositionSpec;
use std::sync::Arc;

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::board::enemy_half;
use crate::games::rithmomachy::capture::{self, CaptureKind, Foresight, Hit, Sallies, onto};
use crate::games::rithmomachy::captured::Captured;
use crate::games::rithmomachy::history::History;
use crate::games::rithmomachy::moves::{self, Move, Picked};
use crate::games::rithmomachy::piece::{Layer, Piece, Shape, Side};
use crate::games::rithmomachy::progression::{kinds, kinds4};
use crate::games::rithmomachy::reserve::{Reserve, home_rank};
use crate::games::rithmomachy::rules::{CapturedGo, PyramidMoves, TriumphLevel};
use crate::games::rithmomachy::setup::initial;
use crate::games::rithmomachy::square::{Bits, Square, squares};
use crate::games::rithmomachy::triumph;
use crate::games::rithmomachy::variant::Variant;
use crate::games::rithmomachy::victory::achieved;
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
    variant: Arc<Variant>,
    board: Board,
    to_move: Side,
    captured: [Captured; 2],
    /// Pieces each side holds in hand (rule sets whose captures change sides).
    reserve: [Reserve; 2],
    ply: u32,
    last: Vec<CaptureEvent>,
    ending: Option<Ending>,
    /// The XOR of the Zobrist keys of the pieces on the board.
    hash: u64,
    /// The sum of the keys of what each side holds off the board.
    held: u64,
    /// The positions met since the last capture, for repetitions.
    history: History,
    hits: Vec<Hit>,
    /// Squares changed since each side's captures were last made.
    changed: [Bits; 2],
    /// Each side's captures along lines through the squares changed since
    /// it last captured, found by the other side's scan after its move.
    foresight: [Foresight; 2],
    /// Each side's sallies, kept up to date where the rule set has them.
    sallies: Sallies,
    /// Look at every enemy piece for captures (the reference path).
    full_scan: bool,
    /// Whether the side to move is placing turned men, and what follows.
    phase: Phase,
    /// The men each side has announced for a triumph (seed 003's explicit
    /// announcement): they can be neither captured nor fly.
    announced: [Bits; 2],
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
    fn keeps_captured(&self) -> bool {
        self.variant.rules.captured != CapturedGo::Out
    }

    /// What the side to move does now: move, or place turned men.
    pub fn phase(&self) -> Phase {
        self.phase
    }

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
    fn drop_targets(&self) -> Bits {
        if self.phase == Phase::Move && self.variant.rules.captured == CapturedGo::Turned {
            0
        } else {
            self.room(self.to_move)
        }
    }

    /// The phase `side` begins its turn in: placing men that waited in hand
    /// for room, where men are turned, else moving.
    fn turn_start(&self, side: Side) -> Phase {
        if self.variant.rules.captured == CapturedGo::Turned && self.room(side) != 0 {
            Phase::PlaceThenMove
        } else {
            Phase::Move
        }
    }

    /// Whether the side to move has a capture by moving onto an enemy.
    fn can_capture_onto(&self) -> bool {
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
    fn is_flight(&self, mv: Move) -> bool {
        let from = mv.from;
        !self.variant.reach.reaches(
            self.board.shapes_at(from),
            from,
            mv.to,
            self.board.occupied(),
        )
    }

    /// The men `side` has announced for a triumph.
    pub fn announced(&self, side: Side) -> Bits {
        self.announced[side.index()]
    }

    /// The announcements of a triumph open to the side to move: where the
    /// rule set asks for one, once per side, when the enemy's pyramid is gone
    /// (if it must be), three or four of its plain men whose values show the
    /// agreed triumph's proportions.
    #[inline]
    fn announcements(&self) -> Vec<Move> {
        // Most rule sets announce nothing: asked before every move, they cost no call.
        match &self.variant.rules.victory.triumph {
            Some(t) if t.announced => self.find_announcements(),
            _ => Vec::new(),
        }
    }

    /// [`Position::announcements`] where the rule set asks for them.
    #[inline(never)]
    fn find_announcements(&self) -> Vec<Move> {
        let side = self.to_move;
        let mut out = Vec::new();
        let Some(t) = &self.variant.rules.victory.triumph else {
            return out;
        };
        if self.announced[side.index()] != 0
            || (t.after_pyramid && self.board.pyramids(side.other()) != 0)
        {
            return out;
        }
        let plain = (0..3).fold(0, |m, sh| m | self.board.plain(side, sh));
        let men: Vec<Square> = squares(plain).collect();
        let value = |s: Square| self.board.plain_value(s) as u32;
        let n = men.len();
        for a in 0..n {
            for b in a + 1..n {
                for c in b + 1..n {
                    let three = [men[a], men[b], men[c]];
                    if t.level == TriumphLevel::Great
                        && triumph::shows_great(t, kinds(three.map(value)))
                    {
                        out.push(Move::announce(&three));
                    }
                    for d in c + 1..n {
                        let four = [men[a], men[b], men[c], men[d]];
                        let k = kinds4(four.map(value)).count_ones();
                        let level = match k {
                            3 => TriumphLevel::Greatest,
                            2 => TriumphLevel::Greater,
                            _ => continue,
                        };
                        if level >= t.level {
                            out.push(Move::announce(&four));
                        }
                    }
                }
            }
        }
        out
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

    /// Each different piece in hand on each square where it may be placed.
    fn placings(&self, out: &mut Vec<Move>) {
        let targets = self.drop_targets();
        if targets != 0 {
            for piece in self.reserve[self.to_move.index()].kinds() {
                out.extend(squares(targets).map(|to| Move::place(piece, to)));
            }
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

    /// Who decides next after `mover`'s move (a placing if `placed`): where
    /// men are turned, the captor places those it has just taken before the
    /// turn passes, and a side begins its turn by placing men that waited in
    /// hand for room; otherwise the turn passes.
    fn advance(&mut self, mover: Side, placed: bool) {
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

    fn apply(&mut self, mover: Side, h: &Hit) {
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

    /// Whether `mv` flies: a flying move takes nothing (seed 003: "you may
    /// use the flying movement unless the move would result in taking an
    /// opposing man").
    fn flies(&self, mv: Move) -> bool {
        mv.drop.is_none() && !mv.take && self.variant.reach.has_flights() && self.is_flight(mv)
    }

    /// The captures `mover`'s move makes on `board`, the board after the
    /// move (and after a capture by moving onto the victim), into `hits`:
    /// `changed` holds every square changed since `mover`'s captures were
    /// last made, the move's own included; `before` is the board before the
    /// move where only what a move sets up is taken; a move that `flew`
    /// takes nothing.
    fn hits_on(
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
    fn foresee(&mut self, mover: Side, changed: Bits, moved: Bits, hits: &mut Vec<Hit>) {
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

    /// The ending after a move by `mover` (or of a set-up position) that
    /// changed the squares `touched`.
    fn settle(&mut self, mover: Option<Side>, touched: Bits) -> Option<Ending> {
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
