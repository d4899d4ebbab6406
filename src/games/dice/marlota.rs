//! Marlota (004 f): the first thrower hands out distinct totals 7-14, one
//! per player; the owner of the first of them to be thrown wins.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::seat::{MAX_SEATS, Seat};
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

/// A round of Marlota: it has no rules of its own to keep.
#[derive(Clone, Debug, Hash)]
pub struct MarlotaRound;

impl Round for MarlotaRound {
    const NAME: &'static str = "marlota";
    const TITLE: &'static str = "Marlota (004 f)";
    const OPTIONS: &'static [OptionSpec] =
        &[PLAYERS_OPTION, order_option("highest"), ROUNDS_OPTION];
    const RULES: &'static str = include_str!("marlota.md");

    fn new(_options: &Options) -> Result<Self, OptionError> {
        Ok(MarlotaRound)
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

impl MarlotaRound {
    fn play_round_all<L: Log>(
        &mut self,
        table: &mut Table,
        dice: &mut Dice,
        log: &mut L,
    ) -> RoundEnd {
        let order = table.opening_order(3, dice, log);
        let seats = order.as_slice();
        let first = seats[0];
        // The owner of each total 7-14.
        let mut owner = [NOBODY; 19];
        // Handed out from the last player in order back to the thrower.
        let mut next = seats.len();
        while next > 0 {
            let t = dice.throw::<3>();
            table.throws += 1;
            let s = total(t) as usize;
            if !(7..=14).contains(&s) {
                say!(
                    log,
                    "seat {} throws {}: not 7-14, again",
                    first + 1,
                    show(t)
                );
            } else if owner[s] != NOBODY {
                say!(
                    log,
                    "seat {} throws {}: already given, again",
                    first + 1,
                    show(t)
                );
            } else {
                next -= 1;
                owner[s] = seats[next] as u8;
                say!(
                    log,
                    "seat {} throws {}: {} is seat {}'s",
                    first + 1,
                    show(t),
                    s,
                    seats[next] + 1
                );
            }
        }
        // "Po przyporządkowaniu liczb rozpoczyna się właściwa kolejka."
        let mut at = [0usize; MAX_SEATS];
        at[..seats.len()].copy_from_slice(seats);
        let n = seats.len();
        let mut i = 0;
        loop {
            let thrower = at[i];
            let t = dice.throw::<3>();
            table.throws += 1;
            let s = total(t) as usize;
            let o = owner[s];
            if o != NOBODY {
                let o = o as Seat;
                say!(
                    log,
                    "seat {} throws {}: seat {}'s number, seat {} wins",
                    thrower + 1,
                    show(t),
                    o + 1,
                    o + 1
                );
                return RoundEnd::Won(
                    o,
                    if o == thrower {
                        "own-number"
                    } else {
                        "other-number"
                    },
                );
            }
            say!(log, "seat {} throws {}", thrower + 1, show(t));
            i = (i + 1) % n;
        }
    }
}
