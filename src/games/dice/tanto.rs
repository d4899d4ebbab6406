//! Tanto en uno como en dos ("Ile na jednej, tyle na dwóch", 004 c): throw
//! one die, then two; if the two show as much as the one, you win.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::games::dice::order::{OrderMethod, opening_order, order_option};
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::round_game::{Progress, RoundGame};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::say;

const LAST_THROW_OPTION: OptionSpec = OptionSpec {
    name: "last_throw",
    doc: "after a success, who may still throw to tie: the rest of that cycle, or every other player",
    kind: OptionKind::Choice(&["cycle", "all"]),
    default: "cycle",
};

const OPTIONS: &[OptionSpec] = &[
    PLAYERS_OPTION,
    order_option("fixed"),
    LAST_THROW_OPTION,
    ROUNDS_OPTION,
];

/// A game of Tanto en uno como en dos.
#[derive(Clone, Debug)]
pub struct Tanto {
    players: usize,
    order: OrderMethod,
    /// Every other player gets a last throw, not only the rest of the cycle.
    last_all: bool,
    progress: Progress,
}

impl Tanto {
    /// One attempt: one die, then two; true if the two total the one.
    fn attempt<L: Log>(&mut self, seat: Seat, dice: &mut Dice, log: &mut L) -> bool {
        let one = dice.die();
        let two = dice.throw::<2>();
        self.progress.throws += 2;
        let hit = u32::from(two[0]) + u32::from(two[1]) == u32::from(one);
        say!(
            log,
            "seat {} throws {}, then {}-{}{}",
            seat + 1,
            one,
            two[0],
            two[1],
            if hit {
                ": as much on two as on one"
            } else {
                ""
            }
        );
        hit
    }

    /// Plays cycles among `group` (in playing order) until exactly one
    /// succeeds; tied successes play again among themselves.
    fn round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str) {
        let order = opening_order(
            self.order,
            self.players,
            1,
            dice,
            log,
            &mut self.progress.throws,
        );
        let mut group = order.seats;
        let mut n = self.players;
        let mut playoff = false;
        loop {
            let mut won = [false; MAX_SEATS];
            let mut first = None;
            for i in 0..n {
                if self.attempt(group[i], dice, log) {
                    won[i] = true;
                    first = Some(i);
                    break;
                }
            }
            let Some(f) = first else {
                continue;
            };
            // The others' last throws to tie: the rest of the cycle, or (with
            // last_throw=all) those before him too, in playing order.
            for j in 1..n {
                let i = if f + j < n {
                    f + j
                } else if self.last_all {
                    f + j - n
                } else {
                    break;
                };
                say!(log, "seat {} throws to tie", group[i] + 1);
                won[i] = self.attempt(group[i], dice, log);
            }
            let mut kept = 0;
            for i in 0..n {
                if won[i] {
                    group[kept] = group[i];
                    kept += 1;
                }
            }
            if kept == 1 {
                say!(log, "seat {} wins", group[0] + 1);
                return (group[0], if playoff { "playoff" } else { "match" });
            }
            say!(log, "{kept} players tie: they play on among themselves");
            n = kept;
            playoff = true;
        }
    }
}

impl RoundGame for Tanto {
    const NAME: &'static str = "tanto";
    const TITLE: &'static str = "Tanto en uno como en dos (Ile na jednej, tyle na dwóch, 004 c)";

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn rules() -> &'static str {
        include_str!("tanto.md")
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        let players = options.int("players") as usize;
        Ok(Tanto {
            players,
            order: OrderMethod::from_option(options.choice("order")),
            last_all: options.choice("last_throw") == "all",
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
        self.round(dice, log)
    }
}
