//! Riffa (004 g): throw three dice until a pair shows, keep the pair and
//! throw the third die again; the highest total wins.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::round_game::{Progress, RoundGame};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::games::dice::throw::{has_pair, show};
use crate::say;

const OPTIONS: &[OptionSpec] = &[PLAYERS_OPTION, ROUNDS_OPTION];

/// A game of Riffa.
#[derive(Clone, Debug)]
pub struct Riffa {
    players: usize,
    progress: Progress,
}

impl Riffa {
    /// One player's score: three dice until two or three agree, then the
    /// pair kept and the odd die (any die of a triple) thrown again.
    fn score_of<L: Log>(&mut self, seat: Seat, dice: &mut Dice, log: &mut L) -> u32 {
        loop {
            let t = dice.throw::<3>();
            self.progress.throws += 1;
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
            self.progress.throws += 1;
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

    fn round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str) {
        let mut group: [Seat; MAX_SEATS] = std::array::from_fn(|i| i);
        let mut n = self.players;
        let mut playoff = false;
        loop {
            let mut totals = [0u32; MAX_SEATS];
            for i in 0..n {
                totals[i] = self.score_of(group[i], dice, log);
            }
            let best = *totals[..n].iter().max().expect("players");
            let mut kept = 0;
            for i in 0..n {
                if totals[i] == best {
                    group[kept] = group[i];
                    kept += 1;
                }
            }
            if kept == 1 {
                say!(
                    log,
                    "seat {} has the highest, {}, and wins",
                    group[0] + 1,
                    best
                );
                return (group[0], if playoff { "playoff" } else { "highest" });
            }
            say!(log, "{kept} players tie at {best}: they play again");
            n = kept;
            playoff = true;
        }
    }
}

impl RoundGame for Riffa {
    const NAME: &'static str = "riffa";
    const TITLE: &'static str = "Riffa (004 g)";

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn rules() -> &'static str {
        include_str!("riffa.md")
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        let players = options.int("players") as usize;
        Ok(Riffa {
            players,
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
