//! Marlota (004 f): the first thrower hands out distinct totals 7-14, one
//! per player; the owner of the first of them to be thrown wins.

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::seat::{MAX_SEATS, Seat};
use crate::games::dice::order::{OrderMethod, opening_order, order_option};
use crate::games::dice::pair_ace::NoMove;
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::rounds::{ROUNDS_OPTION, RoundScore};
use crate::games::dice::throw::{show, total};
use crate::say;

const OPTIONS: &[OptionSpec] = &[PLAYERS_OPTION, order_option("highest"), ROUNDS_OPTION];

/// No owner.
const NOBODY: u8 = u8::MAX;

/// A game of Marlota.
#[derive(Clone, Debug)]
pub struct Marlota {
    players: usize,
    order: OrderMethod,
    score: RoundScore,
    outcome: Option<Outcome>,
    throws: u32,
}

impl Marlota {
    fn round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str) {
        let order = opening_order(self.order, self.players, 3, dice, log, &mut self.throws);
        let seats = order.as_slice();
        let first = seats[0];
        // The owner of each total 7-14.
        let mut owner = [NOBODY; 19];
        // Handed out from the last player in order back to the thrower.
        let mut next = seats.len();
        while next > 0 {
            let t = dice.throw::<3>();
            self.throws += 1;
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
            self.throws += 1;
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
                return (
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

impl Game for Marlota {
    type Move = NoMove;
    const NAME: &'static str = "marlota";
    const TITLE: &'static str = "Marlota (004 f)";

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn rules() -> &'static str {
        include_str!("marlota.md")
    }

    fn new(options: &Options) -> Result<Self, String> {
        let players = options.int("players") as usize;
        Ok(Marlota {
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
            let (winner, reason) = self.round(dice, log);
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
