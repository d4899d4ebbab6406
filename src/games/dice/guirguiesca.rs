//! Guirguiesca (004 l): two dice; 2, 3, 11 and 12 are hazards and lose; the
//! first other number goes to the opponent, the next different one to the
//! caster, and the first of the two to come again decides.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::seat::Seat;
use crate::games::dice::order::order_option;
use crate::games::dice::round_game::{Round, RoundEnd, RoundGame, Table};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::say;

/// A hazard of two dice: 6-6, 6-5, 2-1, 1-1, that is the totals 12, 11, 3, 2.
///
/// ```
/// use ludus::games::dice::guirguiesca::is_hazard2;
/// assert!(is_hazard2(2) && is_hazard2(3) && is_hazard2(11) && is_hazard2(12));
/// assert!(!is_hazard2(7));
/// ```
#[inline]
pub fn is_hazard2(total: u32) -> bool {
    matches!(total, 2 | 3 | 11 | 12)
}

/// A game of Guirguiesca.
pub type Guirguiesca = RoundGame<GuirguiescaRound>;

/// The rounds of Guirguiesca: who casts next.
#[derive(Clone, Debug, Hash)]
pub struct GuirguiescaRound {
    /// Who casts in the next round (set by the opening throws).
    caster: Option<Seat>,
}

impl GuirguiescaRound {
    fn throw<L: Log>(caster: Seat, table: &mut Table, dice: &mut Dice, log: &mut L) -> u32 {
        let t = dice.throw::<2>();
        table.throws += 1;
        let s = u32::from(t[0]) + u32::from(t[1]);
        say!(
            log,
            "seat {} casts {}-{}={}",
            caster + 1,
            t[0].max(t[1]),
            t[0].min(t[1]),
            s
        );
        s
    }

    /// One cast: returns the round's winner and how it ended.
    fn round<L: Log>(
        caster: Seat,
        table: &mut Table,
        dice: &mut Dice,
        log: &mut L,
    ) -> (Seat, &'static str) {
        let other = 1 - caster;
        let theirs = Self::throw(caster, table, dice, log);
        if is_hazard2(theirs) {
            say!(log, "a hazard: seat {} loses", caster + 1);
            return (other, "hazard");
        }
        say!(log, "{theirs} is seat {}'s number", other + 1);
        let mine = loop {
            let s = Self::throw(caster, table, dice, log);
            if is_hazard2(s) {
                say!(log, "a hazard: seat {} loses", caster + 1);
                return (other, "hazard");
            }
            if s != theirs {
                say!(log, "{s} is seat {}'s number", caster + 1);
                break s;
            }
            say!(
                log,
                "the opponent's number again, before his own: thrown again"
            );
        };
        loop {
            let s = Self::throw(caster, table, dice, log);
            if is_hazard2(s) {
                say!(log, "a hazard: seat {} loses", caster + 1);
                return (other, "hazard");
            }
            if s == mine {
                say!(log, "his own number: seat {} wins", caster + 1);
                return (caster, "own-number");
            }
            if s == theirs {
                say!(log, "the opponent's number: seat {} loses", caster + 1);
                return (other, "opponent-number");
            }
        }
    }
}

impl Round for GuirguiescaRound {
    const NAME: &'static str = "guirguiesca";
    const TITLE: &'static str = "Guirguiesca (004 l)";
    const OPTIONS: &'static [OptionSpec] = &[order_option("highest"), ROUNDS_OPTION];
    const RULES: &'static str = include_str!("guirguiesca.md");

    fn new(_options: &Options) -> Result<Self, OptionError> {
        Ok(GuirguiescaRound { caster: None })
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

impl GuirguiescaRound {
    fn play_round_all<L: Log>(
        &mut self,
        table: &mut Table,
        dice: &mut Dice,
        log: &mut L,
    ) -> RoundEnd {
        let caster = match self.caster {
            Some(c) => c,
            None => table.opening_order(2, dice, log).seats[0],
        };
        // "role graczy zamieniają się": the other casts next.
        self.caster = Some(1 - caster);
        Self::round(caster, table, dice, log).into()
    }
}
