//! Tanto en uno como en dos ("Ile na jednej, tyle na dwóch", 004 c): throw
//! one die, then two; if the two show as much as the one, you win.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::games::dice::order::order_option;
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::playoff::keep_tied;
use crate::games::dice::round_game::{Round, RoundEnd, RoundGame, Table};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::say;

const LAST_THROW_OPTION: OptionSpec = OptionSpec {
    name: "last_throw",
    doc: "after a success, who may still throw to tie: the rest of that cycle, or every other player",
    kind: OptionKind::Choice(&["cycle", "all"]),
    default: "cycle",
};

/// A game of Tanto en uno como en dos.
pub type Tanto = RoundGame<TantoRound>;

/// A round of Tanto en uno como en dos.
#[derive(Clone, Debug, Hash)]
pub struct TantoRound {
    /// Every other player gets a last throw, not only the rest of the cycle.
    last_all: bool,
}

impl TantoRound {
    /// One attempt: one die, then two; true if the two total the one.
    fn attempt<L: Log>(seat: Seat, table: &mut Table, dice: &mut Dice, log: &mut L) -> bool {
        let one = dice.die();
        let two = dice.throw::<2>();
        table.throws += 2;
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
}

impl Round for TantoRound {
    const NAME: &'static str = "tanto";
    const TITLE: &'static str = "Tanto en uno como en dos (Ile na jednej, tyle na dwóch, 004 c)";
    const OPTIONS: &'static [OptionSpec] = &[
        PLAYERS_OPTION,
        order_option("fixed"),
        LAST_THROW_OPTION,
        ROUNDS_OPTION,
    ];
    const RULES: &'static str = include_str!("tanto.md");

    fn new(options: &Options) -> Result<Self, OptionError> {
        Ok(TantoRound {
            last_all: options.choice("last_throw") == "all",
        })
    }

    /// Plays cycles among `group` (in playing order) until exactly one
    /// succeeds; tied successes play again among themselves.
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

impl TantoRound {
    fn play_round_all<L: Log>(
        &mut self,
        table: &mut Table,
        dice: &mut Dice,
        log: &mut L,
    ) -> RoundEnd {
        let order = table.opening_order(1, dice, log);
        let mut group = order.seats;
        let mut n = table.players;
        let mut playoff = false;
        loop {
            let mut won = [false; MAX_SEATS];
            let mut first = None;
            for i in 0..n {
                if Self::attempt(group[i], table, dice, log) {
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
                won[i] = Self::attempt(group[i], table, dice, log);
            }
            let kept = keep_tied(&mut group, n, |i| won[i]);
            if kept == 1 {
                say!(log, "seat {} wins", group[0] + 1);
                return RoundEnd::Won(group[0], if playoff { "playoff" } else { "match" });
            }
            say!(log, "{kept} players tie: they play on among themselves");
            n = kept;
            playoff = true;
        }
    }
}
