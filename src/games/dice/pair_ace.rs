//! Pair and Ace ("Para i As", 004 h): the first to throw a pair or a triple wins.

use std::fmt;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::games::dice::order::{OrderMethod, PlayOrder, opening_order, order_option};
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::rounds::{ROUNDS_OPTION, RoundScore};
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
    score: RoundScore,
    outcome: Option<Outcome>,
    throws: u32,
}

impl Game for PairAce {
    type Move = NoMove;
    const NAME: &'static str = "pair-ace";
    const TITLE: &'static str = "Pair and Ace (Para i As, 004 h)";

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn rules() -> &'static str {
        include_str!("pair_ace.md")
    }

    fn new(options: &Options) -> Result<Self, String> {
        let players = options.int("players") as usize;
        Ok(PairAce {
            players,
            order: OrderMethod::from_option(options.choice("order")),
            score: RoundScore::new(players, options.int("rounds")),
            outcome: None,
            throws: 0,
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn turn(&self) -> Turn {
        if self.outcome.is_some() {
            Turn::Over
        } else {
            Turn::Chance
        }
    }

    fn legal_moves(&self, out: &mut Vec<NoMove>) {
        out.clear();
    }

    fn play<L: Log>(&mut self, mv: NoMove, _log: &mut L) {
        match mv {}
    }

    fn chance<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        while self.outcome.is_none() {
            let order: PlayOrder =
                opening_order(self.order, self.players, 3, dice, log, &mut self.throws);
            let (winner, reason) = 'round: loop {
                for &seat in order.as_slice() {
                    let t = dice.throw::<3>();
                    self.throws += 1;
                    if is_triple(t) {
                        say!(log, "seat {} throws {}: a triple, wins", seat + 1, show(t));
                        break 'round (seat, "triple");
                    }
                    if has_pair(t) {
                        say!(log, "seat {} throws {}: a pair, wins", seat + 1, show(t));
                        break 'round (seat, "pair");
                    }
                    say!(log, "seat {} throws {}", seat + 1, show(t));
                }
            };
            self.outcome = self.score.record(winner, reason);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn length(&self) -> u32 {
        self.throws
    }
}
