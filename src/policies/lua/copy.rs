//! The script's own copy of the game (`game:copy()`): the game, dice of
//! its own that it throws when it reaches a chance event, and the host
//! memory both hold, reserved from the script's limit.

use crate::core::native_policies::NativePolicies;
use mlua::Lua;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::policies::lua::heap;
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
}

impl<G: Game + NativePolicies> Copied<G> {
    /// Resolves chance with the copy's dice until a decision is due or the
    /// game is over, each throw charged.
    pub fn settle(&mut self, lua: &Lua, meter: &Meter) -> mlua::Result<()> {
        while self.game.turn() == Turn::Chance {
            meter.charge(cost::CHANCE)?;
            let ((), grew) = heap::measure(|| self.game.chance(&mut self.dice, &mut Silent));
            self.held.grow(lua, grew)?;
        }
        Ok(())
    }
}
