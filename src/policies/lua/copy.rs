//! The script's own copy of the game (`game:copy()`): the game, dice of
//! its own that it throws when it reaches a chance event, and the host
//! memory both hold, reserved from the script's limit.

use crate::core::native_policies::NativePolicies;
use std::rc::Rc;

use mlua::Lua;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::policies::lua::heap;
use crate::policies::lua::legal::Legal;
use crate::policies::lua::meter::{Held, Meter, cost};

/// The script's own copy of the game: the game, the dice it throws when it
/// reaches a chance event, and the host memory the two hold, reserved from
/// the script's limit.
pub struct Copied<G: Game + NativePolicies> {
    /// The game.
    pub game: G,
    /// Its own dice, from a stream of
    /// [`crate::policies::lua::decision::Decision::next_stream`].
    pub dice: Dice,
    /// What it holds of the script's memory.
    pub held: Held,
    /// The legal moves of its position, once listed (or shared by the
    /// copy it was made from); `None` until then and once it moves on.
    pub legal: Option<Rc<Legal<G>>>,
}

impl<G: Game + NativePolicies> Copied<G> {
    /// The legal moves of the copy's position: listed, charged and kept
    /// the first time they are asked for.
    pub fn legal(&mut self, lua: &Lua, meter: &Rc<Meter>) -> mlua::Result<Rc<Legal<G>>> {
        if let Some(l) = &self.legal {
            meter.charge(cost::PER_MOVE * l.moves.len() as u64)?;
            return Ok(l.clone());
        }
        let l = Legal::list(lua, meter, &self.game)?;
        self.legal = Some(l.clone());
        Ok(l)
    }

    /// Resolves chance with the copy's dice until a decision is due or the
    /// game is over, each throw charged.
    pub fn settle(&mut self, lua: &Lua, meter: &Meter) -> mlua::Result<()> {
        while self.game.turn() == Turn::Chance {
            self.legal = None;
            meter.charge(cost::CHANCE)?;
            let ((), grew) = heap::measure(|| self.game.chance(&mut self.dice, &mut Silent));
            self.held.grow(lua, grew)?;
        }
        Ok(())
    }
}
