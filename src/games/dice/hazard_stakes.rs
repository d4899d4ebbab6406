//! Hazard for stakes (004 e, "forma hazardowa"): the rounds of Hazard, each
//! for a pot everyone stakes into, played until a player can no longer
//! stake; the most money wins.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::seat::{MAX_SEATS, Seat, SeatSet};
use crate::games::dice::hazard::HazardRound;
use crate::games::dice::order::order_option;
use crate::games::dice::players::PLAYERS_OPTION;
use crate::games::dice::round_game::{Begin, Round, RoundEnd, RoundGame, Table};
use crate::say;

/// A game of Hazard for stakes.
pub type HazardStakes = RoundGame<HazardStakesRound>;

/// What Hazard for stakes keeps between rounds: everyone's money.
#[derive(Clone, Copy, Debug, Hash)]
pub struct HazardStakesRound {
    funds: i64,
    stake: i64,
    money: [i64; MAX_SEATS],
    hazard: HazardRound,
}

impl HazardStakesRound {
    /// The end once a seat cannot stake: the most money wins; seats tied
    /// for the most draw.
    fn settle(&self, players: usize) -> Outcome {
        let best = *self.money[..players].iter().max().expect("players");
        let leaders = (0..players)
            .filter(|&s| self.money[s] == best)
            .fold(SeatSet::EMPTY, SeatSet::with);
        if leaders.len() == 1 {
            Outcome::win(leaders.first().expect("a leader"), "most-funds")
        } else {
            Outcome::draw(leaders, "tied-funds")
        }
    }
}

impl Round for HazardStakesRound {
    const NAME: &'static str = "hazard-stakes";
    const TITLE: &'static str = "Hazard for stakes (Hazard, forma hazardowa, 004 e)";
    const OPTIONS: &'static [OptionSpec] = &[
        PLAYERS_OPTION,
        order_option("highest"),
        OptionSpec {
            name: "funds",
            doc: "each player's money at the start, in units (the text sets no amount)",
            kind: OptionKind::Int { min: 1, max: 1000 },
            default: "10",
        },
        OptionSpec {
            name: "stake",
            doc: "what each player puts into the pot of every round, in units",
            kind: OptionKind::Int { min: 1, max: 1000 },
            default: "1",
        },
    ];
    const RULES: &'static str = include_str!("hazard_stakes.md");

    fn new(options: &Options) -> Result<Self, OptionError> {
        let funds = options.int("funds");
        let stake = options.int("stake");
        if funds < stake {
            return Err(OptionError::Combination(format!(
                "funds={funds} cannot cover one stake of {stake}: funds must be at least the stake"
            )));
        }
        Ok(HazardStakesRound {
            funds,
            stake,
            money: [funds; MAX_SEATS],
            hazard: HazardRound::default(),
        })
    }

    fn begin<L: Log>(&mut self, table: &Table, log: &mut L) -> Begin {
        let players = table.players;
        if let Some(short) = (0..players).find(|&s| self.money[s] < self.stake) {
            say!(
                log,
                "seat {} cannot stake {}: the stakes are exhausted",
                short + 1,
                self.stake
            );
            return Begin::Over(self.settle(players));
        }
        for m in &mut self.money[..players] {
            *m -= self.stake;
        }
        say!(
            log,
            "everyone stakes {}: the pot is {}",
            self.stake,
            self.stake * players as i64
        );
        self.hazard.begin(table, log)
    }

    fn start(&mut self, table: &Table) {
        self.hazard.start(table);
    }

    #[inline(always)]
    fn step(&mut self, table: &mut Table, dice: &mut Dice, log: &mut impl Log) -> Option<RoundEnd> {
        match self.hazard.step(table, dice, log)? {
            RoundEnd::Won(winner, _) => {
                // The round's chances are spent: cleared, so that the
                // states between rounds differ only in money.
                self.hazard = HazardRound::default();
                let pot = self.stake * table.players as i64;
                self.money[winner] += pot;
                say!(log, "seat {} takes the pot of {}", winner + 1, pot);
                Some(RoundEnd::Played)
            }
            other => Some(other),
        }
    }

    fn payoff(&self, seat: Seat) -> i64 {
        self.money[seat] - self.funds
    }

    /// A round reads only that everyone can stake: each then holds one
    /// stake.
    fn apart(&self, table: &Table) -> Option<Self> {
        let players = table.players;
        if self.money[..players].iter().any(|&m| m < self.stake) {
            return None;
        }
        Some(HazardStakesRound {
            money: [self.stake; MAX_SEATS],
            ..*self
        })
    }

    fn rejoin(&self, apart: &Self, end: &Self) -> Self {
        let mut after = *end;
        for (s, m) in after.money.iter_mut().enumerate() {
            *m = self.money[s] + end.money[s] - apart.money[s];
        }
        after
    }
}
