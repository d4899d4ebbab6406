//! Siege: the victim surrounded by the mover's pieces on all four sides
//! (seed 001: "on all 4 orthogonal or all four diagonal directions"; seed
//! 000: "surrounded on all four sides"). Whether the besiegers must be safe
//! (seed 002) is the scan's to say: it needs every other rule.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::lines::ring;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::rules::SiegeSides;
use crate::games::rithmomachy::square::Square;

/// Whether the mover's pieces close the piece on `v` in on `sides`; an
/// off-board neighbour counts as closing it only with `edge`.
#[inline]
pub fn sieged(board: &Board, mover: Side, v: Square, edge: bool, sides: SiegeSides) -> bool {
    let own = board.occupied_by(mover);
    let diagonal_too = sides == SiegeSides::OrthogonalOrDiagonal;
    [false, true][..1 + diagonal_too as usize]
        .iter()
        .any(|&diagonal| {
            let around = ring(v, diagonal) & board.squares();
            // Every neighbour on the board is the mover's; off the board counts
            // only with `edge`.
            around & !own == 0 && (edge || around.count_ones() == 4)
        })
}
