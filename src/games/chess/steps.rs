//! The steps pieces take, as (files, ranks) and as mailbox offsets: the
//! eight directions, a pawn's, the king's first leaps and any leaper's.

use crate::games::chess::board::offset;

/// The eight directions as (files, ranks): orthogonals at even indices.
pub const DIRECTIONS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

/// The (files, ranks) directions a pawn steps in, by its direction state:
/// north, east, south, west.
pub const PAWN_DIRECTIONS: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

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

/// Every way of writing (a, b) with signs and order: a leaper's moves.
pub fn leaper(a: i8, b: i8) -> Vec<(i8, i8)> {
    let mut out = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                let d = (x * sx, y * sy);
                if !out.contains(&d) {
                    out.push(d);
                }
            }
        }
    }
    out
}

/// Mailbox offsets of (files, ranks) steps.
pub fn offsets(steps: &[(i8, i8)]) -> Vec<i16> {
    steps.iter().map(|&(f, r)| offset(f, r)).collect()
}
