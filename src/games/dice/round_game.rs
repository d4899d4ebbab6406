//! Dice games without decisions, played in rounds: most of the Book of
//! Games. Such a game says only how one round is played ([`Round`]); the
//! seats, the order of play, the count of throws, the round wins and the
//! [`Game`] interface are common to all of them ([`RoundGame`]).

use crate::core::option_error::OptionError;
use std::fmt;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::native_policies::NativePolicies;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::presentation::Presentation;
use crate::core::record_formats::RecordFormats;
use crate::core::seat::Seat;
use crate::games::dice::order::{OrderMethod, PlayOrder, opening_order};
use crate::games::dice::rounds::RoundScore;

/// The move of a game without decisions: this type has no values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMove {}

impl fmt::Display for NoMove {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// What every round game keeps besides its own rules: the seats, how the
/// order of play is set, the round wins, the outcome and every throw.
#[derive(Clone, Copy, Debug)]
pub struct Table {
    /// How many seats play.
    pub players: usize,
    order: OrderMethod,
    score: RoundScore,
    outcome: Option<Outcome>,
    /// Throws of the dice so far (the game's length), opening throws included.
    pub throws: u32,
    /// The seat that threw first in the first round, once the order is set.
    first: Option<Seat>,
}

impl Table {
    /// The table of a game with the options `specs`, resolved in `options`:
    /// `players` (two seats without it), `order` (seat order without it)
    /// and `rounds` (one round without it).
    fn new(specs: &[OptionSpec], options: &Options) -> Table {
        let has = |name: &str| specs.iter().any(|s| s.name == name);
        let players = if has("players") {
            options.int("players") as usize
        } else {
            2
        };
        let order = if has("order") {
            OrderMethod::from_option(options.choice("order"))
        } else {
            OrderMethod::Fixed
        };
        let rounds = if has("rounds") {
            options.int("rounds")
        } else {
            1
        };
        Table {
            players,
            order,
            score: RoundScore::new(players, rounds),
            outcome: None,
            throws: 0,
            first: None,
        }
    }

    /// The order of play among all seats, by the `order` option: opening
    /// throws of `dice` dice each, counted in [`Table::throws`].
    pub fn opening_order<L: Log>(&mut self, dice: u32, rng: &mut Dice, log: &mut L) -> PlayOrder {
        let order = opening_order(self.order, self.players, dice, rng, log, &mut self.throws);
        self.first.get_or_insert(order.seats[0]);
        order
    }
}

/// How a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundEnd {
    /// A seat won the round, by the named rule; round wins decide the game.
    Won(Seat, &'static str),
    /// The round ended the game otherwise (Panquist's ruin).
    Over(Outcome),
    /// The round was played and the game goes on (Panquist's stakes).
    Played,
}

impl From<(Seat, &'static str)> for RoundEnd {
    fn from((seat, reason): (Seat, &'static str)) -> RoundEnd {
        RoundEnd::Won(seat, reason)
    }
}

/// The rules of one round of a dice game without decisions, and what the
/// game keeps between rounds besides its [`Table`].
pub trait Round: Clone + fmt::Debug + Send + Sync + Sized + 'static {
    /// The registry name.
    const NAME: &'static str;
    /// The reader's name.
    const TITLE: &'static str;
    /// The options; `players`, `order` and `rounds` among them are read
    /// into the [`Table`].
    const OPTIONS: &'static [OptionSpec];
    /// The rules as implemented.
    const RULES: &'static str;
    /// The game's own part, from its options.
    fn new(options: &Options) -> Result<Self, OptionError>;
    /// Plays one round, counting its throws in `table`.
    fn play_round<L: Log>(&mut self, table: &mut Table, dice: &mut Dice, log: &mut L) -> RoundEnd;
    /// What `seat` gained or lost in money (none unless the game stakes).
    fn payoff(&self, _seat: Seat) -> i64 {
        0
    }
}

/// A dice game without decisions, played in rounds until one ends it or
/// (the `rounds` option) the most round wins take the game.
#[derive(Clone, Debug)]
pub struct RoundGame<R> {
    table: Table,
    round: R,
}

impl<R: Round> Game for RoundGame<R> {
    type Move = NoMove;
    const NAME: &'static str = R::NAME;
    // Every throw of the dice, the opening ones included.

    fn option_specs() -> &'static [OptionSpec] {
        R::OPTIONS
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        Ok(RoundGame {
            round: R::new(options)?,
            table: Table::new(R::OPTIONS, options),
        })
    }

    fn players(&self) -> usize {
        self.table.players
    }

    fn turn(&self) -> Turn {
        if self.table.outcome.is_some() {
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
        while self.table.outcome.is_none() {
            let table = &mut self.table;
            match self.round.play_round(table, dice, log) {
                RoundEnd::Won(winner, reason) => table.outcome = table.score.record(winner, reason),
                RoundEnd::Over(outcome) => table.outcome = Some(outcome),
                RoundEnd::Played => {}
            }
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.table.outcome
    }

    fn length(&self) -> u32 {
        self.table.throws
    }

    fn payoff(&self, seat: Seat) -> i64 {
        self.round.payoff(seat)
    }

    /// The first thrower of the first round by its opening throws; seat 1
    /// where the order is fixed (or the game sets none).
    fn first_mover(&self) -> Option<Seat> {
        Some(self.table.first.unwrap_or(0))
    }
}

impl<R: Round> Presentation for RoundGame<R> {
    const TITLE: &'static str = R::TITLE;
    const LENGTH_UNIT: &'static str = "throws";

    fn rules() -> &'static str {
        R::RULES
    }
}

impl<R: Round> NativePolicies for RoundGame<R> {}

impl<R: Round> RecordFormats for RoundGame<R> {}
