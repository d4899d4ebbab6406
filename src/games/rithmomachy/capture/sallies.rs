//! Every sally each side has, kept up to date move by move instead of
//! walked afresh before every move ([`sally::all`]).
//!
//! A sally joins two pieces first in line with each other; it turns only on
//! their values and on the squares between them being empty. After a move
//! the sallies that span a changed square (a piece moved, placed or
//! captured, a pyramid's layer taken) are dropped, and the pairs of pieces
//! first in line across or from each changed square are looked at: every
//! pair a change made runs through one.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::rules::CaptureRules;
use crate::games::rithmomachy::capture::sally;
use crate::games::rithmomachy::lines::{opposed_pairs, span, steps};
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::square::{Bits, Square, squares};

/// One sally: the sallying piece, the direction to its victim (an index
/// into [`DIRECTIONS`](crate::games::rithmomachy::square::DIRECTIONS)) and
/// the victim.
pub type Way = (Square, u8, Square);

/// Each side's sallies, in [`sally::all`]'s order.
#[derive(Clone, Debug, Default)]
pub struct Sallies {
    by: [Vec<Way>; 2],
}

impl Sallies {
    /// The sallies on `board`, found by walking it.
    pub fn new(board: &Board, rules: &CaptureRules) -> Sallies {
        Sallies {
            by: [Side::White, Side::Black].map(|side| sally::all_ways(board, rules, side)),
        }
    }

    /// `side`'s sallies, as [`sally::all_ways`] finds them.
    pub fn of(&self, side: Side) -> &[Way] {
        &self.by[side.index()]
    }

    /// Brings them up to date on `board`, which differs from the board they
    /// were last found on only on the squares `changed`.
    pub fn update(&mut self, board: &Board, rules: &CaptureRules, changed: Bits) {
        for ways in &mut self.by {
            ways.retain(|&(a, d, v)| span(a, d as usize, v) & changed == 0);
        }
        let (white, black) = (
            board.occupied_by(Side::White),
            board.occupied_by(Side::Black),
        );
        for c in squares(changed) {
            opposed_pairs(c, white, black, |pair| self.pair(board, rules, pair));
        }
        for ways in &mut self.by {
            ways.sort_unstable_by_key(|&(a, d, _)| (a, d));
        }
    }

    /// The sallies between `x` and `y`, of opposite sides and first in
    /// line with each other, `y` the first from `x` in direction `d`,
    /// either way.
    fn pair(&mut self, board: &Board, rules: &CaptureRules, (x, y, d): (Square, Square, usize)) {
        let (ox, oy) = (board.owner(x), board.owner(y));
        let squares_apart = steps(x, y) as u32 + 1;
        // The direction back from `y` to `x` is the opposite one.
        for (a, dir, v, owner) in [(x, d, y, ox), (y, d ^ 2, x, oy)] {
            if sally::from(board, rules, a, v, squares_apart) {
                let way = (a, dir as u8, v);
                let ways = &mut self.by[owner as usize - 1];
                if !ways.contains(&way) {
                    ways.push(way);
                }
            }
        }
    }
}
