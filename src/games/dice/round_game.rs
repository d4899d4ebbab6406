//! Dice games without decisions, played in rounds: most of the Book of
//! Games. Such a game says only how one round is played ([`Round`]); the
//! seats, the order of play, the count of throws, the round wins and the
//! [`Game`] interface are common to all of them ([`RoundGame`]).

use crate::core::option_error::OptionError;
use std::fmt;
use std::hash::Hash;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::native_policies::NativePolicies;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::picture::{BoardShape, Picture};
use crate::core::presentation::Presentation;
use crate::core::record_formats::RecordFormats;
use crate::core::seat::Seat;
use crate::core::stages::Stages;
use crate::core::state_key::StateKey;
use crate::games::dice::order::{OrderMethod, Ordering, PlayOrder};
use crate::games::dice::rounds::RoundScore;

/// The move of a game without decisions: this type has no values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMove {}

impl fmt::Display for NoMove {
    fn fmt(&self, _: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {}
    }
}

/// Where a round stands in its course.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// The next throw begins a round.
    Begin,
    /// The opening throws are under way.
    Ordering,
    /// The round is played.
    Playing,
}

/// What every round game keeps besides its own rules: the seats, how the
/// order of play is set, the round wins, the outcome and every throw.
#[derive(Clone, Copy, Debug)]
pub struct Table {
    /// How many seats play.
    pub players: usize,
    method: OrderMethod,
    score: RoundScore,
    outcome: Option<Outcome>,
    /// Throws of the dice so far (the game's length), opening throws included.
    pub throws: u32,
    /// The seat that threw first in the first round, once the order is set.
    first: Option<Seat>,
    phase: Phase,
    /// The opening throws, or once done the order they set.
    ordering: Ordering,
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
        let method = if has("order") {
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
            method,
            score: RoundScore::new(players, rounds),
            outcome: None,
            throws: 0,
            first: None,
            phase: Phase::Begin,
            ordering: Ordering::new(OrderMethod::Fixed, players, 1),
        }
    }

    /// The order of play of the round under way: set by the opening
    /// throws where the round asked for them ([`Begin::Order`]), seat
    /// order otherwise.
    #[inline]
    pub fn order(&self) -> &PlayOrder {
        self.ordering.order_ref()
    }

    /// The seat at place `next` in the order of play, `next` moved on to
    /// the place after it (back to the first after the last): whose throw
    /// it is in a round thrown in turn.
    #[inline(always)]
    pub fn next_thrower(&self, next: &mut u8) -> Seat {
        let order = self.order();
        let seat = order.seat(usize::from(*next));
        // A comparison, not `%`: a division at every throw costs more.
        *next = if usize::from(*next) + 1 == order.len() {
            0
        } else {
            *next + 1
        };
        seat
    }

    /// Throws `N` dice at once, counted as one throw.
    #[inline(always)]
    pub fn throw<const N: usize>(&mut self, dice: &mut Dice) -> [u8; N] {
        self.throws += 1;
        dice.throw::<N>()
    }

    /// Throws `N` dice at once as a set ([`Dice::throw_set`]), counted as
    /// one throw: for a round that reads which faces came up, not which
    /// die showed which (a pair, a triple, the total).
    #[inline(always)]
    pub fn throw_set<const N: usize>(&mut self, dice: &mut Dice) -> [u8; N] {
        self.throws += 1;
        dice.throw_set::<N>()
    }

    /// Throws `N` dice at once for their total
    /// ([`Dice::throw_for_total`]), counted as one throw: for a round that
    /// reads only the total (the faces are shown).
    #[inline(always)]
    pub fn throw_for_total<const N: usize>(&mut self, dice: &mut Dice) -> [u8; N] {
        self.throws += 1;
        dice.throw_for_total::<N>()
    }

    /// Adds what identifies the table's state to `key`: not the throws
    /// counted nor the first thrower, which only look back.
    fn key(&self, key: &mut StateKey) {
        key.add(&(self.players, self.method, self.score, self.outcome));
        key.add(&(self.phase, self.ordering));
    }
}

