//! Whether a square is attacked: could a piece of the given seats take a
//! piece standing there? Asked for every king after every move, so it
//! asks each of the attackers' pieces a table ([`crate::games::chess::reach`])
//! rather than generating their moves, and walks a line or a two-part
//! path only for the few pieces in reach. The pins are found alike.

use crate::games::chess::board::{
    CELLS, Square, Squares, file_of, members, offset, put, rank_of, shifted,
};
use crate::games::chess::piece::{Cell, EMPTY, Kind, code, is_piece, owner};
use crate::games::chess::reach::{KING_LEAP, LEAP, PATHS, SLIDE};
use crate::games::chess::readings::{AancaReading, KingLeap, UnicornReading};
use crate::games::chess::rules::Rules;

/// The seats of a set of seats (bit `s` for seat `s`), lowest first: the
/// attackers the attack tests walk.
#[inline(always)]
fn seats_in(mut set: u8) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let seat = set.trailing_zeros() as u8;
            set &= set - 1;
            seat
        })
    })
}

/// Whether a king of a seat whose forward is `forward` may leap by (df, dr).
#[inline]
pub fn king_leap_allowed(reading: KingLeap, forward: i8, dr: i8) -> bool {
    match reading {
        KingLeap::None => false,
        KingLeap::Seed | KingLeap::Cazaux => true,
        KingLeap::Forward => dr == 2 * forward,
    }
}

/// The board the attack test reads: the cells, with perhaps one move made
/// on them, for a trial of the move's legality without a copy of the board.
#[derive(Clone, Copy)]
pub struct Trial<'a> {
    cells: &'a [Cell; CELLS],
    from: Square,
    to: Square,
    moving: Cell,
}

