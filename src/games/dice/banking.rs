//! What Half Hazard (004 j) and Growing Hazard (004 k) share: the thrower's
//! decision (throw again or stop), the assignment of the two numbers, the
//! players' money and pot, the end-of-game split, and the native policy
//! `threshold:k`.

use crate::core::native_policies::NativePolicyError;
use std::fmt;

use crate::core::dice::Dice;
use crate::core::game::Game;
use crate::core::log::Log;
use crate::core::native_policies::NativePolicyInfo;
use crate::core::options::{OptionKind, OptionSpec};
use crate::core::outcome::Outcome;
use crate::core::policy::{BotError, Policy};
use crate::core::seat::{Seat, SeatSet};
use crate::core::seed::Rng;
use crate::games::dice::throw::{is_hazard, show, total};
use crate::say;

/// The thrower's decision after a throw that did not end his turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Move {
    /// Throw again.
    Throw,
    /// Stop throwing: the turn ends.
    Stop,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Move::Throw => "throw",
            Move::Stop => "stop",
        })
    }
}

/// The legal decisions of a thrower who may choose.
pub const MOVES: [Move; 2] = [Move::Throw, Move::Stop];

/// The `funds` option: each player's starting money.
pub const FUNDS_OPTION: OptionSpec = OptionSpec {
    name: "funds",
    doc: "each player's starting money, in stake units",
    kind: OptionKind::Int {
        min: 1,
        max: 1_000_000,
    },
    default: "100",
};

/// The `rounds` option of these games: turns as thrower in the whole game.
pub const TURNS_OPTION: OptionSpec = OptionSpec {
    name: "rounds",
    doc: "turns in the game (the thrower's role swaps after each); then the pot is split",
    kind: OptionKind::Int { min: 1, max: 1000 },
    default: "10",
};

/// A betting game whose thrower may stop: what the `threshold` policy reads.
pub trait Banked: Game<Move = Move> {
    /// Hazards the current thrower has thrown in this turn (all of them: not
    /// reset by his own number), assignment throws excluded.
    fn turn_hazards(&self) -> u32;
}

/// The native policies of both games.
pub const NATIVE_POLICIES: &[NativePolicyInfo] = &[NativePolicyInfo {
    name: "threshold",
    doc: "threshold:k (k = 0..100): stop as soon as k hazards were thrown in this turn, else throw; \
          threshold:0 stops at the first chance",
}];

/// The largest `k` of `threshold:k`: past it, every threshold policy
/// decides alike, so the hazards of a turn count in a state's key only up
/// to it.
pub const MAX_K: u32 = 100;

/// The policy `threshold:k`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threshold {
    /// Hazards after which the thrower stops.
    pub k: u32,
}

impl Threshold {
    /// Parses the parameter of `threshold:k`.
    ///
    /// ```
    /// use ludus::games::dice::banking::Threshold;
    /// assert_eq!(Threshold::parse(Some("2")), Ok(Threshold { k: 2 }));
    /// assert!(Threshold::parse(Some("101")).is_err());
    /// assert!(Threshold::parse(None).is_err());
    /// ```
    pub fn parse(param: Option<&str>) -> Result<Threshold, NativePolicyError> {
        let refused = |message: String| NativePolicyError {
            policy: "threshold",
            message,
        };
        let text = param.ok_or_else(|| {
            refused("policy `threshold` needs a parameter: threshold:k, k a whole number 0-100 (hazards before stopping)".to_string())
        })?;
        match text.trim().parse::<u32>() {
            Ok(k) if k <= MAX_K => Ok(Threshold { k }),
            _ => Err(refused(format!(
                "policy `threshold:{text}`: k must be a whole number 0-100 (hazards before stopping)"
            ))),
        }
    }

    /// The decision for a thrower who has thrown `hazards` hazards this turn.
    #[inline]
    pub fn decide(self, hazards: u32) -> Move {
        if hazards >= self.k {
            Move::Stop
        } else {
            Move::Throw
        }
    }
}

impl<G: Banked> Policy<G> for Threshold {
    fn knows_distribution(&self) -> bool {
        true
    }

    /// It counts the turn's hazards, which a turn played apart keeps.
    fn stage_local(&self) -> bool {
        true
    }

    /// All on the one decision [`Threshold::decide`] makes; false if it is
    /// not among `moves`.
    fn distribution(&self, game: &G, moves: &[Move], out: &mut Vec<f64>) -> bool {
        let want = self.decide(game.turn_hazards());
        out.clear();
        out.extend(moves.iter().map(|&m| if m == want { 1.0 } else { 0.0 }));
        moves.contains(&want)
    }

    /// It counts the thrower's hazards, whichever seat throws.
    fn alike(&self) -> Option<String> {
        Some(format!("threshold:{}", self.k))
    }

    fn fork(&self) -> Option<Box<dyn Policy<G>>> {
        Some(Box::new(*self))
    }

    #[inline]
    fn choose(&mut self, game: &G, moves: &[Move], _rng: &mut Rng) -> Result<usize, BotError> {
        let want = self.decide(game.turn_hazards());
        moves
            .iter()
            .position(|&m| m == want)
            .ok_or_else(|| BotError {
                message: format!("threshold: `{want}` is not a legal move"),
            })
    }
}

/// [`crate::core::native_policies::NativePolicies::native_policy`] for both games.
pub fn native_policy<G: Banked>(
    name: &str,
    param: Option<&str>,
) -> Result<Option<Box<dyn Policy<G>>>, NativePolicyError> {
    if name != "threshold" {
        return Ok(None);
    }
    Ok(Some(Box::new(Threshold::parse(param)?)))
}

