//! Triga ("Trójki", 004 d): a lone triple wins; else a lone throw in the
//! agreed group wins; else the cycle is thrown again.

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::seat::Seat;
use crate::games::dice::pair_ace::NoMove;
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::rounds::{ROUNDS_OPTION, RoundScore};
use crate::games::dice::throw::{is_triple, show, total};
use crate::say;

const GROUP_OPTION: OptionSpec = OptionSpec {
    name: "group",
    doc: "the winning group agreed at the start: low (3-6), middle (7-14) or high (15-18)",
    kind: OptionKind::Choice(&["low", "middle", "high"]),
    default: "high",
};

const OPTIONS: &[OptionSpec] = &[PLAYERS_OPTION, GROUP_OPTION, ROUNDS_OPTION];

/// A game of Triga.
#[derive(Clone, Debug)]
pub struct Triga {
    players: usize,
    /// The agreed group, as inclusive totals.
    low: u32,
    high: u32,
    score: RoundScore,
    outcome: Option<Outcome>,
    throws: u32,
}

impl Triga {
    /// Plays one round; returns its winner and the ending.
    fn round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str) {
        loop {
            let (mut triples, mut triple_seat) = (0u32, 0);
            let (mut grouped, mut group_seat) = (0u32, 0);
            for seat in 0..self.players {
                let t = dice.throw::<3>();
                self.throws += 1;
                let s = total(t);
                if is_triple(t) {
                    triples += 1;
                    triple_seat = seat;
                    say!(log, "seat {} throws {}: a triple", seat + 1, show(t));
                } else if (self.low..=self.high).contains(&s) {
                    grouped += 1;
                    group_seat = seat;
                    say!(log, "seat {} throws {}: in the group", seat + 1, show(t));
                } else {
                    say!(log, "seat {} throws {}", seat + 1, show(t));
                }
            }
            if triples == 1 {
                say!(
                    log,
                    "seat {} alone threw a triple and wins",
                    triple_seat + 1
                );
                return (triple_seat, "triple");
            }
            if triples == 0 && grouped == 1 {
                say!(
                    log,
                    "seat {} alone threw in the group and wins",
                    group_seat + 1
                );
                return (group_seat, "group");
            }
            say!(log, "no lone winner: the cycle is thrown again");
        }
    }
}

impl Game for Triga {
    type Move = NoMove;
    const NAME: &'static str = "triga";
    const TITLE: &'static str = "Triga (Trójki, 004 d)";

    fn option_specs() -> &'static [OptionSpec] {
        OPTIONS
    }

    fn rules() -> &'static str {
        include_str!("triga.md")
    }

    fn new(options: &Options) -> Result<Self, String> {
        let players = options.int("players") as usize;
        let (low, high) = match options.choice("group") {
            "low" => (3, 6),
            "middle" => (7, 14),
            "high" => (15, 18),
            other => return Err(format!("unknown group `{other}`")),
        };
        Ok(Triga {
            players,
            low,
            high,
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
