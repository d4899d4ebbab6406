//! Whether a square is attacked: could a piece of the given seats take a
//! piece standing there? Asked for every king after every move, so it
//! asks each of the attackers' pieces a table ([`crate::games::chess::reach`])
//! rather than generating their moves, and walks a line or a two-part
//! path only for the few pieces in reach.

use crate::games::chess::board::{
    CELLS, Square, Squares, file_of, members, offset, put, rank_of, shifted,
};
use crate::games::chess::piece::{BLOCK, Cell, EMPTY, Kind, code, is_piece, owner, state};
use crate::games::chess::reach::{KING_LEAP, LEAP, PATHS, SLIDE};
use crate::games::chess::rules::{AancaReading, DIRECTIONS, KingLeap, Rules, UnicornReading};

/// The first leaps of a king: two squares any of eight ways.
pub const KING_LEAPS: [(i8, i8); 8] = [
    (0, 2),
    (2, 2),
    (2, 0),
    (2, -2),
    (0, -2),
    (-2, -2),
    (-2, 0),
    (-2, 2),
];

/// Whether a king of a seat whose forward is `forward` may leap by (df, dr).
#[inline]
pub fn king_leap_allowed(reading: KingLeap, forward: i8, dr: i8) -> bool {
    match reading {
        KingLeap::None => false,
        KingLeap::Seed | KingLeap::Cazaux => true,
        KingLeap::Forward => dr == 2 * forward,
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
    cells: &[Cell; CELLS],
    sq: Square,
    by: u8,
    leapers: u8,
    pieces: &[Squares; 4],
) -> bool {
    let mut seats = by;
    while seats != 0 {
        let seat = seats.trailing_zeros() as u8;
        seats &= seats - 1;
        for at in members(&pieces[usize::from(seat)]) {
            let c = cells[at as usize];
            // A square left, or taken on a trial board, holds no piece of the seat.
            if owner(c) != seat {
                continue;
            }
            let how = rules.reach.of(c, at, sq);
            if how != 0 && reaches(rules, cells, at, c, sq, how, leapers) {
                return true;
            }
        }
    }
    false
}

/// Whether the piece `c` on `from`, which [`Reach`] says could reach
/// `target` in the ways `how`, does.
///
/// [`Reach`]: crate::games::chess::reach::Reach
#[inline]
fn reaches(
    rules: &Rules,
    cells: &[Cell; CELLS],
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
    if how & SLIDE != 0 && open_line(cells, rules, target, from) {
        return true;
    }
    how & PATHS != 0
        && two_part_paths(rules, from, c, target, &mut |m, d| {
            clear(cells, m, d, target, None)
        })
}

/// Whether the squares strictly between `sq` and `end`, which share a
/// file, rank or diagonal, are empty and no wall crosses the line.
#[inline]
fn open_line(cells: &[Cell; CELLS], rules: &Rules, sq: Square, end: Square) -> bool {
    let df = (i16::from(file_of(end)) - i16::from(file_of(sq))).signum();
    let dr = (i16::from(rank_of(end)) - i16::from(rank_of(sq))).signum();
    let d = offset(df as i8, dr as i8);
    let walls = rules.walls.as_ref();
    let mut prev = sq;
    let mut t = shifted(sq, d);
    loop {
        if walls.is_some_and(|w| w.blocks(t, prev)) {
            return false;
        }
        if t == end {
            return true;
        }
        if cells[t as usize] != EMPTY {
            return false;
        }
        prev = t;
        t = shifted(t, d);
    }
}

/// Whether the squares from `m` up to `target` (excluded) along `d` are
/// empty, or hold only `except` (a piece imagined gone).
#[inline]
fn clear(cells: &[Cell; CELLS], m: Square, d: i16, target: Square, except: Option<Square>) -> bool {
    let mut t = m;
    while t != target {
        if cells[t as usize] != EMPTY && Some(t) != except {
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
/// them is a check now, not a pin.
pub fn pinned(
    rules: &Rules,
    cells: &[Cell; CELLS],
    king: Square,
    seat: u8,
    by: u8,
    compound: &Squares,
) -> Squares {
    let mut out = [0u64; CELLS.div_ceil(64)];
    let ours = |c: Cell| (by >> owner(c)) & 1 == 1;
    let walls = rules.walls.as_ref();
    let murray = rules.unicorn == UnicornReading::Murray;
    for (i, &(f, r)) in DIRECTIONS.iter().enumerate() {
        let diagonal = i % 2 == 1;
        let sliders = rules.slide_kinds[i];
        let murray_bishop = diagonal && murray && rules.kinds & Kind::Unicorn.bit() != 0;
        if sliders == 0 && !murray_bishop {
            continue;
        }
        let d = offset(f, r);
        let mut prev = king;
        let mut t = shifted(king, d);
        let mut shield: Option<Square> = None;
        loop {
            let c = cells[t as usize];
            // Off the board or closed: the ray ends (and the walls know
            // only the board's squares).
            if code(c) >= BLOCK || walls.is_some_and(|w| w.blocks(t, prev)) {
                break;
            }
            if c != EMPTY {
                if shield.is_none() && is_piece(c) && owner(c) == seat {
                    // The first piece on the ray is ours: look past it.
                    shield = Some(t);
                } else {
                    if let Some(s) = shield
                        && ours(c)
                        && ((sliders >> code(c)) & 1 == 1
                            || (murray_bishop
                                && code(c) == Kind::Unicorn as u8
                                && state(c) & 1 == 1))
                    {
                        put(&mut out, s, true);
                    }
                    break;
                }
            }
            prev = t;
            t = shifted(t, d);
        }
    }
    // A two-part move blocked by exactly one piece of ours pins it.
    for at in members(compound) {
        let c = cells[at as usize];
        if !ours(c) {
            continue;
        }
        two_part_paths(rules, at, c, king, &mut |m, d| {
            let mut blocker = None;
            let mut t = m;
            while t != king {
                let x = cells[t as usize];
                if x != EMPTY {
                    if blocker.is_some() || !is_piece(x) || owner(x) != seat {
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
    out
}
