//! Mayor and Menor ("Najwyższa wygrywa" / "Najniższa wygrywa", 004 a and b):
//! everyone throws once; the highest (Mayor) or lowest (Menor) total wins.
//! One module, two games: they differ only in which end of the totals wins.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::core::seat::MAX_SEATS;
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::playoff::keep_tied;
use crate::games::dice::round_game::{Round, RoundEnd, RoundGame, Table};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::say;

const DICE_OPTION: OptionSpec = OptionSpec {
    name: "dice",
    doc: "dice each player throws (\"o ilości kości decydują gracze\")",
    kind: OptionKind::Int { min: 1, max: 6 },
    default: "3",
};

/// A round of Mayor (`HIGH = true`) or Menor (`HIGH = false`).
#[derive(Clone, Debug, Hash)]
pub struct Extreme<const HIGH: bool> {
    dice: u32,
}

/// Mayor (004 a): the highest throw wins.
pub type Mayor = RoundGame<Extreme<true>>;
/// Menor (004 b): the lowest throw wins.
pub type Menor = RoundGame<Extreme<false>>;

impl<const HIGH: bool> Round for Extreme<HIGH> {
    const NAME: &'static str = if HIGH { "mayor" } else { "menor" };
    const TITLE: &'static str = if HIGH {
        "Mayor (Najwyższa wygrywa, 004 a)"
    } else {
        "Menor (Najniższa wygrywa, 004 b)"
    };
    const OPTIONS: &'static [OptionSpec] = &[PLAYERS_OPTION, DICE_OPTION, ROUNDS_OPTION];
    const RULES: &'static str = if HIGH {
        include_str!("mayor.md")
    } else {
        include_str!("menor.md")
    };

    fn new(options: &Options) -> Result<Self, OptionError> {
        Ok(Extreme {
            dice: options.int("dice") as u32,
        })
    }

    /// Plays one round: every player throws; the best throw wins; players
    /// tied for best throw again among themselves until one is best.
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

impl<const HIGH: bool> Extreme<HIGH> {
    fn play_round_all<L: Log>(
        &mut self,
        table: &mut Table,
        dice: &mut Dice,
        log: &mut L,
    ) -> RoundEnd {
        let mut group = [0usize; MAX_SEATS];
        let mut n = table.players;
        for (i, g) in group.iter_mut().enumerate().take(n) {
            *g = i;
        }
        let mut playoff = false;
        loop {
            let mut best = if HIGH { 0 } else { u32::MAX };
            let mut totals = [0u32; MAX_SEATS];
            for i in 0..n {
                let t = dice.total(self.dice);
                table.throws += 1;
                totals[i] = t;
                say!(log, "seat {} throws {}", group[i] + 1, t);
                best = if HIGH { best.max(t) } else { best.min(t) };
            }
            let kept = keep_tied(&mut group, n, |i| totals[i] == best);
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
                return RoundEnd::Won(group[0], reason);
            }
            say!(log, "{kept} players tie at {best}: they throw again");
            n = kept;
            playoff = true;
        }
    }
}
