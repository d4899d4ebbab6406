//! Guirguiesca (004 l): two dice; 2, 3, 11 and 12 are hazards and lose; the
//! first other number goes to the opponent, the next different one to the
//! caster, and the first of the two to come again decides.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::seat::Seat;
use crate::games::dice::order::{OrderMethod, opening_order, order_option};
use crate::games::dice::round_game::{Progress, RoundGame};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::say;

const OPTIONS: &[OptionSpec] = &[order_option("highest"), ROUNDS_OPTION];

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
#[derive(Clone, Debug)]
pub struct Guirguiesca {
    order: OrderMethod,
    progress: Progress,
    /// Who casts in the next round (set by the opening throws).
    caster: Option<Seat>,
}

impl Guirguiesca {
    fn throw<L: Log>(&mut self, caster: Seat, dice: &mut Dice, log: &mut L) -> u32 {
        let t = dice.throw::<2>();
        self.progress.throws += 1;
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
        &mut self,
        caster: Seat,
        dice: &mut Dice,
        log: &mut L,
    ) -> (Seat, &'static str) {
        let other = 1 - caster;
        let theirs = self.throw(caster, dice, log);
        if is_hazard2(theirs) {
            say!(log, "a hazard: seat {} loses", caster + 1);
            return (other, "hazard");
        }
        say!(log, "{theirs} is seat {}'s number", other + 1);
        let mine = loop {
            let s = self.throw(caster, dice, log);
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
            let s = self.throw(caster, dice, log);
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

impl RoundGame for Guirguiesca {
    const NAME: &'static str = "guirguiesca";
    const TITLE: &'static str = "Guirguiesca (004 l)";

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn rules() -> &'static str {
        include_str!("guirguiesca.md")
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        Ok(Guirguiesca {
            order: OrderMethod::from_option(options.choice("order")),
            progress: Progress::new(2, options.int("rounds")),
            caster: None,
        })
    }

    fn players(&self) -> usize {
        2
    }

    fn progress(&self) -> &Progress {
        &self.progress
    }

    fn progress_mut(&mut self) -> &mut Progress {
        &mut self.progress
    }

    fn play_round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str) {
        let caster = match self.caster {
            Some(c) => c,
            None => opening_order(self.order, 2, 2, dice, log, &mut self.progress.throws).seats[0],
        };
        // "role graczy zamieniają się": the other casts next.
        self.caster = Some(1 - caster);
        self.round(caster, dice, log)
    }
}