/// The thrower's two numbers for a turn, both totals 7-14 and different.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub struct Numbers {
    /// The number assigned to the opponent.
    pub opponent: u32,
    /// The number assigned to the thrower himself.
    pub own: u32,
}

impl Numbers {
    /// The numbers as they play, for a state's key: a total t and 21 - t
    /// come up equally often and are alike hazards or not, so two numbers
    /// and their mirror images (21 less each) play alike; the smaller
    /// pair of the two.
    ///
    /// ```
    /// use ludus::games::dice::banking::Numbers;
    /// let n = Numbers { opponent: 13, own: 8 };
    /// assert_eq!(n.as_they_play(), Numbers { opponent: 8, own: 13 });
    /// assert_eq!(Numbers { opponent: 12, own: 0 }.as_they_play().opponent, 9);
    /// ```
    pub fn as_they_play(self) -> Numbers {
        let mirror = |n: u32| if n == 0 { 0 } else { 21 - n };
        let m = Numbers {
            opponent: mirror(self.opponent),
            own: mirror(self.own),
        };
        if (m.opponent, m.own) < (self.opponent, self.own) {
            m
        } else {
            self
        }
    }

    /// Whether the assignment throws are under way.
    #[inline]
    pub fn assigning(&self) -> bool {
        self.own == 0
    }

    /// One assignment throw: "najpierw rzuca tak długo dopóki nie
    /// przyporządkuje jednej z pozostałych kombinacji przeciwnikowi, a
    /// następnie sobie". The thrower throws until a total 7-14 (the
    /// opponent's number), then until a different total 7-14 (his own);
    /// hazards, and the opponent's number while seeking his own, are
    /// thrown again. The throw is counted in `throws`.
    // Always inlined into the banking games' loop of assignment throws:
    // as a call it was a third of Half Hazard's instructions.
    #[inline(always)]
    pub fn assign_step<L: Log>(
        &mut self,
        thrower: Seat,
        dice: &mut Dice,
        log: &mut L,
        throws: &mut u32,
    ) {
        let t = dice.throw_for_total::<3>();
        *throws += 1;
        let s = total(t);
        if is_hazard(s) {
            say!(
                log,
                "seat {} throws {} while assigning: a hazard, thrown again",
                thrower + 1,
                show(t)
            );
        } else if self.opponent == 0 {
            self.opponent = s;
            say!(
                log,
                "seat {} throws {}: {} is the opponent's number",
                thrower + 1,
                show(t),
                s
            );
        } else if s == self.opponent {
            say!(
                log,
                "seat {} throws {}: the opponent's number again, thrown again",
                thrower + 1,
                show(t)
            );
        } else {
            self.own = s;
            say!(
                log,
                "seat {} throws {}: {} is his own number",
                thrower + 1,
                show(t),
                s
            );
        }
    }
}

/// The two players' money and the pot between them. Their sum never changes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Purse {
    /// Each player's money outside the pot.
    pub funds: [i64; 2],
    /// The pot.
    pub pot: i64,
    /// Each player's starting money.
    pub start: i64,
}

impl Purse {
    /// Both players with `start` money and an empty pot.
    pub fn new(start: i64) -> Purse {
        Purse {
            funds: [start; 2],
            pot: 0,
            start,
        }
    }

    /// Whether `seat` can put `amount` into the pot.
    #[inline]
    pub fn covers(&self, seat: Seat, amount: i64) -> bool {
        self.funds[seat] >= amount
    }

    /// `seat` puts `amount` into the pot.
    #[inline]
    pub fn put(&mut self, seat: Seat, amount: i64) {
        self.funds[seat] -= amount;
        self.pot += amount;
    }

    /// `seat` takes `amount` from the pot.
    #[inline]
    pub fn take(&mut self, seat: Seat, amount: i64) {
        self.funds[seat] += amount;
        self.pot -= amount;
    }

    /// What `seat` has won or lost so far (the pot not counted).
    #[inline]
    pub fn payoff(&self, seat: Seat) -> i64 {
        self.funds[seat] - self.start
    }

    /// Ends the game: "w przypadku końca gry, dzielona między graczy" — the
    /// pot is split in halves, an odd unit to `odd_to`. The outcome goes by
    /// money: who has more than at the start wins (the other then has less),
    /// ending `reason`; equal money is a draw, ending `even`.
    pub fn settle<L: Log>(&mut self, odd_to: Seat, reason: &'static str, log: &mut L) -> Outcome {
        let half = self.pot / 2;
        let odd = self.pot - 2 * half;
        say!(
            log,
            "the game ends ({}): the pot of {} is split, {} each{}",
            reason,
            self.pot,
            half,
            if odd > 0 {
                format!(", the odd unit to seat {}", odd_to + 1)
            } else {
                String::new()
            }
        );
        self.take(0, half);
        self.take(1, half);
        self.take(odd_to, odd);
        say!(
            log,
            "seat 1 has {}, seat 2 has {} (started with {})",
            self.funds[0],
            self.funds[1],
            self.start
        );
        if self.funds[0] > self.start {
            Outcome::win(0, reason)
        } else if self.funds[1] > self.start {
            Outcome::win(1, reason)
        } else {
            Outcome::draw(SeatSet::all(2), "even")
        }
    }
}
