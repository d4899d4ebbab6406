//! Seed 002's sally: "a piece of value n which was x squares away from an
//! enemy piece of value (x * n) captured and replaced it", x counting both
//! end squares along a clear rank, file or diagonal.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::assault::makes;
use crate::games::rithmomachy::capture::rules::CaptureRules;
use crate::games::rithmomachy::lines::{direction_bit, first_in_line};
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::square::{Bits, DIRECTIONS, FILES, Square, squares};

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
#[inline(always)]
pub fn from(board: &Board, rules: &CaptureRules, a: Square, v: Square, x: u32) -> bool {
    makes(board, rules, a, v, x)
}

/// Every sally `side` has on `board`, as (sallying piece, victim), in order
/// of the sallying piece's square, then of direction (an index into
/// [`DIRECTIONS`]).
///
/// All of `side`'s pieces are walked outwards together, one step at a
/// time in each direction, as a front over the empty squares: the enemies
/// the front meets after `k` steps are the first pieces in line `k` steps
/// from the pieces it left, and only those pairs are worth comparing.
pub fn all(board: &Board, rules: &CaptureRules, side: Side, out: &mut Vec<(Square, Square)>) {
    out.extend(
        all_ways(board, rules, side)
            .into_iter()
            .map(|(a, _, v)| (a, v)),
    );
}

/// [`all`], each sally as (sallying piece, direction, victim).
pub fn all_ways(board: &Board, rules: &CaptureRules, side: Side) -> Vec<(Square, u8, Square)> {
    // Put in order at the end: there are seldom more than a few.
    let mut found = Vec::new();
    // One walk per direction, each with its step known to the compiler.
    walk::<0, 1>(board, rules, side, &mut found);
    walk::<1, 0>(board, rules, side, &mut found);
    walk::<0, -1>(board, rules, side, &mut found);
    walk::<-1, 0>(board, rules, side, &mut found);
    walk::<1, 1>(board, rules, side, &mut found);
    walk::<1, -1>(board, rules, side, &mut found);
    walk::<-1, -1>(board, rules, side, &mut found);
    walk::<-1, 1>(board, rules, side, &mut found);
    found.sort_unstable_by_key(|&(a, d, _)| (a, d));
    found
}

/// The sallies of [`all`] in the direction (`DF`, `DR`), into `found` as
/// (sallying piece, direction, victim).
#[inline(always)]
fn walk<const DF: i8, const DR: i8>(
    board: &Board,
    rules: &CaptureRules,
    side: Side,
    found: &mut Vec<(Square, u8, Square)>,
) {
    let d = DIRECTIONS
        .iter()
        .position(|&x| x == (DF, DR))
        .expect("one of the eight directions") as u8;
    let delta = (DR * FILES + DF) as i16;
    // A step across the board's side would come back on the other.
    let stays = match DF {
        1 => !FILE_A,
        -1 => !FILE_H,
        _ => !0,
    };
    let empty = board.squares() & !board.occupied();
    let enemy = board.occupied_by(side.other());
    let mut front = board.occupied_by(side);
    let mut k = 0;
    while front != 0 {
        k += 1;
        front = step(front, delta) & stays;
        for v in squares(front & enemy) {
            let a = Square((v.0 as i16 - k * delta) as u8);
            if from(board, rules, a, v, k as u32 + 1) {
                found.push((a, d, v));
            }
        }
        front &= empty;
    }
}

/// The squares of file a, and of file h.
const FILE_A: Bits = 0x0101_0101_0101_0101_0101_0101_0101_0101;
const FILE_H: Bits = FILE_A << 7;

/// `bits` moved by `delta` squares (at most one rank and one file).
#[inline(always)]
fn step(bits: Bits, delta: i16) -> Bits {
    if delta >= 0 {
        bits << delta as u32
    } else {
        bits >> (-delta) as u32
    }
}
