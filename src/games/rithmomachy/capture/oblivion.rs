//! Seed 003's capture by oblivion: the enemy can make no normal move, the
//! first man on the way of each being the mover's.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::lines::steps;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::reach::Reach;
use crate::games::rithmomachy::square::{Square, squares};

/// Whether the enemy on `v` can make no normal move, the first man on the
/// way of each being the mover's (any man's with `own_men`); a way that
/// leaves the board counts as blocked only with `edge`. "To capture a round
/// piece that is on A by Oblivion, you must place men on B, C, D, and E."
pub fn oblivion(
    board: &Board,
    reach: &Reach,
    mover: Side,
    v: Square,
    own_men: bool,
    edge: bool,
) -> bool {
    let occ = board.occupied();
    let blockers = if own_men {
        occ
    } else {
        board.occupied_by(mover)
    };
    let shapes = board.shapes_at(v);
    (0..3).filter(|sh| shapes & (1 << sh) != 0).all(|sh| {
        let ways = reach.vectors(sh).iter().filter(|w| !w.flying()).count();
        let free = reach.free(sh, v);
        let ways_out = reach.blockable_normal(sh, v);
        if !edge && free.count_ones() as usize + ways_out.len() < ways {
            return false;
        }
        free & !blockers == 0
            && ways_out.iter().all(|st| {
                // The nearest man on the way, the target included.
                let on_way = (st.path | st.square.bit()) & occ;
                squares(on_way)
                    .min_by_key(|&s| steps(v, s))
                    .is_some_and(|s| blockers & s.bit() != 0)
            })
    })
}
