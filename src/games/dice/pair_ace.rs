//! Pair and Ace ("Para i As", 004 h): the first to throw a pair or a triple wins.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::games::dice::order::order_option;
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::round_game::{Round, RoundEnd, RoundGame, Table};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::games::dice::throw::{has_pair, is_triple, show};
use crate::say;

/// A game of Pair and Ace.
pub type PairAce = RoundGame<PairAceRound>;

/// A round of Pair and Ace: whose throw it is.
#[derive(Clone, Copy, Debug, Default, Hash)]
pub struct PairAceRound {
    /// The place in the order of play of the next thrower.
    next: u8,
}

impl Round for PairAceRound {
    const NAME: &'static str = "pair-ace";
    const TITLE: &'static str = "Pair and Ace (Para i As, 004 h)";
    const OPTIONS: &'static [OptionSpec] =
        &[PLAYERS_OPTION, order_option("highest"), ROUNDS_OPTION];
    const RULES: &'static str = include_str!("pair_ace.md");
    const ORDER_DICE: u32 = 3;
    const ROUNDS_DECIDE: bool = true;

    fn new(_options: &Options) -> Result<Self, OptionError> {
        Ok(PairAceRound::default())
    }

    fn start(&mut self, _table: &Table) {
        self.next = 0;
    }

    /// One throw, in the order of play: the first pair or triple wins.
    #[inline(always)]
    fn step(&mut self, table: &mut Table, dice: &mut Dice, log: &mut impl Log) -> Option<RoundEnd> {
        let seat = table.next_thrower(&mut self.next);
        // A pair or triple is the same whichever dice show it: exact
        // analysis lists the 56 sets of faces, not the 216 orders.
        let t = table.throw_set::<3>(dice);
        if is_triple(t) {
            say!(log, "seat {} throws {}: a triple, wins", seat + 1, show(t));
            return Some(RoundEnd::Won(seat, "triple"));
        }
        if has_pair(t) {
            say!(log, "seat {} throws {}: a pair, wins", seat + 1, show(t));
            return Some(RoundEnd::Won(seat, "pair"));
        }
        say!(log, "seat {} throws {}", seat + 1, show(t));
        None
    }
}
