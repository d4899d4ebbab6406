//! The course of a banking game (Half Hazard, Growing Hazard): opening
//! throws, turns as thrower, a round started by each turn, throws until the
//! thrower must decide or his turn ends, and the end after the agreed
//! number of turns. The games add what a round start, a throw and a stop do.

use crate::core::dice::Dice;
use crate::core::game::Turn;
use crate::core::log::Log;
use crate::core::outcome::Outcome;
use crate::core::seat::Seat;
use crate::games::dice::banking::Numbers;
use crate::games::dice::banking::Purse;
use crate::games::dice::order::{OrderMethod, Ordering};
use crate::games::dice::throw::{Three, show, total};
use crate::say;
use std::hash::{Hash, Hasher};

/// How a throw of the betting phase left the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum After {
    /// The thrower now chooses to throw again or stop.
    Continue,
    /// The turn is over.
    TurnOver,
}

/// Where a banking game stands.
#[derive(Clone, Debug)]
pub struct Table {
    /// The opening throws, done once the first thrower is known.
    ordering: Ordering,
    /// Turns as thrower in the game.
    rounds: u32,
    /// The players' money and the pot.
    pub purse: Purse,
    /// Whether the next chance starts a round.
    round_pending: bool,
    /// Whether the thrower is to choose.
    deciding: bool,
    /// Who throws this turn.
    pub thrower: Seat,
    /// Turns finished.
    pub turns: u32,
    /// How the game ended.
    pub outcome: Option<Outcome>,
    /// Throws of the dice so far, the opening throws included.
    pub throws: u32,
    /// The last throw of the betting phase (zeros before the first), for views.
    pub last_throw: Three,
    /// The totals of this turn's betting throws, for views: a ring of the
    /// last [`TURN_TOTALS`] (a fixed array, so a clone of the table stays a copy).
    turn_totals: [u8; TURN_TOTALS],
    /// Betting throws this turn.
    turn_throws: u32,
    /// The first thrower, once the opening throws (or the fixed order) set him.
    pub first: Option<Seat>,
    /// The thrower's numbers this turn, assigned by its first throws.
    pub numbers: Numbers,
    /// Hazards thrown this turn (what `threshold:k` counts).
    pub hazards: u32,
}

/// How many of a turn's totals [`Table::turn_totals`] keeps.
pub const TURN_TOTALS: usize = 32;

/// What a banking game adds to its [`Table`].
pub trait Banking {
    /// The table.
    fn table(&mut self) -> &mut Table;
    /// Starts the thrower's turn (stakes; the numbers are then assigned):
    /// false if that ended the game.
    fn start_round<L: Log>(&mut self, log: &mut L) -> bool;
    /// Resolves one throw of the betting phase.
    fn resolve<L: Log>(&mut self, t: Three, log: &mut L) -> After;
}

impl Table {
    /// A game of `rounds` turns, players starting with `funds`.
    pub fn new(order: OrderMethod, rounds: u32, funds: i64) -> Table {
        let ordering = Ordering::new(order, 2, 3);
        Table {
            ordering,
            rounds,
            purse: Purse::new(funds),
            round_pending: true,
            deciding: false,
            thrower: 0,
            turns: 0,
            outcome: None,
            throws: 0,
            last_throw: [0; 3],
            turn_totals: [0; TURN_TOTALS],
            turn_throws: 0,
            first: ordering.done().then_some(0),
            numbers: Numbers::default(),
            hazards: 0,
        }
    }

    /// What the game waits for.
    pub fn turn(&self) -> Turn {
        if self.outcome.is_some() {
            Turn::Over
        } else if self.deciding {
            Turn::Decide(self.thrower)
        } else {
            Turn::Chance
        }
    }

    /// The totals thrown in this turn's betting phase, oldest first (the
    /// last [`TURN_TOTALS`] of them in a long turn).
    pub fn turn_totals(&self) -> Vec<u32> {
        let n = self.turn_throws as usize;
        let kept = n.min(TURN_TOTALS);
        (n - kept..n)
            .map(|i| u32::from(self.turn_totals[i % TURN_TOTALS]))
            .collect()
    }

    /// Betting throws in this turn.
    pub fn turn_throws(&self) -> u32 {
        self.turn_throws
    }

