//! Riffa (004 g): throw three dice until a pair shows, keep the pair and
//! throw the third die again; the highest total wins.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::playoff::Playoff;
use crate::games::dice::round_game::{Round, RoundEnd, RoundGame, Table};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::games::dice::throw::{has_pair, show};
use crate::say;

/// A game of Riffa.
pub type Riffa = RoundGame<RiffaRound>;

/// A round of Riffa: the scores of the seats in play.
#[derive(Clone, Copy, Debug, Default, Hash)]
pub struct RiffaRound {
    pass: Playoff,
}

impl Round for RiffaRound {
    const NAME: &'static str = "riffa";
    const TITLE: &'static str = "Riffa (004 g)";
    const OPTIONS: &'static [OptionSpec] = &[PLAYERS_OPTION, ROUNDS_OPTION];
    const RULES: &'static str = include_str!("riffa.md");
    const ROUNDS_DECIDE: bool = true;

    fn new(_options: &Options) -> Result<Self, OptionError> {
        Ok(RiffaRound::default())
    }

    fn start(&mut self, table: &Table) {
        self.pass = Playoff::new(table.players);
    }

    /// One throw of three dice: until two or three agree, then the pair
    /// kept and the odd die (any die of a triple) thrown again, the two
    /// throws one step, for the player's score; the highest wins, ties
    /// play again among themselves.
    #[inline(always)]
    fn step(&mut self, table: &mut Table, dice: &mut Dice, log: &mut impl Log) -> Option<RoundEnd> {
        let seat = self.pass.seat();
        // The pair is the same whichever dice show it: exact analysis
        // lists the 56 sets of faces, not the 216 orders.
        let t = table.throw_set::<3>(dice);
        if !has_pair(t) {
            say!(log, "seat {} throws {}: no pair", seat + 1, show(t));
            return None;
        }
        let pair = if t[0] == t[1] || t[0] == t[2] {
            t[0]
        } else {
            t[1]
        };
        let d = dice.die();
        table.throws += 1;
        let score = 2 * u32::from(pair) + u32::from(d);
        say!(
            log,
            "seat {} throws {}: keeps {}-{} and throws {}: {}",
            seat + 1,
            show(t),
            pair,
            pair,
            d,
            score
        );
        self.pass.settle(score, true, "highest", log)
    }
}
