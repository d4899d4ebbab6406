//! The legal moves of a copy's position, listed once and shared: by the
//! copy, by the lists of moves the script holds (`copy:moves()`) and by
//! the copies made of it before it moves on. A search lists a node's
//! moves, then copies the node and plays one of them on each copy: the
//! move is checked against the list the copy shares instead of a new one
//! (which was a third of the cost of such a play).

use std::rc::Rc;

use mlua::Lua;

use crate::core::game::{Game, Turn};
use crate::core::native_policies::NativePolicies;
use crate::policies::lua::meter::{Held, Meter, cost};

/// A position's legal moves, and the host memory they hold, reserved from
/// the script's limit for as long as anything shares them.
pub struct Legal<G: Game + NativePolicies> {
    /// The moves, in the game's order.
    pub moves: Vec<G::Move>,
    _held: Held,
}

impl<G: Game + NativePolicies> Legal<G> {
    /// Lists the legal moves of `game` (none unless a decision is due),
    /// charged to `meter` and reserved from its memory.
    pub fn list(lua: &Lua, meter: &Rc<Meter>, game: &G) -> mlua::Result<Rc<Legal<G>>> {
        let mut moves = Vec::new();
        if matches!(game.turn(), Turn::Decide(_)) {
            game.legal_moves(&mut moves);
        }
        meter.charge(cost::LEGAL_MOVES + cost::PER_MOVE * moves.len() as u64)?;
        moves.shrink_to_fit();
        let bytes = std::mem::size_of::<Legal<G>>() + 16 + moves.capacity() * size_of::<G::Move>();
        let held = Held::new(lua, meter, bytes)?;
        Ok(Rc::new(Legal { moves, _held: held }))
    }
}
