//! Half Hazard ("Pół Hazard", 004 j): the thrower wins units for hazards and
//! the whole pot for his opponent's number, and chooses when to stop.

use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::core::seat::Seat;
use crate::games::dice::banking::{FUNDS_OPTION, Numbers, TURNS_OPTION};
use crate::games::dice::banking_game::BankingGame;
use crate::games::dice::banking_table::{After, Banking, Table};
use crate::games::dice::order::{OrderMethod, order_option};
use crate::games::dice::throw::Three;
use crate::games::dice::throw::{is_hazard, show, total};
use crate::say;
use std::hash::{Hash, Hasher};

pub use crate::games::dice::banking::Move;

const OPTIONS: &[OptionSpec] = &[
    order_option("highest"),
    FUNDS_OPTION,
    OptionSpec {
        name: "pot",
        doc: "the stake each round, covered by halves (must be even)",
        kind: OptionKind::Int {
            min: 2,
            max: 1_000_000,
        },
        default: "20",
    },
    OptionSpec {
        name: "unit",
        doc: "the base unit: a hazard wins 3 units, each further hazard of a run more",
        kind: OptionKind::Int {
            min: 1,
            max: 1_000_000,
        },
        default: "2",
    },
    TURNS_OPTION,
    OptionSpec {
        name: "hazard_pay",
        doc: "further hazards of a run: add-one (+1 unit each) or escalate (the k-th pays 3+(k-1) units)",
        kind: OptionKind::Choice(&["add-one", "escalate"]),
        default: "add-one",
    },
];

/// How further hazards of a run pay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum HazardPay {
    AddOne,
    Escalate,
}

/// A game of Half Hazard.
#[derive(Clone, Debug)]
pub struct HalfHazard {
    stake: i64,
    unit: i64,
    pay: HazardPay,
    table: Table,
    /// Won this turn, not yet taken from the pot.
    won: i64,
    /// Hazards in the current run (reset by his own number).
    run: u32,
}

impl HalfHazard {
    /// Money in the pot.
    pub fn pot(&self) -> i64 {
        self.table.purse.pot
    }

    /// Each seat's money outside the pot.
    pub fn funds(&self) -> [i64; 2] {
        self.table.purse.funds
    }

    /// What the thrower has won this turn and not yet taken.
    pub fn won(&self) -> i64 {
        self.won
    }

    /// The seat throwing this turn.
    pub fn thrower(&self) -> Seat {
        self.table.thrower
    }

    /// This turn's numbers (zero before they are assigned).
    pub fn numbers(&self) -> Numbers {
        self.table.numbers
    }
}

// The state as it plays on: what the thrower won and his run count only
// in a turn; and with `add-one` a run pays 3 units at its first hazard and
// 1 at every other, so only whether one is under way counts.
impl Hash for HalfHazard {
    fn hash<H: Hasher>(&self, h: &mut H) {
        (self.stake, self.unit, self.pay, &self.table).hash(h);
        if self.table.turn_started() {
            let run = match self.pay {
                HazardPay::AddOne => self.run.min(1),
                HazardPay::Escalate => self.run,
            };
            (self.won, run).hash(h);
        }
    }
}

impl BankingGame for HalfHazard {
    const NAME: &'static str = "half-hazard";
    const TITLE: &'static str = "Half Hazard (Pół Hazard, 004 j)";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const RULES: &'static str = include_str!("half_hazard.md");

    fn new(options: &Options) -> Result<Self, OptionError> {
        let stake = options.int("pot");
        if stake % 2 != 0 {
            return Err(OptionError::Combination(format!(
                "option `pot` must be even (both players cover half), not {stake}"
            )));
        }
        let funds = options.int("funds");
        if funds < stake / 2 {
            return Err(OptionError::Combination(format!(
                "option `funds` ({funds}) must cover half the pot ({})",
                stake / 2
            )));
        }
        Ok(HalfHazard {
            stake,
            unit: options.int("unit"),
            pay: match options.choice("hazard_pay") {
                "escalate" => HazardPay::Escalate,
                _ => HazardPay::AddOne,
            },
            table: Table::new(
                OrderMethod::from_option(options.choice("order")),
                options.int("rounds") as u32,
                funds,
            ),
            won: 0,
            run: 0,
        })
    }

    fn stop<L: Log>(&mut self, log: &mut L) {
        say!(
            log,
            "seat {} stops and takes {} from the pot",
            self.table.thrower + 1,
            self.won
        );
        self.table.purse.take(self.table.thrower, self.won);
        self.won = 0;
    }

    fn table_ref(&self) -> &Table {
        &self.table
    }

    /// Each covers his half of the stake, which is all a turn reads of
    /// the purses.
    fn funds_apart(&self) -> Option<[i64; 2]> {
        let half = self.stake / 2;
        match self.table.short_of_halves(half) {
            Some(_) => None,
            None => Some([half; 2]),
        }
    }

    fn banked(&self) -> i64 {
        self.won
    }

    const BANKS: bool = true;
}

impl Banking for HalfHazard {
    fn table(&mut self) -> &mut Table {
        &mut self.table
    }

    /// Starts a round: the ante, or ruin. Returns false if the game ended.
    fn start_round<L: Log>(&mut self, log: &mut L) -> bool {
        let half = self.stake / 2;
        if let Some(odd_to) = self.table.short_of_halves(half) {
            say!(log, "a player cannot cover his half of the pot ({})", half);
            self.table.outcome = Some(self.table.purse.settle(odd_to, "ruin", log));
            return false;
        }
        self.table.purse.put(0, half);
        self.table.purse.put(1, half);
        say!(
            log,
            "turn {}: seat {} throws; both put {} in, the pot is {}",
            self.table.turns + 1,
            self.table.thrower + 1,
            half,
            self.table.purse.pot
        );
        self.won = 0;
        self.run = 0;
        true
    }

    /// One throw of the betting phase.
    #[inline(always)]
    fn resolve<L: Log>(&mut self, t: Three, log: &mut L) -> After {
        let s = total(t);
        let p = self.table.thrower;
        if is_hazard(s) {
            self.table.hazards += 1;
            self.run += 1;
            let units = match (self.pay, self.run) {
                (_, 1) => 3,
                (HazardPay::AddOne, _) => 1,
                (HazardPay::Escalate, k) => 2 + i64::from(k),
            };
            self.won = (self.won + units * self.unit).min(self.table.purse.pot);
            if self.won >= self.table.purse.pot {
                say!(
                    log,
                    "seat {} throws {}: hazard {} of the run, the pot is exhausted: he takes all {}",
                    p + 1,
                    show(t),
                    self.run,
                    self.table.purse.pot
                );
                self.table.purse.take(p, self.table.purse.pot);
                return After::TurnOver;
            }
            say!(
                log,
                "seat {} throws {}: hazard {} of the run, wins {} unit{} ({} this turn)",
                p + 1,
                show(t),
                self.run,
                units,
                if units == 1 { "" } else { "s" },
                self.won
            );
            After::Continue
        } else if s == self.table.numbers.own {
            self.run = 0;
            say!(
                log,
                "seat {} throws {}: his own number, hazards count anew",
                p + 1,
                show(t)
            );
            After::Continue
        } else if s == self.table.numbers.opponent {
            self.table.opponents_number(t, log)
        } else {
            say!(
                log,
                "seat {} throws {}: nobody's number, he loses the {} he won",
                p + 1,
                show(t),
                self.won
            );
            self.won = 0;
            After::TurnOver
        }
    }
}