    /// Takes the thrower's decision: he is no longer deciding.
    pub fn decided(&mut self, game: &str) {
        debug_assert!(self.deciding, "{game}: a move when none is due");
        self.deciding = false;
    }

    /// If a seat cannot cover `half`, the seat the odd unit of the final
    /// split goes to: the one who could cover, else the thrower.
    pub fn short_of_halves(&self, half: i64) -> Option<Seat> {
        match (self.purse.covers(0, half), self.purse.covers(1, half)) {
            (true, true) => None,
            (true, false) => Some(0),
            (false, true) => Some(1),
            (false, false) => Some(self.thrower),
        }
    }

    /// The thrower has thrown `t`, his opponent's number: he takes the pot.
    pub fn opponents_number<L: Log>(&mut self, t: Three, log: &mut L) -> After {
        let p = self.thrower;
        say!(
            log,
            "seat {} throws {}: the opponent's number, he wins the pot of {}",
            p + 1,
            show(t),
            self.purse.pot
        );
        self.purse.take(p, self.purse.pot);
        After::TurnOver
    }

    /// Ends the turn; returns false if that ended the game.
    pub fn end_turn<L: Log>(&mut self, log: &mut L) -> bool {
        self.deciding = false;
        self.turns += 1;
        let next = 1 - self.thrower;
        if self.turns >= self.rounds {
            self.outcome = Some(self.purse.settle(next, "rounds", log));
            return false;
        }
        self.thrower = next;
        self.round_pending = true;
        true
    }
}

// The state of the game, not its past: the throws counted, the first
// thrower and what the views show of the turn's throws are left out, so
// that exact analysis merges states that play alike.
impl Table {
    /// One opening throw; the last sets the first thrower.
    #[inline]
    fn opening_throw<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        self.ordering.step(dice, log, &mut self.throws);
        if self.ordering.done() {
            self.thrower = self.ordering.order().seat(0);
            self.first = Some(self.thrower);
        }
    }
}

// Between turns the last turn's numbers and hazards are left over until
// the next turn resets them: they are left out then, so that the states
// between turns merge whatever the last turn threw. The fields every
// state has go in one write of packed bytes, not one a field: exact
// analysis keys millions of tables (Growing Hazard's ten turns lead
// five million ways out of their turns' starts), and a key written field
// by field was a tenth of it.
impl Hash for Table {
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.ordering.hash(h);
        let p = &self.purse;
        let flags = u8::from(self.round_pending)
            | u8::from(self.deciding) << 1
            | u8::from(self.outcome.is_some()) << 2;
        let mut bytes = [0u8; 4 * 8 + 2 * 4 + 2];
        for (i, n) in [p.funds[0], p.funds[1], p.pot, p.start].iter().enumerate() {
            bytes[8 * i..8 * i + 8].copy_from_slice(&n.to_le_bytes());
        }
        bytes[32..36].copy_from_slice(&self.rounds.to_le_bytes());
        bytes[36..40].copy_from_slice(&self.turns.to_le_bytes());
        // A seat is below MAX_SEATS.
        bytes[40] = self.thrower as u8;
        bytes[41] = flags;
        h.write(&bytes);
        if let Some(outcome) = &self.outcome {
            outcome.hash(h);
        }
        if !self.round_pending {
            (self.numbers, self.hazards).hash(h);
        }
    }
}

// A turn played apart ([`crate::core::stages::Stages`]): it reads the pot,
// the thrower and what each player can still put in, not the turns played
// nor the purses themselves.
impl Table {
    /// Whether a turn is under way: its stakes are in (what it threw so
    /// far counts only then).
    pub fn turn_started(&self) -> bool {
        !self.round_pending
    }

    /// Whether the next throw starts a turn: the opening throws done, the
    /// game not over.
    pub fn turn_pending(&self) -> bool {
        self.outcome.is_none() && self.round_pending && self.ordering.done()
    }

    /// This table at a turn's start, for the turn played apart: the
    /// purses `funds` and the pot `pot`, the opening throws forgotten,
    /// turns counted from none and never ending the game, the throws from
    /// none.
    pub fn apart(&self, funds: [i64; 2], pot: i64) -> Table {
        let mut t = self.clone();
        t.purse.funds = funds;
        t.purse.pot = pot;
        // Who threw first no longer matters, only who throws now.
        t.ordering = Ordering::new(OrderMethod::Fixed, 2, 3);
        t.turns = 0;
        t.rounds = u32::MAX;
        t.throws = 0;
        t
    }

