//! Panquist (004 i): the thrower gives himself and his opponent a number
//! 7-14; the opponent stakes four; the first to throw his own number wins
//! stakes by the exact combination thrown.

use std::sync::LazyLock;

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::seat::Seat;
use crate::games::dice::order::order_option;
use crate::games::dice::round_game::{Begin, Round, RoundEnd, RoundGame, Table};
use crate::games::dice::throw::{Three, show, sorted, total};
use crate::say;

const OPTIONS: &[OptionSpec] = &[
    order_option("highest"),
    OptionSpec {
        name: "funds",
        doc: "each player's money at the start, in units (the text sets no amount)",
        kind: OptionKind::Int { min: 4, max: 1000 },
        default: "6",
    },
    OptionSpec {
        name: "unit",
        doc: "the value of one stake, in units",
        kind: OptionKind::Int { min: 1, max: 250 },
        default: "1",
    },
    OptionSpec {
        name: "staker",
        doc: "when the staker throws his own number first: stakes returned, or the thrower pays him by the table",
        kind: OptionKind::Choice(&["returned", "paid"]),
        default: "returned",
    },
];

/// 004 i's table, by exact combination (faces high to low) and the stakes it
/// takes; 4 is "Panquist", all four. One correction: the text's first entry
/// under 7, "5-5-1", totals 11; it is read as 5-1-1 (see the rules).
pub const TABLE: [([u8; 3], u8); 42] = [
    ([5, 1, 1], 2),
    ([4, 2, 1], 2),
    ([3, 2, 2], 3),
    ([3, 3, 1], 4),
    ([5, 2, 1], 1),
    ([4, 3, 1], 2),
    ([4, 2, 2], 3),
    ([6, 1, 1], 3),
    ([3, 3, 2], 4),
    ([6, 2, 1], 1),
    ([5, 3, 1], 1),
    ([4, 3, 2], 2),
    ([5, 2, 2], 3),
    ([3, 3, 3], 3),
    ([4, 4, 1], 4),
    ([5, 4, 1], 1),
    ([5, 3, 2], 1),
    ([6, 3, 1], 2),
    ([6, 2, 2], 3),
    ([4, 3, 3], 3),
    ([4, 4, 2], 4),
    ([6, 3, 2], 1),
    ([5, 4, 2], 1),
    ([6, 4, 1], 2),
    ([5, 5, 1], 3),
    ([4, 4, 3], 3),
    ([5, 3, 3], 4),
    ([6, 5, 1], 1),
    ([6, 4, 2], 1),
    ([5, 4, 3], 2),
    ([5, 5, 2], 3),
    ([4, 4, 4], 3),
    ([6, 3, 3], 4),
    ([6, 5, 2], 1),
    ([6, 4, 3], 2),
    ([6, 6, 1], 3),
    ([5, 5, 3], 3),
    ([5, 4, 4], 4),
    ([6, 5, 3], 2),
    ([6, 6, 2], 3),
    ([5, 5, 4], 3),
    ([6, 4, 4], 4),
];

/// Stakes won by a throw, by [`TABLE`]; 0 for a total outside 7-14.
///
/// ```
/// use ludus::games::dice::panquist::stakes;
/// assert_eq!(stakes([1, 3, 3]), 4); // 3-3-1: Panquist
/// assert_eq!(stakes([1, 1, 5]), 2); // 5-1-1
/// assert_eq!(stakes([6, 6, 6]), 0);
/// ```
pub fn stakes(t: Three) -> u8 {
    let s = sorted(t);
    TABLE.iter().find(|(c, _)| *c == s).map_or(0, |(_, n)| *n)
}

/// Stakes by the three faces, indexed (a-1)*36 + (b-1)*6 + (c-1): made
/// once, not held by every game (a game was copied with it, 216 bytes).
static BY_FACES: LazyLock<[u8; 216]> = LazyLock::new(|| {
    std::array::from_fn(|i| stakes([(i / 36) as u8 + 1, (i / 6 % 6) as u8 + 1, (i % 6) as u8 + 1]))
});

/// A game of Panquist.
pub type Panquist = RoundGame<PanquistRound>;

/// What Panquist keeps between rounds, the money and who throws, and
/// the round under way: the two numbers and whose throw it is.
#[derive(Clone, Copy, Debug, Hash)]
pub struct PanquistRound {
    funds: i64,
    unit: i64,
    paid: bool,
    money: [i64; 2],
    /// Who throws in this round (set by the opening throws for the first).
    thrower: Option<Seat>,
    /// The thrower's number, then the staker's (0 until thrown).
    mine: u8,
    theirs: u8,
    /// Who throws next in the play proper.
    who: u8,
}

