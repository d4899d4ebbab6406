//! A chess game in progress: the board, whose turn, the dice thrown, and
//! how the game ends. Each turn begins by judging the seat to move without
//! its dice (seed 004: mate and stalemate are judged on every move the
//! seat has); then the dice, if any, say which kinds may move, and a seat
//! whose dice or first move leave it nothing loses the turn.

use std::sync::Arc;

use crate::core::dice::Dice;
use crate::core::seed::mix;
use crate::games::board::ending::Ending;
use crate::games::chess::attack::{Trial, attacked};
use crate::games::chess::board::{CELLS, Square, Squares, put};
use crate::games::chess::movegen::Mover;
use crate::games::chess::moves::Move;
use crate::games::chess::piece::{
    Cell, EMPTY, Kind, code, is_piece, owner, piece, state, with_owner,
};
use crate::games::chess::readings::{KingLeap, UnicornReading};
use crate::games::chess::rules::{OnMate, Rules, Stalemate, Targets};

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// The dice of the seat to move.
    Dice,
    /// A move of this seat.
    Move(u8),
    /// Nothing: the game is over.
    Over,
}

/// A chess game in progress.
#[derive(Clone)]
pub struct Position {
    rules: Arc<Rules>,
    cells: [Cell; CELLS],
    kings: [Square; 4],
    alive: u8,
    to_move: u8,
    ply: u32,
    leapers: u8,
    moved: u8,
    dice: [u8; 2],
    choosing: bool,
    stalled: bool,
    in_check: bool,
    pieces: [Squares; 4],
    last_mover: Option<u8>,
    places: [u8; 4],
    gone: [Gone; 4],
    ending: Option<Ending>,
}

/// How a seat left a game of more than two seats, for narration.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gone {
    /// The rule that put it out (empty while it plays).
    pub reason: &'static str,
    /// The seat its army joined, if any.
    pub heir: Option<u8>,
}

/// What a position file gives beyond the rules.
#[derive(Clone, Debug)]
pub struct Parts {
    /// The board.
    pub cells: [Cell; CELLS],
    /// The seat to move.
    pub to_move: u8,
    /// The seats still playing.
    pub alive: u8,
    /// The seats whose king may still make its first leap.
    pub leapers: u8,
    /// The seats that have made their first move.
    pub moved: u8,
    /// Plies played before.
    pub ply: u32,
    /// The places of the seats already out (0 for those playing).
    pub places: [u8; 4],
}

impl Position {
    /// The start of a game.
    pub fn start(rules: Arc<Rules>) -> Position {
        let all = ((1u16 << rules.seats) - 1) as u8;
        let parts = Parts {
            cells: rules.start,
            to_move: rules.first,
            alive: all,
            leapers: if rules.king_leap == KingLeap::None {
                0
            } else {
                all
            },
            moved: 0,
            ply: 0,
            places: [0; 4],
        };
        Position::from_parts(rules, parts)
    }

    /// A position from its parts (checked by the position file's reader:
    /// each seat in the game has one king).
    pub fn from_parts(rules: Arc<Rules>, parts: Parts) -> Position {
        let mut kings = [0; 4];
        for &sq in &rules.squares {
            let c = parts.cells[sq as usize];
            if code(c) == Kind::King as u8 {
                kings[owner(c) as usize] = sq;
            }
        }
        let mut pos = Position {
            cells: parts.cells,
            kings,
            alive: parts.alive,
            to_move: parts.to_move,
            ply: parts.ply,
            leapers: parts.leapers,
            moved: parts.moved,
            dice: [0; 2],
            choosing: false,
            stalled: false,
            in_check: false,
            pieces: [[0; CELLS.div_ceil(64)]; 4],
            last_mover: None,
            places: parts.places,
            gone: [Gone::default(); 4],
            ending: None,
            rules,
        };
        pos.find_pieces();
        pos.begin_turn();
        pos
    }

