//! Triga ("Trójki", 004 d): a lone triple wins; else a lone throw in the
//! agreed group wins; else the cycle is thrown again.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::core::seat::Seat;
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::round_game::{Progress, RoundGame};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::games::dice::throw::{is_triple, show, total};
use crate::say;

const GROUP_OPTION: OptionSpec = OptionSpec {
    name: "group",
    doc: "the winning group agreed at the start: low (3-6), middle (7-14) or high (15-18)",
    kind: OptionKind::Choice(&["low", "middle", "high"]),
    default: "high",
};

const OPTIONS: &[OptionSpec] = &[PLAYERS_OPTION, GROUP_OPTION, ROUNDS_OPTION];

/// A game of Triga.
#[derive(Clone, Debug)]
pub struct Triga {
    players: usize,
    /// The agreed group, as inclusive totals.
    low: u32,
    high: u32,
    progress: Progress,
}

impl Triga {
    /// Plays one round; returns its winner and the ending.
    fn round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str) {
        loop {
            let (mut triples, mut triple_seat) = (0u32, 0);
            let (mut grouped, mut group_seat) = (0u32, 0);
            for seat in 0..self.players {
                let t = dice.throw::<3>();
                self.progress.throws += 1;
                let s = total(t);
                if is_triple(t) {
                    triples += 1;
                    triple_seat = seat;
                    say!(log, "seat {} throws {}: a triple", seat + 1, show(t));
                } else if (self.low..=self.high).contains(&s) {
                    grouped += 1;
                    group_seat = seat;
                    say!(log, "seat {} throws {}: in the group", seat + 1, show(t));
                } else {
                    say!(log, "seat {} throws {}", seat + 1, show(t));
                }
            }
            if triples == 1 {
                say!(
                    log,
                    "seat {} alone threw a triple and wins",
                    triple_seat + 1
                );
                return (triple_seat, "triple");
            }
            if triples == 0 && grouped == 1 {
                say!(
                    log,
                    "seat {} alone threw in the group and wins",
                    group_seat + 1
                );
                return (group_seat, "group");
            }
            say!(log, "no lone winner: the cycle is thrown again");
        }
    }
}

impl RoundGame for Triga {
    const NAME: &'static str = "triga";
    const TITLE: &'static str = "Triga (Trójki, 004 d)";

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn rules() -> &'static str {
        include_str!("triga.md")
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        let players = options.int("players") as usize;
        let (low, high) = match options.choice("group") {
            "low" => (3, 6),
            "middle" => (7, 14),
            "high" => (15, 18),
            other => return Err(OptionError::Combination(format!("unknown group `{other}`"))),
        };
        Ok(Triga {
            players,
            low,
            high,
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
