//! A chess game in progress: the board, whose turn, the dice thrown, and
//! how the game ends. Each turn begins by judging the seat to move without
//! its dice (seed 004: mate and stalemate are judged on every move the
//! seat has); then the dice, if any, say which kinds may move, and a seat
//! whose dice or first move leave it nothing loses the turn.

use std::sync::Arc;

use crate::core::seed::mix;
use crate::games::board::ending::Ending;
use crate::games::chess::board::{CELLS, Square, Squares, put};
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
    pub(super) rules: Arc<Rules>,
    pub(super) cells: [Cell; CELLS],
    pub(super) kings: [Square; 4],
    pub(super) alive: u8,
    pub(super) to_move: u8,
    pub(super) ply: u32,
    pub(super) leapers: u8,
    pub(super) moved: u8,
    pub(super) dice: [u8; 2],
    pub(super) choosing: bool,
    pub(super) stalled: bool,
    pub(super) in_check: bool,
    pub(super) pieces: [Squares; 4],
    pub(super) last_mover: Option<u8>,
    places: [u8; 4],
    gone: [Gone; 4],
    pub(super) ending: Option<Ending>,
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

    pub(super) fn next_alive(&self, seat: u8) -> u8 {
        let n = self.rules.seats;
        (1..=n)
            .map(|i| (seat + i) % n)
            .find(|&s| (self.alive >> s) & 1 == 1)
            .unwrap_or(seat)
    }

    pub(super) fn prev_alive(&self, seat: u8) -> u8 {
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

    pub(super) fn end(&mut self, reason: &'static str, winner: Option<u8>) {
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
    pub(super) fn eliminate(&mut self, seat: u8, heir: Option<u8>, reason: &'static str) {
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

    /// The squares of each seat's pieces.
    pub fn pieces(&self) -> &[Squares; 4] {
        &self.pieces
    }

    /// The pawn's direction state of a cell, for describing positions.
    pub fn pawn_direction(c: Cell) -> u8 {
        state(c)
    }
}