    /// Finds every seat's pieces, for the attack test.
    fn find_pieces(&mut self) {
        self.pieces = [[0; CELLS.div_ceil(64)]; 4];
        for i in 0..self.rules.squares.len() {
            let sq = self.rules.squares[i];
            let c = self.cells[sq as usize];
            if is_piece(c) {
                put(&mut self.pieces[owner(c) as usize], sq, true);
            }
        }
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The board's cells.
    pub fn cells(&self) -> &[Cell; CELLS] {
        &self.cells
    }

    /// The seat to move.
    pub fn to_move(&self) -> u8 {
        self.to_move
    }

    /// Plies played: moves, passes and lost turns.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The seats still playing, a bit each.
    pub fn alive(&self) -> u8 {
        self.alive
    }

    /// The seats whose king may still make its first leap.
    pub fn leapers(&self) -> u8 {
        self.leapers
    }

    /// The seats that have moved.
    pub fn moved(&self) -> u8 {
        self.moved
    }

    /// The faces thrown for this turn (0: none thrown).
    pub fn dice(&self) -> [u8; 2] {
        self.dice
    }

    /// Whether the seat to move is choosing which of two dice to play.
    pub fn choosing(&self) -> bool {
        self.choosing
    }

    /// Whether the seat to move is in check.
    pub fn in_check(&self) -> bool {
        self.in_check
    }

    /// How the game ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// Each seat's place once out of the game (0 while playing; the winner 1).
    pub fn places(&self) -> [u8; 4] {
        self.places
    }

    /// How a seat left the game (`reason` empty while it plays).
    pub fn gone(&self, seat: u8) -> Gone {
        self.gone[seat as usize]
    }

    /// The square of a seat's king (if it is still in the game).
    pub fn king(&self, seat: u8) -> Option<Square> {
        ((self.alive >> seat) & 1 == 1).then_some(self.kings[seat as usize])
    }

    /// What the game waits for.
    #[inline]
    pub fn waiting(&self) -> Waiting {
        if self.ending.is_some() {
            Waiting::Over
        } else if self.rules.dice.is_some() && self.dice[0] == 0 && !self.stalled {
            Waiting::Dice
        } else {
            Waiting::Move(self.to_move)
        }
    }

    fn next_alive(&self, seat: u8) -> u8 {
        let n = self.rules.seats;
        (1..=n)
            .map(|i| (seat + i) % n)
            .find(|&s| (self.alive >> s) & 1 == 1)
            .unwrap_or(seat)
    }

    fn prev_alive(&self, seat: u8) -> u8 {
        let n = self.rules.seats;
        (1..=n)
            .map(|i| (seat + n - i) % n)
            .find(|&s| (self.alive >> s) & 1 == 1)
            .unwrap_or(seat)
    }

    /// The seats whose pieces `seat` may take.
    pub fn takes(&self, seat: u8) -> u8 {
        match self.rules.targets {
            Targets::Any => self.alive & !(1 << seat),
            Targets::NextOnly => 1 << self.next_alive(seat),
        }
    }

    /// The seats whose pieces may take `seat`'s king.
    pub fn checkers(&self, seat: u8) -> u8 {
        match self.rules.targets {
            Targets::Any => self.alive & !(1 << seat),
            Targets::NextOnly => 1 << self.prev_alive(seat),
        }
    }

    fn mover(&self) -> Mover<'_> {
        let s = self.to_move;
        Mover {
            rules: &self.rules,
            cells: &self.cells,
            seat: s,
            takes: self.takes(s),
            checkers: self.checkers(s),
            leapers: self.leapers,
            alive: self.alive,
            in_check: self.in_check,
            king: self.kings[s as usize],
            pinned: std::cell::OnceCell::new(),
            own: &self.pieces[s as usize],
            pieces: &self.pieces,
        }
    }

    /// The kinds the dice let move (every kind without dice).
    fn kinds_allowed(&self) -> u16 {
        if self.rules.dice.is_none() || self.stalled {
            return u16::MAX;
        }
        self.dice
            .iter()
            .filter_map(|&f| self.rules.face_kind(f))
            .fold(0, |m, k| m | k.bit())
    }

