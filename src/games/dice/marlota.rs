//! Marlota (004 f): the first thrower hands out distinct totals 7-14, one
//! per player; the owner of the first of them to be thrown wins.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::seat::Seat;
use crate::games::dice::order::order_option;
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::round_game::{Round, RoundEnd, RoundGame, Table};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::games::dice::throw::{show, total};
use crate::say;

/// No owner.
const NOBODY: u8 = u8::MAX;

/// A game of Marlota.
pub type Marlota = RoundGame<MarlotaRound>;

/// A round of Marlota: the numbers handed out, and whose throw it is.
#[derive(Clone, Copy, Debug, Hash)]
pub struct MarlotaRound {
    /// The owner of each total.
    owner: [u8; 19],
    /// Numbers still to hand out (from the last player in order back to
    /// the thrower); the play proper once none are.
    to_give: u8,
    /// The place in the order of play of the next thrower.
    next: u8,
}

impl Round for MarlotaRound {
    const NAME: &'static str = "marlota";
    const TITLE: &'static str = "Marlota (004 f)";
    const OPTIONS: &'static [OptionSpec] =
        &[PLAYERS_OPTION, order_option("highest"), ROUNDS_OPTION];
    const RULES: &'static str = include_str!("marlota.md");
    const ORDER_DICE: u32 = 3;
    const ROUNDS_DECIDE: bool = true;

    fn new(_options: &Options) -> Result<Self, OptionError> {
        Ok(MarlotaRound {
            owner: [NOBODY; 19],
            to_give: 0,
            next: 0,
        })
    }

    fn start(&mut self, table: &Table) {
        self.owner = [NOBODY; 19];
        self.to_give = table.players as u8;
        self.next = 0;
    }

    /// One throw: the first thrower's, handing out the numbers; then in
    /// the order of play, until a number's owner wins.
    #[inline(always)]
    fn step(&mut self, table: &mut Table, dice: &mut Dice, log: &mut impl Log) -> Option<RoundEnd> {
        if self.to_give > 0 {
            let first = table.order().seat(0);
            // Only totals are read: exact analysis lists 16, not 216 ways.
            let t = table.throw_for_total::<3>(dice);
            let s = total(t) as usize;
            if !(7..=14).contains(&s) {
                say!(
                    log,
                    "seat {} throws {}: not 7-14, again",
                    first + 1,
                    show(t)
                );
            } else if self.owner[s] != NOBODY {
                say!(
                    log,
                    "seat {} throws {}: already given, again",
                    first + 1,
                    show(t)
                );
            } else {
                self.to_give -= 1;
                let to = table.order().seat(self.to_give as usize);
                self.owner[s] = to as u8;
                say!(
                    log,
                    "seat {} throws {}: {} is seat {}'s",
                    first + 1,
                    show(t),
                    s,
                    to + 1
                );
            }
            return None;
        }
        // "Po przyporządkowaniu liczb rozpoczyna się właściwa kolejka."
        let thrower = table.next_thrower(&mut self.next);
        let t = table.throw_for_total::<3>(dice);
        let s = total(t) as usize;
        let o = self.owner[s];
        if o == NOBODY {
            say!(log, "seat {} throws {}", thrower + 1, show(t));
            return None;
        }
        let o = o as Seat;
        say!(
            log,
            "seat {} throws {}: seat {}'s number, seat {} wins",
            thrower + 1,
            show(t),
            o + 1,
            o + 1
        );
        Some(RoundEnd::Won(
            o,
            if o == thrower {
                "own-number"
            } else {
                "other-number"
            },
        ))
    }
}
