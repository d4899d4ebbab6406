//! Triga ("Trójki", 004 d): a lone triple wins; else a lone throw in the
//! agreed group wins; else the cycle is thrown again.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::round_game::{Round, RoundEnd, RoundGame, Table};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::games::dice::throw::{is_triple, show, total};
use crate::say;

const GROUP_OPTION: OptionSpec = OptionSpec {
    name: "group",
    doc: "the winning group agreed at the start: low (3-6), middle (7-14) or high (15-18)",
    kind: OptionKind::Choice(&["low", "middle", "high"]),
    default: "high",
};

/// A game of Triga.
pub type Triga = RoundGame<TrigaRound>;

/// A round of Triga.
#[derive(Clone, Debug, Hash)]
pub struct TrigaRound {
    /// The agreed group, as inclusive totals.
    low: u32,
    high: u32,
}

impl Round for TrigaRound {
    const NAME: &'static str = "triga";
    const TITLE: &'static str = "Triga (Trójki, 004 d)";
    const OPTIONS: &'static [OptionSpec] = &[PLAYERS_OPTION, GROUP_OPTION, ROUNDS_OPTION];
    const RULES: &'static str = include_str!("triga.md");

    fn new(options: &Options) -> Result<Self, OptionError> {
        let (low, high) = match options.choice("group") {
            "low" => (3, 6),
            "middle" => (7, 14),
            "high" => (15, 18),
            other => return Err(OptionError::Combination(format!("unknown group `{other}`"))),
        };
        Ok(TrigaRound { low, high })
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

impl TrigaRound {
    fn play_round_all<L: Log>(
        &mut self,
        table: &mut Table,
        dice: &mut Dice,
        log: &mut L,
    ) -> RoundEnd {
        loop {
            let (mut triples, mut triple_seat) = (0u32, 0);
            let (mut grouped, mut group_seat) = (0u32, 0);
            for seat in 0..table.players {
                let t = dice.throw::<3>();
                table.throws += 1;
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
                return RoundEnd::Won(triple_seat, "triple");
            }
            if triples == 0 && grouped == 1 {
                say!(
                    log,
                    "seat {} alone threw in the group and wins",
                    group_seat + 1
                );
                return RoundEnd::Won(group_seat, "group");
            }
            say!(log, "no lone winner: the cycle is thrown again");
        }
    }
}