/// How a round begins, before its first throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Begin {
    /// Opening throws of this many dice set the order of play, by the
    /// game's `order` option (none where it is `fixed`).
    Order(u32),
    /// The round is played in seat order, or an order the round keeps.
    Play,
    /// The game ends before the round (a player cannot stake).
    Over(Outcome),
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
/// game keeps between rounds besides its [`Table`], written as a machine
/// that throws once a step, so that each throw's outcomes can be listed.
/// It is `Copy`, so that a game is reset for the next with one copy.
/// Its state is hashed into the game's [`Game::state_key`]: fields that
/// no longer matter are reset, so that equal states compare equal.
pub trait Round: Copy + fmt::Debug + Hash + Send + Sync + Sized + 'static {
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
    /// Dice of each opening throw that sets the order of play of every
    /// round (by the `order` option); 0 where the round sets none.
    const ORDER_DICE: u32 = 0;
    /// Begins a round (stakes, a check that they can be paid), before
    /// the order of play is set: by default, opening throws of
    /// [`Round::ORDER_DICE`] dice, if any.
    fn begin<L: Log>(&mut self, _table: &Table, _log: &mut L) -> Begin {
        match Self::ORDER_DICE {
            0 => Begin::Play,
            n => Begin::Order(n),
        }
    }
    /// The order of play is set ([`Table::order`]): readies the round's
    /// first throw.
    fn start(&mut self, table: &Table);
    /// One throw of the round, counted in `table`; the round's end if it
    /// ended. The games mark it `#[inline(always)]`: inlined into
    /// [`RoundGame`]'s loop, a round's state stays in registers (as a
    /// call, Triga's step cost a fifth of its instructions).
    fn step(&mut self, table: &mut Table, dice: &mut Dice, log: &mut impl Log) -> Option<RoundEnd>;
    /// What `seat` gained or lost in money (none unless the game stakes).
    fn payoff(&self, _seat: Seat) -> i64 {
        0
    }
    /// Between rounds: the game's own part with what the next round does
    /// not read set aside (the money, where each player can stake the
    /// round whatever he has), for a round played apart
    /// ([`crate::core::stages::Stages`]); `None` (the default) where the
    /// next round reads it all, or its start ends the game.
    fn apart(&self, _table: &Table) -> Option<Self> {
        None
    }
    /// After a round that began with this part, played apart from
    /// `apart` ([`Round::apart`]), ended at `end`: what the round changed,
    /// put back.
    fn rejoin(&self, _apart: &Self, end: &Self) -> Self {
        *end
    }
    /// Whether every round ends with a seat winning it
    /// ([`RoundEnd::Won`]), any seat may win any round, and nothing else
    /// ends the game, so that every split of the round wins is reachable
    /// ([`Game::states_at_least`]). False (the default) where a round
    /// or a stake may end the game early.
    const ROUNDS_DECIDE: bool = false;
}

/// A dice game without decisions, played in rounds until one ends it or
/// (the `rounds` option) the most round wins take the game.
#[derive(Debug)]
pub struct RoundGame<R> {
    table: Table,
    round: R,
}

// By hand, as one copy: the derived clone went through a copy on the
// stack whose reads stalled on its own writes (a tenth of Mayor's time
// went to resetting the game).
impl<R: Round> Clone for RoundGame<R> {
    #[inline]
    fn clone(&self) -> Self {
        *self
    }
}

impl<R: Round> Copy for RoundGame<R> {}

impl<R: Round> RoundGame<R> {
    /// The order of play is set: the round may start.
    #[inline]
    fn ordered(&mut self) {
        let t = &mut self.table;
        t.first.get_or_insert(t.ordering.order_ref().seat(0));
        t.phase = Phase::Playing;
        self.round.start(t);
    }

    /// Begins a round before its first throw: false if the game ended
    /// instead (a player cannot stake).
    #[inline(always)]
    fn begin<L: Log>(&mut self, log: &mut L) -> bool {
        match self.round.begin(&self.table, log) {
            Begin::Over(outcome) => {
                self.table.outcome = Some(outcome);
                return false;
            }
            Begin::Order(n) if self.table.method != OrderMethod::Fixed => {
                let t = &mut self.table;
                t.ordering = Ordering::new(t.method, t.players, n);
                t.phase = Phase::Ordering;
            }
            _ => {
                let t = &mut self.table;
                t.ordering = Ordering::new(OrderMethod::Fixed, t.players, 1);
                self.ordered();
            }
        }
        true
    }

    /// The round under way ended.
    #[inline(always)]
    fn end(&mut self, end: RoundEnd) {
        let t = &mut self.table;
        match end {
            RoundEnd::Won(winner, reason) => t.outcome = t.score.record(winner, reason),
            RoundEnd::Over(outcome) => t.outcome = Some(outcome),
            RoundEnd::Played => {}
        }
        t.phase = Phase::Begin;
    }
}

