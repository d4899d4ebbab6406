//! Triga ("Trójki", 004 d): a lone triple wins; else a lone throw in the
//! agreed group wins; else the cycle is thrown again.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::core::seat::Seat;
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

/// A round of Triga: the agreed group and the cycle under way.
#[derive(Clone, Copy, Debug, Hash)]
pub struct TrigaRound {
    /// The agreed group, as inclusive totals.
    low: u32,
    high: u32,
    /// The next seat to throw in this cycle.
    next: u8,
    /// Triples thrown in this cycle, and the last seat to throw one.
    triples: u8,
    triple_seat: u8,
    /// Throws in the group in this cycle, and the last seat to throw one.
    grouped: u8,
    group_seat: u8,
}

impl Round for TrigaRound {
    const NAME: &'static str = "triga";
    const TITLE: &'static str = "Triga (Trójki, 004 d)";
    const OPTIONS: &'static [OptionSpec] = &[PLAYERS_OPTION, GROUP_OPTION, ROUNDS_OPTION];
    const RULES: &'static str = include_str!("triga.md");
    const ROUNDS_DECIDE: bool = true;

    fn new(options: &Options) -> Result<Self, OptionError> {
        let (low, high) = match options.choice("group") {
            "low" => (3, 6),
            "middle" => (7, 14),
            "high" => (15, 18),
            other => return Err(OptionError::Combination(format!("unknown group `{other}`"))),
        };
        Ok(TrigaRound {
            low,
            high,
            next: 0,
            triples: 0,
            triple_seat: 0,
            grouped: 0,
            group_seat: 0,
        })
    }

    fn start(&mut self, _table: &Table) {
        self.new_cycle();
    }

    /// One throw of a cycle, every seat once in seat order; a lone triple,
    /// or failing any triple a lone throw in the group, wins; otherwise
    /// the cycle is thrown again.
    #[inline(always)]
    fn step(&mut self, table: &mut Table, dice: &mut Dice, log: &mut impl Log) -> Option<RoundEnd> {
        let seat = self.next as Seat;
        // A triple and the total are the same whichever dice show them:
        // exact analysis lists the 56 sets of faces, not the 216 orders.
        let t = table.throw_set::<3>(dice);
        let s = total(t);
        if is_triple(t) {
            self.triples += 1;
            self.triple_seat = seat as u8;
            say!(log, "seat {} throws {}: a triple", seat + 1, show(t));
        } else if (self.low..=self.high).contains(&s) {
            self.grouped += 1;
            self.group_seat = seat as u8;
            say!(log, "seat {} throws {}: in the group", seat + 1, show(t));
        } else {
            say!(log, "seat {} throws {}", seat + 1, show(t));
        }
        self.next += 1;
        if usize::from(self.next) < table.players {
            return None;
        }
        let (triples, grouped) = (self.triples, self.grouped);
        let (triple_seat, group_seat) = (self.triple_seat as Seat, self.group_seat as Seat);
        self.new_cycle();
        if triples == 1 {
            say!(
                log,
                "seat {} alone threw a triple and wins",
                triple_seat + 1
            );
            return Some(RoundEnd::Won(triple_seat, "triple"));
        }
        if triples == 0 && grouped == 1 {
            say!(
                log,
                "seat {} alone threw in the group and wins",
                group_seat + 1
            );
            return Some(RoundEnd::Won(group_seat, "group"));
        }
        say!(log, "no lone winner: the cycle is thrown again");
        None
    }
}

impl TrigaRound {
    /// Clears the cycle's counts.
    fn new_cycle(&mut self) {
        self.next = 0;
        self.triples = 0;
        self.triple_seat = 0;
        self.grouped = 0;
        self.group_seat = 0;
    }
}
