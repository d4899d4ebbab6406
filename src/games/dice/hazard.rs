//! Hazard (004 e): the first Hazard wins; otherwise each player's first total
//! is his chance (ReHazard), and the next Hazard or thrown chance decides.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::games::dice::order::{OrderMethod, PlayOrder, opening_order, order_option};
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::round_game::{Progress, RoundGame};
use crate::games::dice::rounds::ROUNDS_OPTION;
use crate::games::dice::throw::{is_hazard, show, total};
use crate::say;

const OPTIONS: &[OptionSpec] = &[PLAYERS_OPTION, order_option("highest"), ROUNDS_OPTION];

/// A game of Hazard.
#[derive(Clone, Debug)]
pub struct Hazard {
    players: usize,
    order: OrderMethod,
    progress: Progress,
}

impl Hazard {
    /// Plays one round; returns its winner and the ending.
    #[inline]
    fn round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str) {
        let order: PlayOrder = opening_order(
            self.order,
            self.players,
            3,
            dice,
            log,
            &mut self.progress.throws,
        );
        let seats = order.as_slice();
        // First cycle: the first Hazard wins; otherwise totals become chances.
        let mut chance = [0u8; MAX_SEATS];
        // For each total 7-14: how many seats hold it as their chance, and the
        // last seat recorded (the sole owner when the count is one).
        let mut owners = [0u8; 19];
        let mut owner = [0u8; 19];
        for &seat in seats {
            let t = dice.throw::<3>();
            self.progress.throws += 1;
            let s = total(t);
            if is_hazard(s) {
                say!(log, "seat {} throws {}: Hazard, wins", seat + 1, show(t));
                return (seat, "hazard");
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
                self.progress.throws += 1;
                let s = total(t);
                if is_hazard(s) {
                    say!(log, "seat {} throws {}: Hazard, wins", seat + 1, show(t));
                    return (seat, "late-hazard");
                }
                if u32::from(chance[seat]) == s {
                    say!(
                        log,
                        "seat {} throws {}: his own chance, wins",
                        seat + 1,
                        show(t)
                    );
                    return (seat, "own-chance");
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
                        return (o, "other-chance");
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

impl RoundGame for Hazard {
    const NAME: &'static str = "hazard";
    const TITLE: &'static str = "Hazard (Hazard, 004 e)";

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn rules() -> &'static str {
        include_str!("hazard.md")
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        let players = options.int("players") as usize;
        Ok(Hazard {
            players,
            order: OrderMethod::from_option(options.choice("order")),
            progress: Progress::new(players, options.int("rounds")),
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn progress(&self) -> &Progress {
        &self.progress
    }

    fn progress_mut(&mut self) -> &mut Progress {
        &mut self.progress
    }

    fn play_round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str) {
        self.round(dice, log)
    }
}