    /// Whether the table is represented by its mirror, the two seats
    /// exchanged: where the second seat throws (the first seat throwing
    /// is its turn mirrored), the order set and the game not over.
    pub fn has_mirror(&self) -> bool {
        self.thrower == 1 && self.outcome.is_none() && self.ordering.done()
    }

    /// Exchanges the two seats, where [`Table::has_mirror`]: every other
    /// field counts from the thrower.
    pub fn exchange_seats(&mut self) {
        debug_assert!(self.has_mirror());
        self.ordering.exchange();
        self.purse.funds.swap(0, 1);
        self.thrower = 1 - self.thrower;
        self.first = self.first.map(|s| 1 - s);
    }

    /// The table `before` a turn, after the turn played apart from
    /// `apart` ([`Table::apart`]) ended here: what the turn moved between
    /// the purses and the pot, then the turn's end as the game has it (the
    /// next thrower, or the game's end). A pot emptied was taken whole,
    /// what was set aside of it too. In place, as this table is the end's
    /// copy.
    pub fn rejoin(&mut self, before: &Table, apart: &Table) {
        self.restore(before, apart);
        self.end_turn(&mut crate::core::log::Silent);
    }

    /// [`Table::rejoin`] for a turn still in play: what it has moved so
    /// far put back, the turn not ended.
    pub fn restore(&mut self, before: &Table, apart: &Table) {
        for (s, funds) in self.purse.funds.iter_mut().enumerate() {
            *funds += before.purse.funds[s] - apart.purse.funds[s];
        }
        let set_aside = before.purse.pot - apart.purse.pot;
        if self.purse.pot == 0 {
            self.purse.funds[before.thrower] += set_aside;
        } else {
            self.purse.pot += set_aside;
        }
        self.ordering = before.ordering;
        self.rounds = before.rounds;
        self.first = before.first;
        self.turns = before.turns;
        self.thrower = before.thrower;
        self.throws += before.throws;
    }
}

/// One throw: an opening throw, an assignment throw, or a throw of the
/// betting phase, after which the thrower decides or his turn ends; a turn
/// begins with the first throw after the last one ended.
#[inline(always)]
pub fn chance_step<B: Banking, L: Log>(game: &mut B, dice: &mut Dice, log: &mut L) {
    let t = game.table();
    if t.outcome.is_some() || t.deciding {
        return;
    }
    if !t.ordering.done() {
        t.opening_throw(dice, log);
        return;
    }
    if t.round_pending {
        t.round_pending = false;
        t.turn_throws = 0;
        t.hazards = 0;
        if !game.start_round(log) {
            return;
        }
        game.table().numbers = Numbers::default();
    }
    let t = game.table();
    if t.numbers.assigning() {
        t.numbers.assign_step(t.thrower, dice, log, &mut t.throws);
        return;
    }
    let t = dice.throw_for_total::<3>();
    game.table().throws += 1;
    let table = game.table();
    table.last_throw = t;
    table.turn_totals[table.turn_throws as usize % TURN_TOTALS] = total(t) as u8;
    table.turn_throws += 1;
    match game.resolve(t, log) {
        After::Continue => game.table().deciding = true,
        After::TurnOver => {
            game.table().end_turn(log);
        }
    }
}

/// Chance until the thrower decides or the game ends: the throws of
/// [`chance_step`] one after another, the opening and assignment throws in
/// loops of their own rather than asking at every throw where the turn
/// stands (a fifth of Half Hazard's instructions).
pub fn chance<B: Banking, L: Log>(game: &mut B, dice: &mut Dice, log: &mut L) {
    loop {
        let t = game.table();
        if t.outcome.is_some() || t.deciding {
            return;
        }
        if !t.ordering.done() {
            while !t.ordering.done() {
                t.opening_throw(dice, log);
            }
            continue;
        }
        if !t.round_pending && t.numbers.assigning() {
            while t.numbers.assigning() {
                t.numbers.assign_step(t.thrower, dice, log, &mut t.throws);
            }
        } else {
            chance_step(game, dice, log);
        }
    }
}