    /// Whether a move satisfies the first-move rule (Four Seasons: a seat's
    /// first move must go some way toward the next seat).
    #[inline]
    fn first_move_ok(&self, mv: Move) -> bool {
        match &self.rules.first_move {
            Some(v) if (self.moved >> self.to_move) & 1 == 0 && !mv.is_pass() => {
                let (vf, vr) = v[self.to_move as usize];
                let df = i32::from(crate::games::chess::board::file_of(mv.to))
                    - i32::from(crate::games::chess::board::file_of(mv.from));
                let dr = i32::from(crate::games::chess::board::rank_of(mv.to))
                    - i32::from(crate::games::chess::board::rank_of(mv.from));
                df * i32::from(vf) + dr * i32::from(vr) > 0
            }
            _ => true,
        }
    }

    /// Whether the seat to move has a legal move of these kinds, with or
    /// without the first-move rule.
    fn has_legal(&self, kinds: u16, first_rule: bool) -> bool {
        let m = self.mover();
        let king = self.kings[self.to_move as usize];
        m.each(kinds, &mut |mv| {
            (!first_rule || self.first_move_ok(mv))
                && (!m.needs_test(mv) || m.leaves_king_safe(king, mv))
        })
    }

    /// Every legal move of the seat to move, in generation order (a pass last).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.ending.is_some() || self.waiting() == Waiting::Dice {
            return;
        }
        if self.stalled {
            out.push(Move::pass());
            return;
        }
        if self.choosing {
            out.extend(self.dice.iter().map(|&f| Move::die(f)));
            return;
        }
        let m = self.mover();
        let king = self.kings[self.to_move as usize];
        // The king's moves, most of those tested, are judged together once
        // the walk is done: where each stands in `out`, and its square.
        let (mut at, mut to, mut n) = ([0usize; 32], [0 as Square; 32], 0);
        m.each(self.kinds_allowed(), &mut |mv| {
            if !self.first_move_ok(mv) {
                return false;
            }
            if !m.needs_test(mv) {
                out.push(mv);
            } else if n < 32 && m.plain_king_move(mv) {
                (at[n], to[n]) = (out.len(), mv.to);
                n += 1;
                out.push(mv);
            } else if m.leaves_king_safe(king, mv) {
                out.push(mv);
            }
            false
        });
        if n > 0 {
            let safe = m.king_moves_safe(&to[..n]);
            let (mut i, mut k) = (0, 0);
            out.retain(|_| {
                let keep = k == n || at[k] != i || {
                    k += 1;
                    (safe >> (k - 1)) & 1 == 1
                };
                i += 1;
                keep
            });
        }
    }

    /// Draws a legal move uniformly without testing every move: counts
    /// the candidates, draws one with `draw(n)` and, if it would leave the
    /// king attacked, drops it and draws again among the rest. The draws are
    /// those of a list of the candidates in generation order from which a
    /// dropped one is swapped out for the last (`Vec::swap_remove`), but
    /// the list is never written: a candidate is generated again from its
    /// piece's count when drawn, and the few moved by a drop are remembered.
    pub fn pick(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        if self.stalled {
            draw(1);
            return Some(Move::pass());
        }
        if self.choosing {
            return Some(Move::die(self.dice[draw(2)]));
        }
        if self.rules.first_move.is_some() && (self.moved >> self.to_move) & 1 == 0 {
            // The first-move rule drops candidates by direction: list them.
            return self.pick_listed(draw);
        }
        DRAW.with_borrow_mut(|DrawBuffers { counts, swapped }| {
            swapped.clear();
            let m = self.mover();
            let mut len = m.count_each(self.kinds_allowed(), counts);
            let at = |swapped: &[(usize, Move)], i: usize| match swapped.iter().find(|s| s.0 == i) {
                Some(&(_, mv)) => mv,
                None => m.nth(counts, i),
            };
            let king = self.kings[self.to_move as usize];
            while len > 0 {
                let k = draw(len);
                let mv = at(swapped, k);
                if !m.needs_test(mv) || m.leaves_king_safe(king, mv) {
                    return Some(mv);
                }
                let last = len - 1;
                if k != last {
                    let moved = at(swapped, last);
                    swapped.retain(|s| s.0 != k);
                    swapped.push((k, moved));
                }
                len = last;
            }
            None
        })
    }

    /// [`Position::pick`] from a list of the candidates.
    fn pick_listed(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        CANDIDATES.with_borrow_mut(|buf| {
            buf.clear();
            let m = self.mover();
            m.each(self.kinds_allowed(), &mut |mv| {
                if self.first_move_ok(mv) {
                    buf.push(mv);
                }
                false
            });
            let king = self.kings[self.to_move as usize];
            while !buf.is_empty() {
                let k = draw(buf.len());
                let mv = buf[k];
                if !m.needs_test(mv) || m.leaves_king_safe(king, mv) {
                    return Some(mv);
                }
                buf.swap_remove(k);
            }
            None
        })
    }

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
    fn choose_die(&mut self, face: u8) {
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

    /// Plays a legal move.
    pub fn play(&mut self, mv: Move) {
        if mv.is_die() {
            self.choose_die(mv.to as u8);
            return;
        }
        let s = self.to_move;
        self.ply += 1;
        self.last_mover = Some(s);
        self.moved |= 1 << s;
        self.dice = [0; 2];
        self.choosing = false;
        if !mv.is_pass() {
            let (from, to) = (mv.from as usize, mv.to as usize);
            let moving = self.cells[from];
            let taken = self.cells[to];
            self.cells[from] = EMPTY;
            let placed = match mv.promoted() {
                Some(k) => piece(k, owner(moving), 0),
                None if code(moving) == Kind::Unicorn as u8
                    && self.rules.unicorn == UnicornReading::Murray =>
                {
                    moving | 1 << 6
                }
                None => moving,
            };
            self.cells[to] = placed;
            if is_piece(taken) {
                put(&mut self.pieces[owner(taken) as usize], mv.to, false);
            }
            put(&mut self.pieces[s as usize], mv.from, false);
            put(&mut self.pieces[s as usize], mv.to, true);
            if code(moving) == Kind::King as u8 {
                self.kings[s as usize] = mv.to;
                self.leapers &= !(1 << s);
            }
            if code(taken) == Kind::King as u8 {
                let victim = owner(taken);
                if self.rules.seats == 2 {
                    self.end("king-taken", Some(s));
                } else {
                    let heir = (self.rules.on_mate == OnMate::Transfer).then_some(s);
                    self.eliminate(victim, heir, "king-taken");
                }
            } else if is_piece(taken) && self.rules.stalemate == Stalemate::StalematerWins {
                self.judge_bare_kings(s);
            }
        }
        if self.ending.is_none() {
            self.to_move = self.next_alive(s);
            self.begin_turn();
        }
    }

    fn end(&mut self, reason: &'static str, winner: Option<u8>) {
        self.ending = Some(Ending { reason, winner });
        if let Some(w) = winner {
            self.places[w as usize] = 1;
            for s in 0..self.rules.seats {
                if s != w && self.places[s as usize] == 0 {
                    self.places[s as usize] = 2;
                }
            }
        } else {
            for p in self.places.iter_mut().take(self.rules.seats as usize) {
                if *p == 0 {
                    *p = 1;
                }
            }
        }
    }

    /// Takes a seat out of the game: its king leaves the board, and the
    /// rest of its army joins `heir` or leaves too. The last seat left wins.
    fn eliminate(&mut self, seat: u8, heir: Option<u8>, reason: &'static str) {
        for i in 0..self.rules.squares.len() {
            let sq = self.rules.squares[i] as usize;
            let c = self.cells[sq];
            if is_piece(c) && owner(c) == seat {
                self.cells[sq] = match heir {
                    Some(h) if code(c) != Kind::King as u8 => with_owner(c, h),
                    _ => EMPTY,
                };
            }
        }
        self.find_pieces();
        self.gone[seat as usize] = Gone { reason, heir };
        self.places[seat as usize] = self.alive.count_ones() as u8;
        self.alive &= !(1 << seat);
        self.leapers &= !(1 << seat);
        if self.alive.count_ones() == 1 {
            self.end(reason, Some(self.alive.trailing_zeros() as u8));
        }
    }

    /// Takes a seat whose player failed out of a game of more than two
    /// seats, as a stalemate would (its pieces leave the board, it takes
    /// the last place not yet given), and goes on with the seat to move.
    /// A game of two cannot go on: false.
    pub fn retire(&mut self, seat: u8) -> bool {
        if self.rules.seats == 2 || self.ending.is_some() || (self.alive >> seat) & 1 == 0 {
            return false;
        }
        let to_move = self.to_move;
        if seat == to_move {
            self.to_move = self.next_alive(seat);
        }
        self.eliminate(seat, None, "bot-error");
        if self.ending.is_none() {
            if seat == to_move {
                self.dice = [0; 2];
                self.choosing = false;
            }
            // The seat to move may no longer be in check, or pinned.
            self.begin_turn();
        }
        true
    }

    /// A hash of what the position holds: the board, whose turn, the
    /// dice, the seats playing, the kings that may leap and the seats past
    /// their first move (not the ply, which only the cap reads).
    pub fn content_hash(&self) -> u64 {
        let mut h = mix(
            0xc4e5,
            u64::from(self.to_move)
                | u64::from(self.alive) << 8
                | u64::from(self.leapers) << 16
                | u64::from(self.moved) << 24
                | u64::from(self.dice[0]) << 32
                | u64::from(self.dice[1]) << 40
                | u64::from(self.choosing) << 48
                | u64::from(self.stalled) << 49,
        );
        for chunk in self.cells.chunks_exact(8) {
            let w = u64::from_le_bytes(chunk.try_into().expect("eight cells"));
            if w != u64::from_le_bytes([crate::games::chess::piece::OFF; 8]) {
                h = mix(h, w);
            }
        }
        h
    }

    /// Material: each seat's pieces weighed by kind, as a share,
    /// (mine - the others' mean) / (mine + the others' mean); a seat out of
    /// the game scores -1.
    pub fn material(&self, seat: u8) -> f64 {
        if (self.alive >> seat) & 1 == 0 {
            return -1.0;
        }
        let census = self.census();
        let worth = |s: u8| -> f64 {
            census[s as usize]
                .iter()
                .enumerate()
                .filter_map(|(code, &n)| {
                    Kind::from_code(code as u8).map(|k| f64::from(n) * k.worth())
                })
                .sum()
        };
        let others: Vec<f64> = (0..self.rules.seats)
            .filter(|&s| s != seat && (self.alive >> s) & 1 == 1)
            .map(worth)
            .collect();
        if others.is_empty() {
            return 1.0;
        }
        let (mine, theirs) = (
            worth(seat),
            others.iter().sum::<f64>() / others.len() as f64,
        );
        if mine + theirs == 0.0 {
            0.0
        } else {
            (mine - theirs) / (mine + theirs)
        }
    }

    /// Pieces per seat and kind.
    pub fn census(&self) -> [[u16; 16]; 4] {
        let mut n = [[0u16; 16]; 4];
        for &sq in &self.rules.squares {
            let c = self.cells[sq as usize];
            if is_piece(c) {
                n[owner(c) as usize][code(c) as usize] += 1;
            }
        }
        n
    }

    /// Baring the king (with `stalemate=stalemater_wins`): a side left with
    /// its king alone loses, unless the mover is bare too.
    fn judge_bare_kings(&mut self, mover: u8) {
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
    fn begin_turn(&mut self) {
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

    /// The squares of each seat's pieces.
    pub fn pieces(&self) -> &[Squares; 4] {
        &self.pieces
    }

    /// The pawn's direction state of a cell, for describing positions.
    pub fn pawn_direction(c: Cell) -> u8 {
        state(c)
    }
}

/// What [`Position::pick`] keeps between draws: each piece's count of
/// candidates, and the candidates a drop moved to a new index.
#[derive(Default)]
struct DrawBuffers {
    counts: Vec<(Square, u16)>,
    swapped: Vec<(usize, Move)>,
}

thread_local! {
    static CANDIDATES: std::cell::RefCell<Vec<Move>> = const { std::cell::RefCell::new(Vec::new()) };
    static DRAW: std::cell::RefCell<DrawBuffers> = const {
        std::cell::RefCell::new(DrawBuffers { counts: Vec::new(), swapped: Vec::new() })
    };
}
