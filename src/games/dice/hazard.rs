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

/// A round of Hazard: it has no rules of its own to keep.
#[derive(Clone, Debug)]
pub struct HazardRound;

impl Round for HazardRound {
    const NAME: &'static str = "hazard";
    const TITLE: &'static str = "Hazard (Hazard, 004 e)";
    const OPTIONS: &'static [OptionSpec] =
        &[PLAYERS_OPTION, order_option("highest"), ROUNDS_OPTION];
    const RULES: &'static str = include_str!("hazard.md");

    fn new(_options: &Options) -> Result<Self, OptionError> {
        Ok(HazardRound)
    }

    #[inline]
    fn play_round<L: Log>(&mut self, table: &mut Table, dice: &mut Dice, log: &mut L) -> RoundEnd {
        let order = table.opening_order(3, dice, log);
        let seats = order.as_slice();
        // First cycle: the first Hazard wins; otherwise totals become chances.
        let mut chance = [0u8; MAX_SEATS];
        // For each total 7-14: how many seats hold it as their chance, and the
        // last seat recorded (the sole owner when the count is one).
        let mut owners = [0u8; 19];
        let mut owner = [0u8; 19];
        for &seat in seats {
            let t = dice.throw::<3>();
            table.throws += 1;
            let s = total(t);
            if is_hazard(s) {
                say!(log, "seat {} throws {}: Hazard, wins", seat + 1, show(t));
                return RoundEnd::Won(seat, "hazard");
            }
            say!(
                log,
                "seat {} throws {}: his chance is {}",
                seat + 1,
                show(t),
                s
            );
            chance[seat] = s as u8;
            owners[s as usize] += 1;
            owner[s as usize] = seat as u8;
        }
        // Later cycles, in the same order, until a Hazard or a chance is thrown.
        loop {
            for &seat in seats {
                let t = dice.throw::<3>();
                table.throws += 1;
                let s = total(t);
                if is_hazard(s) {
                    say!(log, "seat {} throws {}: Hazard, wins", seat + 1, show(t));
                    return RoundEnd::Won(seat, "late-hazard");
                }
                if u32::from(chance[seat]) == s {
                    say!(
                        log,
                        "seat {} throws {}: his own chance, wins",
                        seat + 1,
                        show(t)
                    );
                    return RoundEnd::Won(seat, "own-chance");
                }
                match owners[s as usize] {
                    0 => say!(log, "seat {} throws {}: nobody's chance", seat + 1, show(t)),
                    1 => {
                        let o = owner[s as usize] as Seat;
                        say!(
                            log,
                            "seat {} throws {}: the chance of seat {}, who wins",
                            seat + 1,
                            show(t),
                            o + 1
                        );
                        return RoundEnd::Won(o, "other-chance");
                    }
                    _ => say!(
                        log,
                        "seat {} throws {}: a chance of several others, it does not count",
                        seat + 1,
                        show(t)
                    ),
                }
            }
        }
    }
}
