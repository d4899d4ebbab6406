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

/// A round of Pair and Ace: it has no rules of its own to keep.
#[derive(Clone, Debug, Hash)]
pub struct PairAceRound;

impl Round for PairAceRound {
    const NAME: &'static str = "pair-ace";
    const TITLE: &'static str = "Pair and Ace (Para i As, 004 h)";
    const OPTIONS: &'static [OptionSpec] =
        &[PLAYERS_OPTION, order_option("highest"), ROUNDS_OPTION];
    const RULES: &'static str = include_str!("pair_ace.md");

    fn new(_options: &Options) -> Result<Self, OptionError> {
        Ok(PairAceRound)
    }

    fn start(&mut self, _table: &Table) {}

    fn step<L: Log>(
        &mut self,
        table: &mut Table,
        dice: &mut Dice,
        log: &mut L,
    ) -> Option<RoundEnd> {
        Some(self.play_round_all(table, dice, log))
    }
}

impl PairAceRound {
    fn play_round_all<L: Log>(
        &mut self,
        table: &mut Table,
        dice: &mut Dice,
        log: &mut L,
    ) -> RoundEnd {
        let order = table.opening_order(3, dice, log);
        loop {
            for &seat in order.as_slice() {
                let t = dice.throw::<3>();
                table.throws += 1;
                if is_triple(t) {
                    say!(log, "seat {} throws {}: a triple, wins", seat + 1, show(t));
                    return RoundEnd::Won(seat, "triple");
                }
                if has_pair(t) {
                    say!(log, "seat {} throws {}: a pair, wins", seat + 1, show(t));
                    return RoundEnd::Won(seat, "pair");
                }
                say!(log, "seat {} throws {}", seat + 1, show(t));
            }
        }
    }
}
