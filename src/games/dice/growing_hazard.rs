//! Growing Hazard ("Rosnący Hazard", 004 k): every hazard adds a unit to the
//! pot; the thrower's opponent's number takes it.

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
        name: "unit",
        doc: "the base unit: the pot starts at one unit each turn and every hazard adds one",
        kind: OptionKind::Int {
            min: 1,
            max: 1_000_000,
        },
        default: "2",
    },
    OptionSpec {
        name: "cover",
        doc: "who covers a unit: halves (both half; unit must be even) or alternate (whole units in turn, the non-thrower first)",
        kind: OptionKind::Choice(&["halves", "alternate"]),
        default: "halves",
    },
    TURNS_OPTION,
];

/// A game of Growing Hazard.
#[derive(Clone, Debug)]
pub struct GrowingHazard {
    unit: i64,
    alternate: bool,
    table: Table,
    /// With alternate cover: whether the thrower covers the next unit.
    thrower_covers_next: bool,
}

impl GrowingHazard {
    /// Money in the pot.
    pub fn pot(&self) -> i64 {
        self.table.purse.pot
    }

    /// Each seat's money outside the pot.
    pub fn funds(&self) -> [i64; 2] {
        self.table.purse.funds
    }

    /// The seat throwing this turn.
    pub fn thrower(&self) -> Seat {
        self.table.thrower
    }

    /// This turn's numbers (zero before they are assigned).
    pub fn numbers(&self) -> Numbers {
        self.table.numbers
    }

    /// Adds one unit to the pot if whoever covers it can; returns whether it was added.
    fn add_unit(&mut self) -> bool {
        if self.alternate {
            let payer = if self.thrower_covers_next {
                self.table.thrower
            } else {
                1 - self.table.thrower
            };
            if !self.table.purse.covers(payer, self.unit) {
                return false;
            }
            self.table.purse.put(payer, self.unit);
            self.thrower_covers_next = !self.thrower_covers_next;
        } else {
            let half = self.unit / 2;
            if !(self.table.purse.covers(0, half) && self.table.purse.covers(1, half)) {
                return false;
            }
            self.table.purse.put(0, half);
            self.table.purse.put(1, half);
        }
        true
    }
}

// Who covers the next unit counts only in a turn (each turn starts anew).
impl Hash for GrowingHazard {
    fn hash<H: Hasher>(&self, h: &mut H) {
        (self.unit, self.alternate, &self.table).hash(h);
        if self.table.turn_started() {
            self.thrower_covers_next.hash(h);
        }
    }
}

impl BankingGame for GrowingHazard {
    const NAME: &'static str = "growing-hazard";
    const TITLE: &'static str = "Growing Hazard (Rosnący Hazard, 004 k)";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const RULES: &'static str = include_str!("growing_hazard.md");

    fn new(options: &Options) -> Result<Self, OptionError> {
        let unit = options.int("unit");
        let alternate = options.choice("cover") == "alternate";
        if !alternate && unit % 2 != 0 {
            return Err(OptionError::Combination(format!(
                "option `unit` must be even with cover=halves (both players cover half), not {unit}"
            )));
        }
        let funds = options.int("funds");
        let first_share = if alternate { unit } else { unit / 2 };
        if funds < first_share {
            return Err(OptionError::Combination(format!(
                "option `funds` ({funds}) must cover a share of the first unit ({first_share})"
            )));
        }
        Ok(GrowingHazard {
            unit,
            alternate,
            table: Table::new(
                OrderMethod::from_option(options.choice("order")),
                options.int("rounds") as u32,
                funds,
            ),
            thrower_covers_next: false,
        })
    }

    fn stop<L: Log>(&mut self, log: &mut L) {
        say!(
            log,
            "seat {} stops; the pot of {} stays",
            self.table.thrower + 1,
            self.table.purse.pot
        );
    }

    fn table_ref(&self) -> &Table {
        &self.table
    }

    /// A turn only adds to the pot, or takes it whole: how much it held
    /// does not change how the turn goes.
    fn pot_apart(&self) -> i64 {
        0
    }

    /// What a turn reads of the purses is how many shares of a unit each
    /// can still cover: whole halves, the fewer of the two (both pay each
    /// unit), or whole units each (they pay in turn). `None` where the
    /// turn's first unit cannot be covered.
    fn funds_apart(&self) -> Option<[i64; 2]> {
        let funds = self.table.purse.funds;
        let apart = if self.alternate {
            let units = |f: i64| f / self.unit * self.unit;
            [units(funds[0]), units(funds[1])]
        } else {
            let half = self.unit / 2;
            [funds[0].min(funds[1]) / half * half; 2]
        };
        let first_payer = if self.alternate {
            1 - self.table.thrower
        } else {
            0
        };
        let share = if self.alternate {
            self.unit
        } else {
            self.unit / 2
        };
        (apart[first_payer] >= share).then_some(apart)
    }

    const BANKS: bool = false;
}

impl Banking for GrowingHazard {
    fn table(&mut self) -> &mut Table {
        &mut self.table
    }

    /// Starts a round: the starting unit, or ruin. Returns false if the
    /// game ended.
    fn start_round<L: Log>(&mut self, log: &mut L) -> bool {
        self.thrower_covers_next = false;
        if !self.add_unit() {
            let odd_to = if self.alternate {
                self.table.thrower
            } else {
                let half = self.unit / 2;
                self.table
                    .short_of_halves(half)
                    .unwrap_or(self.table.thrower)
            };
            say!(log, "a player cannot cover his share of the unit");
            self.table.outcome = Some(self.table.purse.settle(odd_to, "ruin", log));
            return false;
        }
        say!(
            log,
            "turn {}: seat {} throws; a unit goes in, the pot is {}",
            self.table.turns + 1,
            self.table.thrower + 1,
            self.table.purse.pot
        );
        true
    }

    /// One throw of the betting phase.
    #[inline(always)]
    fn resolve<L: Log>(&mut self, t: Three, log: &mut L) -> After {
        let s = total(t);
        let p = self.table.thrower;
        if is_hazard(s) {
            self.table.hazards += 1;
            if self.add_unit() {
                say!(
                    log,
                    "seat {} throws {}: a hazard, a unit goes in, the pot is {}",
                    p + 1,
                    show(t),
                    self.table.purse.pot
                );
            } else {
                say!(
                    log,
                    "seat {} throws {}: a hazard, but the unit cannot be covered; the pot stays {}",
                    p + 1,
                    show(t),
                    self.table.purse.pot
                );
            }
            After::Continue
        } else if s == self.table.numbers.own {
            say!(
                log,
                "seat {} throws {}: his own number, nothing happens",
                p + 1,
                show(t)
            );
            After::Continue
        } else if s == self.table.numbers.opponent {
            self.table.opponents_number(t, log)
        } else {
            say!(
                log,
                "seat {} throws {}: nobody's number, he loses; the pot of {} stays",
                p + 1,
                show(t),
                self.table.purse.pot
            );
            After::TurnOver
        }
    }
}
