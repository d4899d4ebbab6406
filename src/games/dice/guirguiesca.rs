//! Guirguiesca (004 l): two dice; 2, 3, 11 and 12 are hazards and lose; the
//! first other number goes to the opponent, the next different one to the
//! caster, and the first of the two to come again decides.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::seat::Seat;
use crate::games::dice::order::order_option;
use crate::games::dice::round_game::{Begin, Round, RoundEnd, RoundGame, Table};
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

/// The rounds of Guirguiesca: who casts, and the numbers of the cast.
#[derive(Clone, Copy, Debug, Default, Hash)]
pub struct GuirguiescaRound {
    /// Who casts in this round (set by the opening throws for the first).
    caster: Option<Seat>,
    /// The opponent's number, then the caster's (0 until thrown).
    theirs: u8,
    mine: u8,
}

impl Round for GuirguiescaRound {
    const NAME: &'static str = "guirguiesca";
    const TITLE: &'static str = "Guirguiesca (004 l)";
    const OPTIONS: &'static [OptionSpec] = &[order_option("highest"), ROUNDS_OPTION];
    const RULES: &'static str = include_str!("guirguiesca.md");
    const ROUNDS_DECIDE: bool = true;

    fn new(_options: &Options) -> Result<Self, OptionError> {
        Ok(GuirguiescaRound::default())
    }

    fn begin<L: Log>(&mut self, _table: &Table, _log: &mut L) -> Begin {
        match self.caster {
            None => Begin::Order(2),
            Some(_) => Begin::Play,
        }
    }

    fn start(&mut self, table: &Table) {
        self.caster.get_or_insert(table.order().seat(0));
        self.theirs = 0;
        self.mine = 0;
    }

    /// One cast: the first number not a hazard is the opponent's, the next
    /// different one the caster's, and the first of them to come again
    /// decides; a hazard loses for the caster.
    #[inline(always)]
    fn step(&mut self, table: &mut Table, dice: &mut Dice, log: &mut impl Log) -> Option<RoundEnd> {
        let caster = self.caster.expect("the round has a caster");
        let other = 1 - caster;
        // Only the total is read: exact analysis lists 11 totals, not 36.
        let t = table.throw_for_total::<2>(dice);
        let s = u32::from(t[0]) + u32::from(t[1]);
        say!(
            log,
            "seat {} casts {}-{}={}",
            caster + 1,
            t[0].max(t[1]),
            t[0].min(t[1]),
            s
        );
        let (theirs, mine) = (u32::from(self.theirs), u32::from(self.mine));
        let end = if is_hazard2(s) {
            say!(log, "a hazard: seat {} loses", caster + 1);
            (other, "hazard")
        } else if theirs == 0 {
            say!(log, "{s} is seat {}'s number", other + 1);
            self.theirs = s as u8;
            return None;
        } else if mine == 0 {
            if s == theirs {
                say!(
                    log,
                    "the opponent's number again, before his own: thrown again"
                );
            } else {
                say!(log, "{s} is seat {}'s number", caster + 1);
                self.mine = s as u8;
            }
            return None;
        } else if s == mine {
            say!(log, "his own number: seat {} wins", caster + 1);
            (caster, "own-number")
        } else if s == theirs {
            say!(log, "the opponent's number: seat {} loses", caster + 1);
            (other, "opponent-number")
        } else {
            return None;
        };
        // "role graczy zamieniają się": the other casts next.
        self.caster = Some(other);
        self.theirs = 0;
        self.mine = 0;
        Some(end.into())
    }
}
