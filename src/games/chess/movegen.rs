//! Move generation: every move the seat's pieces could make if its own
//! king's safety were not asked ("pseudo-legal"), fed one at a time to a
//! sink that may stop the walk (a search for any legal move stops at the
//! first). Whether a move leaves the king attacked is asked afterwards,
//! and only of the moves that could ([`Mover::needs_test`]).

use std::cell::OnceCell;

use crate::games::chess::attack::{
    KNIGHT, Trial, attacked, attacked_after_king_moves, king_leap_allowed, pinned,
};
use crate::games::chess::board::{
    CELLS, Square, Squares, file_of, holds, members, offset, rank_of, shifted,
};
use crate::games::chess::moves::Move;
use crate::games::chess::piece::{Cell, EMPTY, Kind, LAND, OFF, code, is_piece, owner, state};
use crate::games::chess::readings::{AancaReading, KingLeap, UnicornReading};
use crate::games::chess::rules::{OnMate, Rules};
use crate::games::chess::steps::{KING_LEAPS, PAWN_DIRECTIONS};

/// Squares already emitted, one bit each, for a piece whose paths may
/// meet (the aanca read literally); `None` where they cannot.
type Seen = Option<[u64; CELLS.div_ceil(64)]>;

/// Whether `sq` is new to `seen` (always, where nothing is kept), marking
/// it seen.
#[inline]
fn first_sight(seen: &mut Seen, sq: Square) -> bool {
    match seen {
        Some(bits) => {
            let (w, b) = (sq as usize / 64, sq % 64);
            let fresh = (bits[w] >> b) & 1 == 0;
            bits[w] |= 1 << b;
            fresh
        }
        None => true,
    }
}

/// The move of a piece from `from` to `to`, a square it may land on as
/// [`LAND`] says (`l`: 1 empty, 2 a piece to take).
#[inline]
fn landing(from: Square, to: Square, l: u8) -> Move {
    Move {
        from,
        to,
        promotion: 0,
        flags: if l == 2 { Move::CAPTURE } else { 0 },
    }
}

/// The diagonal steps, the aanca's first part.
const DIAGONALS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, -1), (-1, 1)];

/// Everything move generation for one seat needs to know.
pub struct Mover<'a> {
    /// The rules.
    pub rules: &'a Rules,
    /// The board.
    pub cells: &'a [Cell; CELLS],
    /// The seat moving.
    pub seat: u8,
    /// The seats whose pieces it may take, a bit each.
    pub takes: u8,
    /// The seats whose pieces may take its king, a bit each.
    pub checkers: u8,
    /// The seats whose king has not moved (may make its first leap).
    pub leapers: u8,
    /// The seats still playing, a bit each.
    pub alive: u8,
    /// Whether its king is attacked now.
    pub in_check: bool,
    /// The squares of the seat's pieces.
    pub own: &'a Squares,
    /// The squares of each seat's pieces ([`attacked`], [`pinned`]).
    pub pieces: &'a [Squares; 4],
    /// The square of its king.
    pub king: Square,
    /// Its pinned pieces ([`pinned`]): only their moves, the king's and
    /// every move out of check can leave the king attacked. Found when
    /// first asked of a piece in line with the king (most moves are by
    /// pieces that are not, and most turns never ask).
    pub pinned: OnceCell<Squares>,
}

/// Whether two squares share a file, a rank or a diagonal. Only a piece in
/// line with its king can be pinned: a ray ends on the king along such a
/// line, and so does the slide of an aanca or a unicorn, whose first part
/// lands on the same line (see [`pinned`]).
#[inline]
fn in_line(a: Square, b: Square) -> bool {
    let df = i16::from(file_of(a)) - i16::from(file_of(b));
    let dr = i16::from(rank_of(a)) - i16::from(rank_of(b));
    df == 0 || dr == 0 || df.abs() == dr.abs()
}

