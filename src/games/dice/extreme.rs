//! Mayor and Menor ("Najwyższa wygrywa" / "Najniższa wygrywa", 004 a and b):
//! everyone throws once; the highest (Mayor) or lowest (Menor) total wins.
//! One module, two games: they differ only in which end of the totals wins.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::playoff::Playoff;
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
#[derive(Clone, Copy, Debug, Hash)]
pub struct Extreme<const HIGH: bool> {
    dice: u32,
    pass: Playoff,
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
            pass: Playoff::default(),
        })
    }

    /// A round starts with every seat in play.
    fn start(&mut self, table: &Table) {
        self.pass = Playoff::new(table.players);
    }

    /// One throw of a round: every player throws; the best throw wins;
    /// players tied for best throw again among themselves until one is best.
    #[inline(always)]
    fn step(&mut self, table: &mut Table, dice: &mut Dice, log: &mut impl Log) -> Option<RoundEnd> {
        let seat = self.pass.seat();
        let t = dice.total(self.dice);
        table.throws += 1;
        say!(log, "seat {} throws {}", seat + 1, t);
        let rule = if HIGH { "highest" } else { "lowest" };
        self.pass.settle(t, HIGH, rule, log)
    }
}
