//! Pair and Ace ("Para i As", 004 h): the first to throw a pair or a triple wins.

use crate::core::option_error::OptionError;
use std::fmt;

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::options::{OptionSpec, Options};
use crate::core::seat::Seat;
use crate::games::dice::order::{OrderMethod, PlayOrder, opening_order, order_option};
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::round_game::{Progress, RoundGame};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::games::dice::throw::{has_pair, is_triple, show};
use crate::say;

const OPTIONS: &[OptionSpec] = &[PLAYERS_OPTION, order_option("highest"), ROUNDS_OPTION];

/// Pair and Ace has no decisions; this type has no values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMove {}

impl fmt::Display for NoMove {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// A game of Pair and Ace.
#[derive(Clone, Debug)]
pub struct PairAce {
    players: usize,
    order: OrderMethod,
    progress: Progress,
}

impl RoundGame for PairAce {
    const NAME: &'static str = "pair-ace";
    const TITLE: &'static str = "Pair and Ace (Para i As, 004 h)";

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn rules() -> &'static str {
        include_str!("pair_ace.md")
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        let players = options.int("players") as usize;
        Ok(PairAce {
            players,
            order: OrderMethod::from_option(options.choice("order")),
            progress: Progress::new(players, options.int("rounds")),
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn progress(&self) -> &Progress {
        &self.progress
    }

    fn progress_mut(&mut self) -> &mut Progress {
        &mut self.progress
    }

    fn play_round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str) {
        let order: PlayOrder = opening_order(
            self.order,
            self.players,
            3,
            dice,
            log,
            &mut self.progress.throws,
        );
        loop {
            for &seat in order.as_slice() {
                let t = dice.throw::<3>();
                self.progress.throws += 1;
                if is_triple(t) {
                    say!(log, "seat {} throws {}: a triple, wins", seat + 1, show(t));
                    return (seat, "triple");
                }
                if has_pair(t) {
                    say!(log, "seat {} throws {}: a pair, wins", seat + 1, show(t));
                    return (seat, "pair");
                }
                say!(log, "seat {} throws {}", seat + 1, show(t));
            }
        }
    }
}
