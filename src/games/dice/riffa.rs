//! Riffa (004 g): throw three dice until a pair shows, keep the pair and
//! throw the third die again; the highest total wins.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::playoff::keep_tied;
use crate::games::dice::round_game::{Round, RoundEnd, RoundGame, Table};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::games::dice::throw::{has_pair, show};
use crate::say;

/// A game of Riffa.
pub type Riffa = RoundGame<RiffaRound>;

/// A round of Riffa: it has no rules of its own to keep.
#[derive(Clone, Debug, Hash)]
pub struct RiffaRound;

impl RiffaRound {
    /// One player's score: three dice until two or three agree, then the
    /// pair kept and the odd die (any die of a triple) thrown again.
    fn score_of<L: Log>(seat: Seat, table: &mut Table, dice: &mut Dice, log: &mut L) -> u32 {
        loop {
            let t = dice.throw::<3>();
            table.throws += 1;
            if !has_pair(t) {
                say!(log, "seat {} throws {}: no pair", seat + 1, show(t));
                continue;
            }
            let pair = if t[0] == t[1] || t[0] == t[2] {
                t[0]
            } else {
                t[1]
            };
            let d = dice.die();
            table.throws += 1;
            let s = 2 * u32::from(pair) + u32::from(d);
            say!(
                log,
                "seat {} throws {}: keeps {}-{} and throws {}: {}",
                seat + 1,
                show(t),
                pair,
                pair,
                d,
                s
            );
            return s;
        }
    }
}

impl Round for RiffaRound {
    const NAME: &'static str = "riffa";
    const TITLE: &'static str = "Riffa (004 g)";
    const OPTIONS: &'static [OptionSpec] = &[PLAYERS_OPTION, ROUNDS_OPTION];
    const RULES: &'static str = include_str!("riffa.md");

    fn new(_options: &Options) -> Result<Self, OptionError> {
        Ok(RiffaRound)
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

impl RiffaRound {
    fn play_round_all<L: Log>(
        &mut self,
        table: &mut Table,
        dice: &mut Dice,
        log: &mut L,
    ) -> RoundEnd {
        let mut group: [Seat; MAX_SEATS] = std::array::from_fn(|i| i);
        let mut n = table.players;
        let mut playoff = false;
        loop {
            let mut totals = [0u32; MAX_SEATS];
            for i in 0..n {
                totals[i] = Self::score_of(group[i], table, dice, log);
            }
            let best = *totals[..n].iter().max().expect("players");
            let kept = keep_tied(&mut group, n, |i| totals[i] == best);
            if kept == 1 {
                say!(
                    log,
                    "seat {} has the highest, {}, and wins",
                    group[0] + 1,
                    best
                );
                return RoundEnd::Won(group[0], if playoff { "playoff" } else { "highest" });
            }
            say!(log, "{kept} players tie at {best}: they play again");
            n = kept;
            playoff = true;
        }
    }
}
