//! Seed 002's sally: "a piece of value n which was x squares away from an
//! enemy piece of value (x * n) captured and replaced it", x counting both
//! end squares along a clear rank, file or diagonal.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::assault::makes;
use crate::games::rithmomachy::capture::rules::CaptureRules;
use crate::games::rithmomachy::lines::{direction_bit, first_in_line};
use crate::games::rithmomachy::square::{Bits, Square, squares};
use crate::games::rithmomachy::values::Shown;

/// Whether the piece on `a` sallies onto the enemy on `v`: `v` is the first
/// piece in line from `a`, x squares away (both ends counted), and worth x
/// times `a`.
pub fn sally(board: &Board, rules: &CaptureRules, a: Square, v: Square) -> bool {
    let d = direction_bit(a, v);
    d != 0
        && first_in_line(a, d.trailing_zeros() as usize, board.occupied())
            .is_some_and(|(w, k)| w == v && from(board, rules, a, v, k as u32 + 1))
}

/// Whether the piece on `a` sallies onto the one on `v` from `x` squares
/// away (both ends counted), the line between them clear.
#[inline]
pub fn from(board: &Board, rules: &CaptureRules, a: Square, v: Square, x: u32) -> bool {
    makes(board, rules, a, v, x)
}

/// The most squares a sally spans, both ends counted: a whole file.
pub const MAX_X: u32 = 16;

/// The values that take some piece of a side whole, as a set of bits: most
/// pieces have no enemy worth a multiple of theirs, and skip their lines.
pub struct ValueSet([u64; 8]);

impl ValueSet {
    /// The values that take the pieces on `pieces` whole.
    pub fn of(board: &Board, rules: &CaptureRules, pieces: Bits) -> ValueSet {
        let mut set = ValueSet([0; 8]);
        let mut add = |x: u32| {
            // Values past the set's end are kept as "any large value".
            let x = x.min(511) as usize;
            set.0[x / 64] |= 1 << (x % 64);
        };
        for s in squares(pieces) {
            match board.plain_value(s) {
                0 => Shown::whole(board.get(s).expect("a piece"), rules.values)
                    .values()
                    .for_each(&mut add),
                x => add(x as u32),
            }
        }
        set
    }

    /// Whether `x` may take one of them whole.
    #[inline]
    pub fn has(&self, x: u32) -> bool {
        let x = x.min(511) as usize;
        self.0[x / 64] & (1 << (x % 64)) != 0
    }

    /// Whether some multiple of `n` (2 to [`MAX_X`] times) may take one of them.
    #[inline]
    pub fn has_multiple_of(&self, n: u32) -> bool {
        (2..=MAX_X).any(|x| self.has(n * x))
    }
}
