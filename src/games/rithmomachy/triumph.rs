//! The triumphs, or proper victories (seeds 000, 002, 003): a side's own men
//! whose values are in progression, standing together in the enemy's land.
//!
//! The values are taken in order of size, so the middle term of a
//! progression is the middle value wherever it stands in the line; a
//! pyramid shows its total or any layer.

use crate::games::rithmomachy::board::{Board, enemy_half};
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::progression::{ARITHMETIC, kinds, kinds4};
use crate::games::rithmomachy::rules::{GreatProgressions, Region, Triumph, TriumphLevel};
use crate::games::rithmomachy::square::{Bits, DIRECTIONS, Square, squares};
use crate::games::rithmomachy::values::Shown;

/// Whether the kinds `k` of three values make a great triumph under `t`.
pub fn shows_great(t: &Triumph, k: u8) -> bool {
    match t.great {
        GreatProgressions::Arithmetic => k & ARITHMETIC != 0,
        GreatProgressions::Any => k != 0,
    }
}

/// Where `side`'s men must stand for a triumph.
pub fn region(r: Region, side: Side, ranks: u8) -> Bits {
    let board = !0u128 >> (8 * (16 - ranks as u32));
    match r {
        Region::Half => enemy_half(side, ranks),
        // The six ranks nearest the opponent's home edge: 11-16 for White.
        Region::Camp => match side {
            Side::White => board & !0u128 << (8 * (ranks as u32 - 6)),
            Side::Black => (1u128 << 48) - 1,
        },
        Region::GreatestInHalf => !0,
    }
}

/// The kinds shown by the men on `men` (three or four squares), over every
/// choice of a value per pyramid.
fn shown(board: &Board, men: &[Square]) -> u8 {
    let mut vals = [Shown::every_at(board, men[0]); 4];
    for (v, &s) in vals.iter_mut().zip(men).skip(1) {
        *v = Shown::every_at(board, s);
    }
    let mut k = 0;
    let mut idx = [0usize; 4];
    loop {
        let pick = |i: usize| vals[i].value(idx[i]);
        k |= match men.len() {
            3 => kinds([pick(0), pick(1), pick(2)]),
            _ => kinds4([pick(0), pick(1), pick(2), pick(3)]),
        };
        // The next choice, like an odometer.
        let mut i = 0;
        loop {
            if i == men.len() {
                return k;
            }
            idx[i] += 1;
            if idx[i] < vals[i].len() {
                break;
            }
            idx[i] = 0;
            i += 1;
        }
    }
}

/// The highest triumph `side` has on `board` under `t`, if any (at any
/// level: the caller compares it with the agreed one).
///
/// Only the men on `men` take part (`!0`: any).
pub fn achieved(t: &Triumph, side: Side, board: &Board, men: Bits) -> Option<TriumphLevel> {
    if t.after_pyramid && board.pyramids(side.other()) != 0 {
        return None;
    }
    let men = men & board.occupied_by(side) & region(t.region, side, board.ranks());
    if men.count_ones() < 3 {
        return None;
    }
    let mine = |s: Option<Square>| s.filter(|s| men & s.bit() != 0);
    let great = |k: u8| shows_great(t, k);
    let half = enemy_half(side, board.ranks());
    let four = |k: u8, at: [Square; 4]| match k.count_ones() {
        3 if t.region != Region::GreatestInHalf || at.iter().all(|s| half & s.bit() != 0) => {
            Some(TriumphLevel::Greatest)
        }
        // Three kinds outside the half still show two.
        2 | 3 => Some(TriumphLevel::Greater),
        _ => None,
    };
    let mut best: Option<TriumphLevel> = None;
    let mut note = |l: Option<TriumphLevel>| best = best.max(l);
    for a in squares(men) {
        // Each line once, from its lowest end: north, east, north-east, north-west.
        for d in [0, 1, 4, 7] {
            let (df, dr) = DIRECTIONS[d];
            let step = |s: Square| mine(s.offset(df, dr));
            let Some(b) = step(a) else { continue };
            let Some(c) = step(b) else { continue };
            if great(shown(board, &[a, b, c])) {
                note(Some(TriumphLevel::Great));
            }
            if let Some(e) = step(c) {
                note(four(shown(board, &[a, b, c, e]), [a, b, c, e]));
            }
        }
        if t.square
            && let (Some(b), Some(c), Some(e)) = (
                mine(a.offset(1, 0)),
                mine(a.offset(0, 1)),
                mine(a.offset(1, 1)),
            )
        {
            note(four(shown(board, &[a, b, c, e]), [a, b, c, e]));
        }
    }
    best
}
