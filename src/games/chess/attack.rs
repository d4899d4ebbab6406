//! Whether a square is attacked: could a piece of the given seats take a
//! piece standing there? Asked for every king after every move, so it
//! looks outward from the square once (leaps, rays, and along each ray
//! the squares from which an aanca or a unicorn would have turned onto
//! it) rather than generating the attackers' moves.

use crate::games::chess::board::{CELLS, Square, offset, shifted};
use crate::games::chess::piece::{Cell, EMPTY, Kind, code, owner, state};
use crate::games::chess::rules::{
    AancaReading, DIRECTIONS, KingLeap, PAWN_DIRECTIONS, Rules, UnicornReading,
};

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
/// `leapers` are the seats whose king has not moved yet.
pub fn attacked(rules: &Rules, cells: &[Cell; CELLS], sq: Square, by: u8, leapers: u8) -> bool {
    let ours = |c: Cell| (by >> owner(c)) & 1 == 1;
    let walls = rules.walls.as_ref();
    for &(off, kinds) in &rules.attack_leaps {
        let from = shifted(sq, off);
        let c = cells[from as usize];
        if (kinds >> code(c)) & 1 == 1 && ours(c) && walls.is_none_or(|w| !w.blocks(from, sq)) {
            return true;
        }
    }
    if rules.kinds & Kind::Pawn.bit() != 0 {
        for (dir, &(f, r)) in PAWN_DIRECTIONS.iter().enumerate() {
            for side in [1i8, -1] {
                // A pawn stepping (f, r) takes on (f, r) plus a side step.
                let (sf, sr) = if f == 0 { (side, 0) } else { (0, side) };
                let from = shifted(sq, -offset(f + sf, r + sr));
                let c = cells[from as usize];
                if code(c) == Kind::Pawn as u8
                    && state(c) == dir as u8
                    && ours(c)
                    && walls.is_none_or(|w| !w.blocks(from, sq))
                {
                    return true;
                }
            }
        }
    }
    if leapers & by != 0 && rules.king_leap != KingLeap::Cazaux {
        for (f, r) in KING_LEAPS {
            let from = shifted(sq, offset(f, r));
            let c = cells[from as usize];
            if code(c) == Kind::King as u8
                && ours(c)
                && (leapers >> owner(c)) & 1 == 1
                && king_leap_allowed(rules.king_leap, rules.forward[owner(c) as usize], -r)
            {
                return true;
            }
        }
    }
    let aanca = rules.kinds & Kind::Aanca.bit() != 0;
    let unicorn = rules.kinds & Kind::Unicorn.bit() != 0;
    let murray = rules.unicorn == UnicornReading::Murray;
    for (i, &(f, r)) in DIRECTIONS.iter().enumerate() {
        let diagonal = i % 2 == 1;
        let sliders = rules.slide_kinds[i];
        let compound = if diagonal { unicorn && !murray } else { aanca };
        if sliders == 0 && !compound && !(diagonal && unicorn && murray) {
            continue;
        }
        let d = offset(f, r);
        let mut prev = sq;
        let mut t = shifted(sq, d);
        loop {
            if walls.is_some_and(|w| w.blocks(t, prev)) {
                break;
            }
            let c = cells[t as usize];
            if c != EMPTY {
                if ours(c)
                    && ((sliders >> code(c)) & 1 == 1
                        || (diagonal
                            && murray
                            && code(c) == Kind::Unicorn as u8
                            && state(c) & 1 == 1))
                {
                    return true;
                }
                break;
            }
            if compound && turned_here(rules, cells, t, (-f, -r), &ours) {
                return true;
            }
            prev = t;
            t = shifted(t, d);
        }
    }
    false
}

/// Whether an aanca or unicorn of ours could reach the empty square `m`
/// by its first part and then slide from it along `(f, r)` (a unit
/// direction, orthogonal for the aanca, diagonal for the unicorn).
#[inline]
fn turned_here(
    rules: &Rules,
    cells: &[Cell; CELLS],
    m: Square,
    (f, r): (i8, i8),
    ours: &impl Fn(Cell) -> bool,
) -> bool {
    if f != 0 && r != 0 {
        // The unicorn leapt by (f, 2r) or (2f, r) onto m.
        for (lf, lr) in [(f, 2 * r), (2 * f, r)] {
            let c = cells[shifted(m, -offset(lf, lr)) as usize];
            if code(c) == Kind::Unicorn as u8
                && ours(c)
                && (rules.unicorn == UnicornReading::Outward
                    || lr.signum() == rules.forward[owner(c) as usize])
            {
                return true;
            }
        }
        false
    } else {
        // The aanca stepped diagonally onto m; outward, the step's part
        // along the slide is the slide's own direction.
        let steps: &[(i8, i8)] = match (rules.aanca, f == 0) {
            (AancaReading::Outward, true) => &[(1, r), (-1, r)],
            (AancaReading::Outward, false) => &[(f, 1), (f, -1)],
            (AancaReading::AnyOrthogonal, _) => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
        };
        steps.iter().any(|&(sf, sr)| {
            let c = cells[shifted(m, -offset(sf, sr)) as usize];
            code(c) == Kind::Aanca as u8 && ours(c)
        })
    }
}
