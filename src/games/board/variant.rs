//! One game of a family: its names, options and rules page, and the rules
//! its options choose.

use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};

/// One game of a family: what the engine needs to know of it.
pub trait Variant: Send + Sync + 'static {
    /// The family's rules, which the options choose.
    type Rules;
    /// The registry name.
    const NAME: &'static str;
    /// The reader's name.
    const TITLE: &'static str;
    /// The sides, seat 1 first.
    const SIDES: &'static [&'static str];
    /// The options.
    const OPTIONS: &'static [OptionSpec];
    /// The rules page.
    const RULES_PAGE: &'static str;
    /// The game's `mcts` playout cap ([`crate::core::game::Game::PLAYOUT_CAP`]).
    const PLAYOUT_CAP: u32 = 200;
    /// The rules the options choose.
    fn rules(options: &Options) -> Result<Self::Rules, OptionError>;
    /// The options in force (presets resolved).
    fn in_force(options: &Options) -> Result<Options, OptionError> {
        Ok(options.clone())
    }
}
