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

/// A round of Tanto en uno como en dos: the seats in play and the cycle
/// under way.
#[derive(Clone, Copy, Debug, Hash)]
pub struct TantoRound {
    /// Every other player gets a last throw, not only the rest of the cycle.
    last_all: bool,
    /// The seats in play, in playing order; the first `n` count.
    group: [Seat; MAX_SEATS],
    n: u8,
    /// The place in the group of the next to throw.
    next: u8,
    /// The place of the first to succeed in this cycle, once one has: the
    /// others then throw to tie.
    first: Option<u8>,
    /// Throws to tie made so far.
    tying: u8,
    /// Who has succeeded in this cycle.
    won: [bool; MAX_SEATS],
    /// Whether the round is a replay among tied seats.
    replay: bool,
}

impl TantoRound {
    /// One attempt: one die, then two; true if the two total the one.
    // Inlined into the round's step: as a call it cost a third of Tanto's
    // instructions (callgrind, 20,000 games).
    #[inline(always)]
    fn attempt<L: Log>(seat: Seat, table: &mut Table, dice: &mut Dice, log: &mut L) -> bool {
        // The die, then the two: the same draws as one throw of three.
        // Of the two only the total is read, so exact analysis lists 6
        // faces times 11 totals, not 216 ways (Tanto listed at 46 µs a
        // state before).
        let one = dice.die();
        let two = dice.throw_for_total::<2>();
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

    /// Where the next throw to tie is, if any is left: the rest of the
    /// cycle, or (with last_throw=all) those before the first too.
    fn next_tie(&self, f: usize) -> Option<usize> {
        let n = self.n as usize;
        let j = self.tying as usize + 1;
        if j >= n {
            return None;
        }
        if f + j < n {
            Some(f + j)
        } else if self.last_all {
            Some(f + j - n)
        } else {
            None
        }
    }

    /// The cycle and its throws to tie are over: one success wins, tied
    /// successes play on among themselves.
    fn settle<L: Log>(&mut self, log: &mut L) -> Option<RoundEnd> {
        let won = self.won;
        let kept = keep_tied(&mut self.group, self.n as usize, |i| won[i]);
        if kept == 1 {
            say!(log, "seat {} wins", self.group[0] + 1);
            let reason = if self.replay { "playoff" } else { "match" };
            return Some(RoundEnd::Won(self.group[0], reason));
        }
        say!(log, "{kept} players tie: they play on among themselves");
        self.n = kept as u8;
        self.next = 0;
        self.first = None;
        self.tying = 0;
        self.won = [false; MAX_SEATS];
        self.replay = true;
        None
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
    const ORDER_DICE: u32 = 1;
    const ROUNDS_DECIDE: bool = true;

    fn new(options: &Options) -> Result<Self, OptionError> {
        Ok(TantoRound::new_round(options.choice("last_throw") == "all"))
    }

    fn start(&mut self, table: &Table) {
        *self = TantoRound {
            group: std::array::from_fn(|i| table.order().seat(i)),
            n: table.players as u8,
            ..TantoRound::new_round(self.last_all)
        };
    }

    /// One attempt: cycles among the seats in play (in playing order)
    /// until one succeeds; then the others' last throws to tie.
    #[inline(always)]
    fn step(&mut self, table: &mut Table, dice: &mut Dice, log: &mut impl Log) -> Option<RoundEnd> {
        let Some(f) = self.first else {
            let i = self.next as usize;
            if Self::attempt(self.group[i], table, dice, log) {
                self.won[i] = true;
                self.first = Some(i as u8);
                return if self.next_tie(i).is_none() {
                    self.settle(log)
                } else {
                    None
                };
            }
            self.next = if i + 1 == self.n as usize {
                0
            } else {
                i as u8 + 1
            };
            return None;
        };
        let f = f as usize;
        let i = self.next_tie(f).expect("a throw to tie is due");
        say!(log, "seat {} throws to tie", self.group[i] + 1);
        self.won[i] = Self::attempt(self.group[i], table, dice, log);
        self.tying += 1;
        if self.next_tie(f).is_none() {
            return self.settle(log);
        }
        None
    }
}

impl TantoRound {
    /// A round's state before its first throw.
    fn new_round(last_all: bool) -> TantoRound {
        TantoRound {
            last_all,
            group: [0; MAX_SEATS],
            n: 0,
            next: 0,
            first: None,
            tying: 0,
            won: [false; MAX_SEATS],
            replay: false,
        }
    }
}
