//! Hazard (004 e): the first Hazard wins; otherwise each player's first total
//! is his chance (ReHazard), and the next Hazard or thrown chance decides.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::games::dice::order::order_option;
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::round_game::{Round, RoundEnd, RoundGame, Table};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::games::dice::throw::{is_hazard, show, total};
use crate::say;

/// A game of Hazard.
pub type Hazard = RoundGame<HazardRound>;

/// A round of Hazard under way: whose throw it is, and the chances held.
#[derive(Clone, Copy, Debug, Default, Hash)]
pub struct HazardRound {
    /// The place in the order of play of the next thrower.
    next: u8,
    /// Whether the first cycle is over (totals are chances from then on).
    later: bool,
    /// Each seat's chance (0 before he has one).
    chance: [u8; MAX_SEATS],
    /// For each total 7-14: how many seats hold it as their chance, and
    /// the last seat recorded (the sole owner when the count is one).
    owners: [u8; 15],
    owner: [u8; 15],
}

impl Round for HazardRound {
    const NAME: &'static str = "hazard";
    const TITLE: &'static str = "Hazard (Hazard, 004 e)";
    const OPTIONS: &'static [OptionSpec] =
        &[PLAYERS_OPTION, order_option("highest"), ROUNDS_OPTION];
    const RULES: &'static str = include_str!("hazard.md");
    const ORDER_DICE: u32 = 3;
    const ROUNDS_DECIDE: bool = true;

    fn new(_options: &Options) -> Result<Self, OptionError> {
        Ok(HazardRound::default())
    }

    fn start(&mut self, _table: &Table) {
        *self = HazardRound::default();
    }

    #[inline(always)]
    fn step(&mut self, table: &mut Table, dice: &mut Dice, log: &mut impl Log) -> Option<RoundEnd> {
        let seat = table.next_thrower(&mut self.next);
        let t = table.throw_for_total::<3>(dice);
        let s = total(t);
        if !self.later {
            // First cycle: the first Hazard wins; otherwise totals become chances.
            if is_hazard(s) {
                say!(log, "seat {} throws {}: Hazard, wins", seat + 1, show(t));
                return Some(RoundEnd::Won(seat, "hazard"));
            }
            say!(
                log,
                "seat {} throws {}: his chance is {}",
                seat + 1,
                show(t),
                s
            );
            self.chance[seat] = s as u8;
            self.owners[s as usize] += 1;
            self.owner[s as usize] = seat as u8;
            self.later = self.next == 0;
            return None;
        }
        // Later cycles, in the same order, until a Hazard or a chance is thrown.
        if is_hazard(s) {
            say!(log, "seat {} throws {}: Hazard, wins", seat + 1, show(t));
            return Some(RoundEnd::Won(seat, "late-hazard"));
        }
        if u32::from(self.chance[seat]) == s {
            say!(
                log,
                "seat {} throws {}: his own chance, wins",
                seat + 1,
                show(t)
            );
            return Some(RoundEnd::Won(seat, "own-chance"));
        }
        match self.owners[s as usize] {
            0 => say!(log, "seat {} throws {}: nobody's chance", seat + 1, show(t)),
            1 => {
                let o = self.owner[s as usize] as Seat;
                say!(
                    log,
                    "seat {} throws {}: the chance of seat {}, who wins",
                    seat + 1,
                    show(t),
                    o + 1
                );
                return Some(RoundEnd::Won(o, "other-chance"));
            }
            _ => say!(
                log,
                "seat {} throws {}: a chance of several others, it does not count",
                seat + 1,
                show(t)
            ),
        }
        None
    }
}
