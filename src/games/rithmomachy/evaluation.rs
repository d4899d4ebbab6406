//! How far ahead a side is, for the search policies: the measure
//! boardspace.net's robots use, the fraction of the enemy's pieces taken
//! plus half the fraction of their value.

use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::position::Position;

/// The fraction of the enemy's pieces `side` has taken plus half the
/// fraction of their value, from 0 to 1.5. The enemy's pieces are those it
/// still has (on the board and in hand) plus those taken, so a position
/// read from a file is measured as well as a game played from the start;
/// pyramid layers count one by one, as the victories count them.
pub fn gain(pos: &Position, side: Side) -> f64 {
    let enemy = side.other();
    let (mut pieces, mut value) = (0u32, 0u32);
    for (_, p) in pos.board().pieces().filter(|(_, p)| p.side == enemy) {
        pieces += p.layers().len() as u32;
        value += u32::from(p.total());
    }
    for l in pos.reserve(enemy).pieces() {
        pieces += 1;
        value += u32::from(l.value);
    }
    let taken = pos.captured(side);
    let fraction = |part: u32, rest: u32| {
        let whole = part + rest;
        if whole == 0 {
            0.0
        } else {
            f64::from(part) / f64::from(whole)
        }
    };
    fraction(taken.pieces, pieces) + 0.5 * fraction(taken.value, value)
}

/// `side`'s gain less the enemy's, scaled to -1..1 (1: every enemy piece
/// taken and none lost).
///
/// ```
/// use std::sync::Arc;
/// use ludus::games::rithmomachy::evaluation::balance;
/// use ludus::games::rithmomachy::piece::Side;
/// use ludus::games::rithmomachy::position::Position;
/// use ludus::games::rithmomachy::rules::Rules;
/// use ludus::games::rithmomachy::variant::Variant;
/// let rules = Rules::preset("boardspace").unwrap();
/// let start = Position::start(Arc::new(Variant::new(rules).unwrap()));
/// assert_eq!(balance(&start, Side::White), 0.0);
/// ```
pub fn balance(pos: &Position, side: Side) -> f64 {
    (gain(pos, side) - gain(pos, side.other())) / 1.5
}
