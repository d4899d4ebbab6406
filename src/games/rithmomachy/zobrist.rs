//! Hashing a position by what it holds (Zobrist): every (square, piece
//! layer) has its own random key and a position's hash is the XOR of the
//! keys of what stands on the board, with keys for the side to move, the
//! phase and the men announced for a triumph. What each side holds off the
//! board (captured tallies, reserves) adds in as a sum, since a multiset may
//! hold the same piece twice. The hash is kept up to date move by move and
//! does not depend on how a position was reached, so repetitions (and a
//! search's transposition table) can rely on it.
//!
//! The keys are drawn from SplitMix64 of the fields they stand for, so a
//! piece of any value (a position file may hold any) has one without a table.

use crate::core::seed::splitmix64;
use crate::games::rithmomachy::piece::{Layer, Piece, Side};
use crate::games::rithmomachy::square::{Bits, Square, squares};

/// Tags that keep the kinds of keys apart.
const ON_BOARD: u64 = 1 << 40;
const HELD: u64 = 2 << 40;
const ANNOUNCED: u64 = 3 << 40;
const PHASE: u64 = 4 << 40;

/// The key of Black to move (White to move adds nothing).
pub const BLACK_TO_MOVE: u64 = 0x5bd1_e995_9e37_79b9;

#[inline]
fn layer_bits(side: Side, l: Layer) -> u64 {
    (side.index() as u64) << 18 | (l.shape as u64) << 16 | l.value as u64
}

/// The key of the piece `p` standing on `s`: the XOR of its layers' keys,
/// each by its place in the stack.
///
/// ```
/// use ludus::games::rithmomachy::piece::{Piece, Shape, Side};
/// use ludus::games::rithmomachy::square::Square;
/// use ludus::games::rithmomachy::zobrist;
/// let (a, b) = (Square::parse("a1").unwrap(), Square::parse("b2").unwrap());
/// let nine = Piece::plain(Side::White, Shape::Round, 9);
/// assert_ne!(zobrist::piece(a, &nine), zobrist::piece(b, &nine));
/// assert_eq!(zobrist::piece(a, &nine), zobrist::piece(a, &nine.clone()));
/// ```
#[inline]
pub fn piece(s: Square, p: &Piece) -> u64 {
    let at = ON_BOARD | (s.0 as u64) << 32 | (p.pyramid as u64) << 31;
    let mut h = 0;
    for (i, &l) in p.layers().iter().enumerate() {
        h ^= splitmix64(at | (i as u64) << 20 | layer_bits(p.side, l));
    }
    h
}

/// The key of one layer `side` holds off the board as `kind` (0: a
/// captured tally's piece, 1: a reserve's), to be added (wrapping) for
/// each such piece.
#[inline]
pub fn held(side: Side, kind: u8, l: Layer) -> u64 {
    splitmix64(HELD | (kind as u64) << 32 | (side.index() as u64) << 24 | layer_bits(side, l))
}

/// The key of the men `side` has announced for a triumph.
pub fn announced(side: Side, men: Bits) -> u64 {
    squares(men).fold(0, |h, s| {
        h ^ splitmix64(ANNOUNCED | (side.index() as u64) << 8 | s.0 as u64)
    })
}

/// The key of the phase numbered `phase` (0, moving, adds nothing).
#[inline]
pub fn phase(phase: u8) -> u64 {
    if phase == 0 {
        0
    } else {
        splitmix64(PHASE | phase as u64)
    }
}