impl<'a> Trial<'a> {
    /// The board as it stands.
    #[inline]
    pub fn board(cells: &'a [Cell; CELLS]) -> Trial<'a> {
        // No square of the mailbox is u16::MAX: every read is the cell's.
        Trial {
            cells,
            from: Square::MAX,
            to: Square::MAX,
            moving: EMPTY,
        }
    }

    /// The board once the piece on `from` has moved to `to`.
    #[inline]
    pub fn after(cells: &'a [Cell; CELLS], from: Square, to: Square) -> Trial<'a> {
        Trial {
            cells,
            from,
            to,
            moving: cells[from as usize],
        }
    }

    /// What a square holds.
    #[inline]
    pub fn at(&self, sq: Square) -> Cell {
        if sq == self.to {
            self.moving
        } else if sq == self.from {
            EMPTY
        } else {
            self.cells[sq as usize]
        }
    }
}

/// Whether a piece of a seat in `by` (a bit per seat) could take on `sq`.
/// `leapers` are the seats whose king has not moved yet; `pieces` holds
/// (at least) the squares of each seat's pieces. Each piece of those seats
/// is asked what it could do to the square ([`Reach`]), and only a piece
/// in reach has its line or paths walked.
///
/// [`Reach`]: crate::games::chess::reach::Reach
pub fn attacked(
    rules: &Rules,
    board: Trial<'_>,
    sq: Square,
    by: u8,
    leapers: u8,
    pieces: &[Squares; 4],
) -> bool {
    for seat in seats_in(by) {
        for at in members(&pieces[usize::from(seat)]) {
            let c = board.at(at);
            // A square left, or taken in a trial, holds no piece of the seat.
            if owner(c) != seat {
                continue;
            }
            let how = rules.reach.of(c, at, sq);
            if how != 0 && reaches(rules, board, at, c, sq, how, leapers) {
                return true;
            }
        }
    }
    false
}

/// Which of `targets` (at most 32 squares) a piece of the seats `by` could
/// take a king on once it has moved there from `from`: bit `i` answers for
/// `targets[i]` what [`attacked`] answers with the king's move tried. The
/// attackers are walked once for all the targets rather than once a
/// target: a king's moves are most of the moves a legal move list tests
/// (seven of every eight in Grande Acedrex's random games).
pub fn attacked_after_king_moves(
    rules: &Rules,
    cells: &[Cell; CELLS],
    from: Square,
    targets: &[Square],
    by: u8,
    leapers: u8,
    pieces: &[Squares; 4],
) -> u32 {
    debug_assert!(targets.len() <= 32, "at most 32 targets");
    if targets.is_empty() {
        return 0;
    }
    let all = u32::MAX >> (32 - targets.len());
    // A king's moves go two files and ranks at most: a piece that reaches
    // nothing that near is passed over with one look-up.
    let close = |t: Square| {
        i16::from(file_of(t)).abs_diff(i16::from(file_of(from))) <= 2
            && i16::from(rank_of(t)).abs_diff(i16::from(rank_of(from))) <= 2
    };
    let all_close = targets.iter().all(|&t| close(t));
    let mut hit = 0u32;
    for seat in seats_in(by) {
        for at in members(&pieces[usize::from(seat)]) {
            let c = cells[at as usize];
            let row = rules.reach.from(c, at);
            if all_close && !row.near(from) {
                continue;
            }
            let mut left = all & !hit;
            while left != 0 {
                let i = left.trailing_zeros();
                left &= left - 1;
                let t = targets[i as usize];
                let how = row.to(t);
                // A piece the king takes on `t` attacks nothing there.
                if how != 0
                    && t != at
                    && reaches(rules, Trial::after(cells, from, t), at, c, t, how, leapers)
                {
                    hit |= 1 << i;
                }
            }
            if hit == all {
                return hit;
            }
        }
    }
    hit
}

/// Whether the piece `c` on `from`, which [`Reach`] says could reach
/// `target` in the ways `how`, does.
///
/// [`Reach`]: crate::games::chess::reach::Reach
#[inline]
fn reaches(
    rules: &Rules,
    board: Trial<'_>,
    from: Square,
    c: Cell,
    target: Square,
    how: u8,
    leapers: u8,
) -> bool {
    let walls = rules.walls.as_ref();
    if how & LEAP != 0 && walls.is_none_or(|w| !w.blocks(from, target)) {
        return true;
    }
    if how & KING_LEAP != 0 {
        let seat = owner(c);
        let dr = rank_of(target) as i8 - rank_of(from) as i8;
        if (leapers >> seat) & 1 == 1
            && king_leap_allowed(rules.king_leap, rules.forward[usize::from(seat)], dr)
        {
            return true;
        }
    }
    if how & SLIDE != 0 && line_between(board, rules, target, from).1 == 0 {
        return true;
    }
    how & PATHS != 0
        && two_part_paths(rules, from, c, target, &mut |m, d| {
            clear(board, m, d, target)
        })
}

/// Walks the line from `sq` to `end` (which share a file, rank or
/// diagonal): `(first, n)`, the first occupied square strictly between and
/// how many there are, counting up to two; a wall across the line counts as
/// two.
#[inline]
fn line_between(board: Trial<'_>, rules: &Rules, sq: Square, end: Square) -> (Square, u8) {
    let df = (i16::from(file_of(end)) - i16::from(file_of(sq))).signum();
    let dr = (i16::from(rank_of(end)) - i16::from(rank_of(sq))).signum();
    let d = offset(df as i8, dr as i8);
    let walls = rules.walls.as_ref();
    let (mut first, mut n) = (sq, 0u8);
    let mut prev = sq;
    let mut t = shifted(sq, d);
    loop {
        if walls.is_some_and(|w| w.blocks(t, prev)) {
            return (first, 2);
        }
        if t == end {
            return (first, n);
        }
        if board.at(t) != EMPTY {
            if n == 1 {
                return (first, 2);
            }
            first = t;
            n = 1;
        }
        prev = t;
        t = shifted(t, d);
    }
}

/// Whether the squares from `m` up to `target` (excluded) along `d` are empty.
#[inline]
fn clear(board: Trial<'_>, m: Square, d: i16, target: Square) -> bool {
    let mut t = m;
    while t != target {
        if board.at(t) != EMPTY {
            return false;
        }
        t = shifted(t, d);
    }
    true
}

/// Calls `path(m, d)` for every way the aanca or unicorn `c` on `from` could
/// reach `target` by its two-part move (`m`: the square its first part
/// lands on, which must be empty; `d`: the direction of the slide from
/// it), until `path` answers true. A capture by the first part alone is a
/// leap ([`LEAP`]), not a path.
#[inline]
fn two_part_paths(
    rules: &Rules,
    from: Square,
    c: Cell,
    target: Square,
    path: &mut impl FnMut(Square, i16) -> bool,
) -> bool {
    let (tf, tr) = (i16::from(file_of(target)), i16::from(rank_of(target)));
    let (ff, fr) = (i16::from(file_of(from)), i16::from(rank_of(from)));
    let kind = code(c);
    let (dx, dy) = ((tf - ff).abs(), (tr - fr).abs());
    // Most pieces are nowhere near a path to the target: after its step an
    // aanca slides along a file or rank one off its own, and a unicorn's
    // slide keeps one more square along the leap's long side than along
    // its short side.
    if kind == Kind::Aanca as u8 && dx != 1 && dy != 1 {
        return false;
    }
    if kind == Kind::Unicorn as u8 && (dx.min(dy) < 2 || dx.abs_diff(dy) != 1) {
        return false;
    }
    if kind == Kind::Aanca as u8 {
        for (sf, sr) in [(1i8, 1i8), (1, -1), (-1, -1), (-1, 1)] {
            let (e, g) = (tf - ff - i16::from(sf), tr - fr - i16::from(sr));
            if (e != 0 && g != 0) || (e == 0 && g == 0) {
                continue;
            }
            let (uf, ur) = (e.signum() as i8, g.signum() as i8);
            // Outward, the slide keeps the sign of the step's part along it.
            if rules.aanca == AancaReading::Outward && (uf * sf < 0 || ur * sr < 0) {
                continue;
            }
            if path(shifted(from, offset(sf, sr)), offset(uf, ur)) {
                return true;
            }
        }
    } else if kind == Kind::Unicorn as u8 && rules.unicorn != UnicornReading::Murray {
        for (lf, lr) in KNIGHT {
            let (e, g) = (tf - ff - i16::from(lf), tr - fr - i16::from(lr));
            if e == 0
                || e.abs() != g.abs()
                || e.signum() != i16::from(lf.signum())
                || g.signum() != i16::from(lr.signum())
            {
                continue;
            }
            if rules.unicorn == UnicornReading::Forward
                && lr.signum() != rules.forward[owner(c) as usize]
            {
                continue;
            }
            if path(
                shifted(from, offset(lf, lr)),
                offset(lf.signum(), lr.signum()),
            ) {
                return true;
            }
        }
    }
    false
}

/// The knight's leaps, the unicorn's first part.
pub const KNIGHT: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// The seat's pieces that alone stand between its king and an attack along
/// a line (a rook's or crocodile's ray, or the slide of an aanca or
/// unicorn that would turn onto the line), as bits of the mailbox: the
/// pieces whose moves may leave the king attacked, besides the king's own.
/// Leaps, pawns and the king's first leap cannot be blocked, so a check by
/// them is a check now, not a pin. As in [`attacked`], each attacking
/// piece is asked whether it would reach the king on an empty board.
pub fn pinned(
    rules: &Rules,
    cells: &[Cell; CELLS],
    king: Square,
    seat: u8,
    by: u8,
    pieces: &[Squares; 4],
) -> Squares {
    let mut out = [0u64; CELLS.div_ceil(64)];
    let board = Trial::board(cells);
    let mine = |x: Cell| is_piece(x) && owner(x) == seat;
    for by_seat in seats_in(by) {
        for at in members(&pieces[usize::from(by_seat)]) {
            let c = cells[at as usize];
            if owner(c) != by_seat {
                continue;
            }
            let how = rules.reach.of(c, at, king);
            if how & SLIDE != 0 {
                let (first, n) = line_between(board, rules, king, at);
                if n == 1 && mine(cells[first as usize]) {
                    put(&mut out, first, true);
                }
            }
            if how & PATHS == 0 {
                continue;
            }
            // A two-part move blocked by exactly one piece of ours pins it.
            two_part_paths(rules, at, c, king, &mut |m, d| {
                let mut blocker = None;
                let mut t = m;
                while t != king {
                    let x = cells[t as usize];
                    if x != EMPTY {
                        if blocker.is_some() || !mine(x) {
                            return false;
                        }
                        blocker = Some(t);
                    }
                    t = shifted(t, d);
                }
                if let Some(b) = blocker {
                    put(&mut out, b, true);
                }
                false
            });
        }
    }
    out
}