impl Mover<'_> {
    /// Feeds every pseudo-legal move of the pieces whose kinds are in
    /// `kinds` to `sink`, stopping when it returns true; returns whether it
    /// stopped.
    pub fn each(&self, kinds: u16, sink: &mut impl FnMut(Move) -> bool) -> bool {
        for sq in members(self.own) {
            let c = self.cells[sq as usize];
            if (kinds >> code(c)) & 1 == 1 && self.piece(sq, c, sink) {
                return true;
            }
        }
        false
    }

    /// Counts the pseudo-legal moves of each piece whose kind is in
    /// `kinds`, in the order [`Mover::each`] feeds them: `out` gets the
    /// square and count of each piece that has a move. Returns the total.
    /// A count walks the same squares as a list but writes no moves.
    pub fn count_each(&self, kinds: u16, out: &mut Vec<(Square, u16)>) -> usize {
        out.clear();
        let mut total = 0;
        for sq in members(self.own) {
            let c = self.cells[sq as usize];
            if (kinds >> code(c)) & 1 == 1 {
                let mut n = 0u16;
                self.piece(sq, c, &mut |_| {
                    n += 1;
                    false
                });
                if n > 0 {
                    out.push((sq, n));
                    total += usize::from(n);
                }
            }
        }
        total
    }

    /// The move at `index` in [`Mover::each`]'s order, found from the
    /// counts of [`Mover::count_each`] by generating one piece's moves.
    pub fn nth(&self, counts: &[(Square, u16)], index: usize) -> Move {
        let mut k = index;
        for &(sq, n) in counts {
            if k < usize::from(n) {
                let mut found = None;
                self.piece(sq, self.cells[sq as usize], &mut |mv| {
                    if k == 0 {
                        found = Some(mv);
                        return true;
                    }
                    k -= 1;
                    false
                });
                return found.expect("the counted move is generated again");
            }
            k -= usize::from(n);
        }
        panic!("move {index} of fewer counted")
    }

    /// Whether a move's legality must be tested by playing it: it moves the
    /// king, or a pinned piece, or the king is in check now, or it takes a
    /// king (whose army then leaves the board or changes sides).
    #[inline]
    pub fn needs_test(&self, mv: Move) -> bool {
        self.in_check
            || code(self.cells[mv.from as usize]) == Kind::King as u8
            || (mv.is_capture() && code(self.cells[mv.to as usize]) == Kind::King as u8)
            || (in_line(mv.from, self.king) && holds(self.pinned(), mv.from))
    }

    /// Whether a move is the king's and takes no king: one that
    /// [`Mover::king_moves_safe`] judges with the king's others (taking a
    /// king changes the board beyond the move).
    #[inline]
    pub fn plain_king_move(&self, mv: Move) -> bool {
        code(self.cells[mv.from as usize]) == Kind::King as u8
            && !(mv.is_capture() && code(self.cells[mv.to as usize]) == Kind::King as u8)
    }

    /// Which of the king's plain moves to `targets` (at most 32,
    /// [`Mover::plain_king_move`]) leave it unattacked, a bit each:
    /// [`Mover::leaves_king_safe`] for all of them, the attackers walked once.
    pub fn king_moves_safe(&self, targets: &[Square]) -> u32 {
        !attacked_after_king_moves(
            self.rules,
            self.cells,
            self.king,
            targets,
            self.checkers,
            self.leapers,
            self.pieces,
        )
    }

    /// The seat's pinned pieces, found once.
    fn pinned(&self) -> &Squares {
        self.pinned.get_or_init(|| {
            pinned(
                self.rules,
                self.cells,
                self.king,
                self.seat,
                self.checkers,
                self.pieces,
            )
        })
    }

    /// Whether the move leaves the seat's king unattacked. Taking a king
    /// that ends the game is always allowed; taking one in a game that goes
    /// on is judged after its army has left the board or joined the taker.
    pub fn leaves_king_safe(&self, king: Square, mv: Move) -> bool {
        if mv.is_pass() {
            return true;
        }
        let taken = self.cells[mv.to as usize];
        let mut checkers = self.checkers;
        if code(taken) == Kind::King as u8 {
            if self.alive.count_ones() <= 2 {
                return true;
            }
            let victim = owner(taken);
            checkers &= !(1 << victim);
            if self.rules.on_mate == OnMate::Remove {
                // Rare: judge on a board without the victim's army, which
                // may have shielded the king from a third seat.
                let mut cleared = *self.cells;
                for &sq in &self.rules.squares {
                    let c = cleared[sq as usize];
                    if is_piece(c) && owner(c) == victim {
                        cleared[sq as usize] = EMPTY;
                    }
                }
                return self.safe_after(&cleared, king, mv, checkers);
            }
        }
        self.safe_after(self.cells, king, mv, checkers)
    }

    /// Whether the king is safe from `checkers` once the move is made on
    /// `board` (seen through a [`Trial`], not written).
    fn safe_after(&self, board: &[Cell; CELLS], king: Square, mv: Move, checkers: u8) -> bool {
        let trial = Trial::after(board, mv.from, mv.to);
        let king = if code(board[mv.from as usize]) == Kind::King as u8 {
            mv.to
        } else {
            king
        };
        !attacked(self.rules, trial, king, checkers, self.leapers, self.pieces)
    }

    fn piece(&self, from: Square, c: Cell, sink: &mut impl FnMut(Move) -> bool) -> bool {
        let rules = self.rules;
        let land = &LAND[self.takes as usize];
        let kind = code(c);
        macro_rules! emit {
            ($to:expr, $l:expr) => {
                if sink(Move {
                    from,
                    to: $to,
                    promotion: 0,
                    flags: if $l == 2 { Move::CAPTURE } else { 0 },
                }) {
                    return true;
                }
            };
        }
        if kind == Kind::Pawn as u8 {
            return self.pawn(from, c, sink);
        }
        if kind == Kind::Aanca as u8 {
            return self.aanca(from, sink);
        }
        if kind == Kind::Unicorn as u8 {
            return self.unicorn(from, c, sink);
        }
        for &off in &rules.leaps[kind as usize] {
            let to = shifted(from, off);
            let l = land[self.cells[to as usize] as usize];
            if l != 0 && !self.walled(from, to) {
                emit!(to, l);
            }
        }
        for &d in &rules.slides[kind as usize] {
            if self.slide(from, from, d, sink, &mut None) {
                return true;
            }
        }
        if kind == Kind::King as u8 && (self.leapers >> self.seat) & 1 == 1 {
            let forward = rules.forward[self.seat as usize];
            for (f, r) in KING_LEAPS {
                if !king_leap_allowed(rules.king_leap, forward, r) {
                    continue;
                }
                let to = shifted(from, offset(f, r));
                let l = land[self.cells[to as usize] as usize];
                if l == 0 {
                    continue;
                }
                if rules.king_leap == KingLeap::Cazaux {
                    let over = shifted(from, offset(f / 2, r / 2));
                    if l == 2
                        || self.in_check
                        || attacked(
                            rules,
                            Trial::board(self.cells),
                            over,
                            self.checkers,
                            self.leapers,
                            self.pieces,
                        )
                    {
                        continue;
                    }
                }
                emit!(to, l);
            }
        }
        false
    }

    #[inline]
    fn walled(&self, from: Square, to: Square) -> bool {
        self.rules
            .walls
            .as_ref()
            .is_some_and(|w| w.blocks(from, to))
    }

    /// Slides from `start` along `d`, emitting moves of the piece on
    /// `from`; `seen` (the aanca read literally) drops squares already emitted.
    #[inline]
    fn slide(
        &self,
        from: Square,
        start: Square,
        d: i16,
        sink: &mut impl FnMut(Move) -> bool,
        seen: &mut Seen,
    ) -> bool {
        let land = &LAND[self.takes as usize];
        if seen.is_none() && self.rules.walls.is_none() {
            // The common ray, with nothing to check but the cells.
            let mut to = shifted(start, d);
            loop {
                let l = land[self.cells[to as usize] as usize];
                if l == 0 {
                    return false;
                }
                let flags = if l == 2 { Move::CAPTURE } else { 0 };
                if sink(Move {
                    from,
                    to,
                    promotion: 0,
                    flags,
                }) {
                    return true;
                }
                if l == 2 {
                    return false;
                }
                to = shifted(to, d);
            }
        }
        let mut prev = start;
        let mut to = shifted(start, d);
        loop {
            let l = land[self.cells[to as usize] as usize];
            if l == 0 || self.walled(prev, to) {
                return false;
            }
            if first_sight(seen, to) && sink(landing(from, to, l)) {
                return true;
            }
            if l == 2 {
                return false;
            }
            prev = to;
            to = shifted(to, d);
        }
    }

    fn pawn(&self, from: Square, c: Cell, sink: &mut impl FnMut(Move) -> bool) -> bool {
        let (f, r) = PAWN_DIRECTIONS[state(c) as usize];
        let fwd = offset(f, r);
        let rules = self.rules;
        // A pawn with the edge of the board ahead of it is promoted.
        macro_rules! emit {
            ($to:expr, $flags:expr) => {{
                let to = $to;
                let promotion = if self.cells[shifted(to, fwd) as usize] == OFF {
                    rules.promoted(to) as u8
                } else {
                    0
                };
                if sink(Move {
                    from,
                    to,
                    promotion,
                    flags: $flags,
                }) {
                    return true;
                }
            }};
        }
        let to = shifted(from, fwd);
        if self.cells[to as usize] == EMPTY && !self.walled(from, to) {
            emit!(to, 0);
            let two = shifted(to, fwd);
            // Only a pawn on its own square of the setup has not moved.
            if rules.pawn_double
                && rules.start[from as usize] == c
                && self.cells[two as usize] == EMPTY
                && !self.walled(to, two)
            {
                emit!(two, 0);
            }
        }
        let land = &LAND[self.takes as usize];
        for side in [1i8, -1] {
            let (sf, sr) = if f == 0 { (side, 0) } else { (0, side) };
            let to = shifted(from, offset(f + sf, r + sr));
            if land[self.cells[to as usize] as usize] == 2 && !self.walled(from, to) {
                emit!(to, Move::CAPTURE);
            }
        }
        false
    }

    fn aanca(&self, from: Square, sink: &mut impl FnMut(Move) -> bool) -> bool {
        let land = &LAND[self.takes as usize];
        let any = self.rules.aanca == AancaReading::AnyOrthogonal;
        let mut seen = any.then_some([0u64; CELLS.div_ceil(64)]);
        for (sf, sr) in DIAGONALS {
            let m = shifted(from, offset(sf, sr));
            let l = land[self.cells[m as usize] as usize];
            if l == 0 {
                continue;
            }
            if first_sight(&mut seen, m) && sink(landing(from, m, l)) {
                return true;
            }
            if l == 2 {
                continue;
            }
            let outward = [offset(sf, 0), offset(0, sr)];
            let all = [offset(0, 1), offset(1, 0), offset(0, -1), offset(-1, 0)];
            let dirs: &[i16] = if any { &all } else { &outward };
            for &d in dirs {
                if self.slide(from, m, d, sink, &mut seen) {
                    return true;
                }
            }
        }
        false
    }

    fn unicorn(&self, from: Square, c: Cell, sink: &mut impl FnMut(Move) -> bool) -> bool {
        let land = &LAND[self.takes as usize];
        let reading = self.rules.unicorn;
        if reading == UnicornReading::Murray && state(c) & 1 == 1 {
            for (f, r) in DIAGONALS {
                if self.slide(from, from, offset(f, r), sink, &mut None) {
                    return true;
                }
            }
            return false;
        }
        let forward = self.rules.forward[self.seat as usize];
        for (lf, lr) in KNIGHT {
            let to = shifted(from, offset(lf, lr));
            let l = land[self.cells[to as usize] as usize];
            if l == 0 || (reading == UnicornReading::Murray && l == 2) {
                continue;
            }
            if sink(landing(from, to, l)) {
                return true;
            }
            if l == 2
                || reading == UnicornReading::Murray
                || (reading == UnicornReading::Forward && lr.signum() != forward)
            {
                continue;
            }
            if self.slide(from, to, offset(lf.signum(), lr.signum()), sink, &mut None) {
                return true;
            }
        }
        false
    }
}
