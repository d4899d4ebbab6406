//! Mayor and Menor ("Najwyższa wygrywa" / "Najniższa wygrywa", 004 a and b):
//! everyone throws once; the highest (Mayor) or lowest (Menor) total wins.
//! One module, two games: they differ only in which end of the totals wins.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::round_game::{Progress, RoundGame};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::say;

const DICE_OPTION: OptionSpec = OptionSpec {
    name: "dice",
    doc: "dice each player throws (\"o ilości kości decydują gracze\")",
    kind: OptionKind::Int { min: 1, max: 6 },
    default: "3",
};

const OPTIONS: &[OptionSpec] = &[PLAYERS_OPTION, DICE_OPTION, ROUNDS_OPTION];

/// A game of Mayor (`HIGH = true`) or Menor (`HIGH = false`).
#[derive(Clone, Debug)]
pub struct Extreme<const HIGH: bool> {
    players: usize,
    dice: u32,
    progress: Progress,
}

/// Mayor (004 a): the highest throw wins.
pub type Mayor = Extreme<true>;
/// Menor (004 b): the lowest throw wins.
pub type Menor = Extreme<false>;

impl<const HIGH: bool> Extreme<HIGH> {
    /// Plays one round: every player throws; the best throw wins; players
    /// tied for best throw again among themselves until one is best.
    fn round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str) {
        let mut group = [0usize; MAX_SEATS];
        let mut n = self.players;
        for (i, g) in group.iter_mut().enumerate().take(n) {
            *g = i;
        }
        let mut playoff = false;
        loop {
            let mut best = if HIGH { 0 } else { u32::MAX };
            let mut totals = [0u32; MAX_SEATS];
            for i in 0..n {
                let t = dice.total(self.dice);
                self.progress.throws += 1;
                totals[i] = t;
                say!(log, "seat {} throws {}", group[i] + 1, t);
                best = if HIGH { best.max(t) } else { best.min(t) };
            }
            let mut kept = 0;
            for i in 0..n {
                if totals[i] == best {
                    group[kept] = group[i];
                    kept += 1;
                }
            }
            if kept == 1 {
                let reason = match (playoff, HIGH) {
                    (true, _) => "playoff",
                    (false, true) => "highest",
                    (false, false) => "lowest",
                };
                say!(
                    log,
                    "seat {} has the best throw, {}, and wins",
                    group[0] + 1,
                    best
                );
                return (group[0], reason);
            }
            say!(log, "{kept} players tie at {best}: they throw again");
            n = kept;
            playoff = true;
        }
    }
}

impl<const HIGH: bool> RoundGame for Extreme<HIGH> {
    const NAME: &'static str = if HIGH { "mayor" } else { "menor" };
    const TITLE: &'static str = if HIGH {
        "Mayor (Najwyższa wygrywa, 004 a)"
    } else {
        "Menor (Najniższa wygrywa, 004 b)"
    };

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn rules() -> &'static str {
        if HIGH {
            include_str!("mayor.md")
        } else {
            include_str!("menor.md")
        }
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        let players = options.int("players") as usize;
        Ok(Extreme {
            players,
            dice: options.int("dice") as u32,
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