impl<R: Round> Game for RoundGame<R> {
    type Move = NoMove;
    const NAME: &'static str = R::NAME;
    const DECIDES: bool = false;
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

    #[inline]
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

    /// One throw: the round's, or an opening throw; a round begins with
    /// the first throw after the last one ended.
    #[inline]
    fn chance_step<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        if self.table.phase == Phase::Begin && !self.begin(log) {
            return;
        }
        let t = &mut self.table;
        if t.phase == Phase::Ordering {
            t.ordering.step(dice, log, &mut t.throws);
            if t.ordering.done() {
                self.ordered();
            }
        } else if let Some(end) = self.round.step(t, dice, log) {
            self.end(end);
        }
    }

    /// The game to its end (it has no decisions): the throws of
    /// [`Game::chance_step`] one after another, in loops that keep a
    /// round's state at hand rather than asking at every throw where the
    /// game stands (a quarter of a game's cost in Hazard).
    #[inline]
    fn chance<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        while self.table.outcome.is_none() {
            if self.table.phase == Phase::Begin && !self.begin(log) {
                return;
            }
            let t = &mut self.table;
            if t.phase == Phase::Ordering {
                while !t.ordering.done() {
                    t.ordering.step(dice, log, &mut t.throws);
                }
                self.ordered();
            }
            let end = loop {
                if let Some(end) = self.round.step(&mut self.table, dice, log) {
                    break end;
                }
            };
            self.end(end);
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

    fn states_at_least(&self) -> u64 {
        if R::ROUNDS_DECIDE && self.table.outcome.is_none() {
            self.table.score.splits_ahead()
        } else {
            1
        }
    }

    fn state_key(&self, key: &mut StateKey) -> bool {
        self.table.key(key);
        key.add(&self.round);
        true
    }
}

impl<R: Round> Presentation for RoundGame<R> {
    const TITLE: &'static str = R::TITLE;
    const LENGTH_UNIT: &'static str = "throws";

    fn rules() -> &'static str {
        R::RULES
    }

    /// A table of dice: the throws so far, each seat's round wins (in a
    /// game of several rounds) and money (where it stakes), and how the
    /// game ended. The faces of each throw are the step's own line on a
    /// replay page, for not every round keeps them.
    fn picture(&self) -> Option<Picture> {
        let t = &self.table;
        let sides: Vec<String> = (0..t.players).map(Self::seat_name).collect();
        let names: Vec<&str> = sides.iter().map(String::as_str).collect();
        let mut pic = Picture::new(BoardShape::Table, &names);
        pic.say("throws", t.throws);
        let rounds = t.score.rounds();
        if rounds > 1 {
            pic.say("rounds played", format!("{} of {rounds}", t.score.played()));
            for (s, name) in names.iter().enumerate() {
                pic.say(format!("{name} round wins"), t.score.wins(s));
            }
        }
        for (s, name) in names.iter().enumerate() {
            let money = self.round.payoff(s);
            if money != 0 {
                pic.say(format!("{name} gain"), format!("{money:+}"));
            }
        }
        if let Some(o) = &t.outcome {
            let said = match o.sole_winner() {
                Some(w) => format!("{} wins by {}", names[w], o.reason),
                None => format!("a draw by {}", o.reason),
            };
            pic.say("over", said);
        }
        Some(pic)
    }
}

impl<R: Round> NativePolicies for RoundGame<R> {}

impl<R: Round> RecordFormats for RoundGame<R> {}

/// A round is a stage where the game's own part says what it reads
/// ([`Round::apart`]): the throws of the round played apart count from
/// none.
impl<R: Round> Stages for RoundGame<R> {
    fn stage_begins(&self) -> bool {
        self.table.outcome.is_none() && self.table.phase == Phase::Begin
    }

    fn stage(&self) -> Option<Self> {
        if !self.stage_begins() {
            return None;
        }
        let round = self.round.apart(&self.table)?;
        let mut table = self.table;
        table.throws = 0;
        Some(RoundGame { table, round })
    }

    fn after_stage(&self, apart: &Self, end: &Self) -> Self {
        let mut table = end.table;
        table.throws = self.table.throws + end.table.throws;
        table.first = self.table.first.or(end.table.first);
        RoundGame {
            table,
            round: self.round.rejoin(&apart.round, &end.round),
        }
    }
}
