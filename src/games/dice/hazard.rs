//! Hazard (004 e): the first Hazard wins; otherwise each player's first total
//! is his chance (ReHazard), and the next Hazard or thrown chance decides.

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::seat::{MAX_SEATS, Seat};
use crate::games::dice::order::{OrderMethod, PlayOrder, opening_order, order_option};
use crate::games::dice::pair_ace::NoMove;
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::rounds::{ROUNDS_OPTION, RoundScore};
use crate::games::dice::throw::{is_hazard, show, total};
use crate::say;

const OPTIONS: &[OptionSpec] = &[PLAYERS_OPTION, order_option("highest"), ROUNDS_OPTION];

/// A game of Hazard.
#[derive(Clone, Debug)]
pub struct Hazard {
    players: usize,
    order: OrderMethod,
    score: RoundScore,
    outcome: Option<Outcome>,
    throws: u32,
}

impl Hazard {
    /// Plays one round; returns its winner and the ending.
    #[inline]
    fn round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str) {
        let order: PlayOrder =
            opening_order(self.order, self.players, 3, dice, log, &mut self.throws);
        let seats = order.as_slice();
        // First cycle: the first Hazard wins; otherwise totals become chances.
        let mut chance = [0u8; MAX_SEATS];
        // For each total 7-14: how many seats hold it as their chance, and the
        // last seat recorded (the sole owner when the count is one).
        let mut owners = [0u8; 19];
        let mut owner = [0u8; 19];
        for &seat in seats {
            let t = dice.throw::<3>();
            self.throws += 1;
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
                self.throws += 1;
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

impl Game for Hazard {
    type Move = NoMove;
    const NAME: &'static str = "hazard";
    const TITLE: &'static str = "Hazard (Hazard, 004 e)";

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn rules() -> &'static str {
        include_str!("hazard.md")
    }

    fn new(options: &Options) -> Result<Self, String> {
        let players = options.int("players") as usize;
        Ok(Hazard {
            players,
            order: OrderMethod::from_option(options.choice("order")),
            score: RoundScore::new(players, options.int("rounds")),
            outcome: None,
            throws: 0,
        })
    }

    fn players(&self) -> usize {
        self.players
    }

    fn turn(&self) -> Turn {
        if self.outcome.is_some() {
            Turn::Over
        } else {
            Turn::Chance
        }
    }

    fn legal_moves(&self, out: &mut Vec<NoMove>) {
        out.clear();
    }

    fn play<L: Log>(&mut self, mv: NoMove, _log: &mut L) {
        match mv {}
    }

    fn chance<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        while self.outcome.is_none() {
            let (winner, reason) = self.round(dice, log);
            self.outcome = self.score.record(winner, reason);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    fn length(&self) -> u32 {
        self.throws
    }
}