impl PanquistRound {
    #[inline]
    fn stakes_of(&self, t: Three) -> i64 {
        i64::from(BY_FACES[(t[0] as usize - 1) * 36 + (t[1] as usize - 1) * 6 + t[2] as usize - 1])
    }

    /// A throw for a number, 7-14 and not `not`, for `whom`: the number,
    /// or 0 to throw again.
    fn number<L: Log>(t: Three, thrower: Seat, whom: Seat, not: u32, log: &mut L) -> u8 {
        let s = total(t);
        if (7..=14).contains(&s) && s != not {
            say!(
                log,
                "seat {} throws {}: {} is seat {}'s number",
                thrower + 1,
                show(t),
                s,
                whom + 1
            );
            return s as u8;
        }
        say!(log, "seat {} throws {}: again", thrower + 1, show(t));
        0
    }

    /// `who` threw `t`, his own number: the stakes change hands.
    fn settle<L: Log>(&mut self, thrower: Seat, who: Seat, t: Three, log: &mut L) {
        let staker = 1 - thrower;
        let k = self.stakes_of(t);
        if who == thrower {
            let won = k * self.unit;
            self.money[thrower] += won;
            self.money[staker] -= won;
            say!(
                log,
                "seat {} throws {}: his number, takes {} stakes ({})",
                who + 1,
                show(t),
                k,
                won
            );
        } else if self.paid {
            let owed = (k * self.unit).min(self.money[thrower]);
            self.money[thrower] -= owed;
            self.money[staker] += owed;
            say!(
                log,
                "seat {} throws {}: his number, is paid {}",
                who + 1,
                show(t),
                owed
            );
        } else {
            say!(
                log,
                "seat {} throws {}: his number, takes his stakes back",
                who + 1,
                show(t)
            );
        }
    }
}

impl Round for PanquistRound {
    const NAME: &'static str = "panquist";
    const TITLE: &'static str = "Panquist (004 i)";
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const RULES: &'static str = include_str!("panquist.md");

    fn new(options: &Options) -> Result<Self, OptionError> {
        let funds = options.int("funds");
        let unit = options.int("unit");
        if funds < 4 * unit {
            return Err(OptionError::Combination(format!(
                "funds={funds} cannot cover four stakes of unit={unit}: funds must be at least {}",
                4 * unit
            )));
        }
        Ok(PanquistRound {
            funds,
            unit,
            paid: options.choice("staker") == "paid",
            money: [funds; 2],
            thrower: None,
            mine: 0,
            theirs: 0,
            who: 0,
        })
    }

    fn begin<L: Log>(&mut self, _table: &Table, log: &mut L) -> Begin {
        let Some(thrower) = self.thrower else {
            return Begin::Order(3);
        };
        let staker = 1 - thrower;
        if self.money[staker] < 4 * self.unit {
            say!(
                log,
                "seat {} cannot cover four stakes and loses",
                staker + 1
            );
            return Begin::Over(Outcome::win(thrower, "ruin"));
        }
        Begin::Play
    }

    fn start(&mut self, table: &Table) {
        let thrower = *self.thrower.get_or_insert(table.order().seat(0));
        self.mine = 0;
        self.theirs = 0;
        self.who = thrower as u8;
    }

    /// One throw: the thrower's for his number, then for the staker's;
    /// then each in turn until one throws his own number.
    #[inline(always)]
    fn step(&mut self, table: &mut Table, dice: &mut Dice, log: &mut impl Log) -> Option<RoundEnd> {
        let thrower = self.thrower.expect("the round has a thrower");
        let staker = 1 - thrower;
        // The total and the sorted faces (the stakes table) are read, not
        // which die showed which: exact analysis lists 56 sets, not 216.
        let t = table.throw_set::<3>(dice);
        if self.mine == 0 {
            self.mine = Self::number(t, thrower, thrower, 0, log);
            return None;
        }
        if self.theirs == 0 {
            self.theirs = Self::number(t, thrower, staker, u32::from(self.mine), log);
            if self.theirs != 0 {
                say!(log, "seat {} stakes four of {}", staker + 1, self.unit);
            }
            return None;
        }
        let who = self.who as Seat;
        let own = if who == thrower {
            self.mine
        } else {
            self.theirs
        };
        if total(t) != u32::from(own) {
            say!(log, "seat {} throws {}", who + 1, show(t));
            self.who = 1 - self.who;
            return None;
        }
        self.settle(thrower, who, t, log);
        // "w następnej turze role graczy zmieniają się"
        self.thrower = Some(staker);
        self.mine = 0;
        self.theirs = 0;
        self.who = 0;
        Some(RoundEnd::Played)
    }

    fn payoff(&self, seat: Seat) -> i64 {
        self.money[seat] - self.funds
    }
}
