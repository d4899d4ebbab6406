//! Exact play: the probability of each seat winning, drawing and losing,
//! its expected payoff and the distribution of the game's length, when
//! every seat's choice is a known distribution (a uniform random policy, a
//! fixed rule). The states reachable from the start are listed breadth
//! first, equal ones merged by their key ([`Game::state_key`]); chance
//! states branch on their listed outcomes
//! ([`crate::core::chance_outcomes`]), decisions on the policy's
//! distribution. The result is an absorbing Markov chain, solved exactly
//! ([`crate::analysis::markov`]): games that may go on for ever (Hazard's
//! re-throws) are not cut short.

use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use crate::analysis::exact_error::ExactError;
use crate::analysis::exact_fractions::{
    self, EdgeChances, ExactShares, Fraction, FractionBounds, small_fraction,
};
use crate::analysis::markov::{Chain, Edge};
use crate::analysis::reward_distribution::{RewardDistribution, reward_distribution};
use crate::core::chance_outcomes::each_branch_exact;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::outcome::Outcome;
use crate::core::policy::Policy;
use crate::core::seat::Seat;
use crate::core::state_key::StateKey;

/// The most runs of one chance event listed: enough for six dice thrown
/// at once (55,987 runs; three dice take 259).
pub const CHANCE_LIMIT: usize = 100_000;

/// The most states that lead round into one another solved as one dense
/// linear system (its cost is the cube of its size).
pub const MAX_COMPONENT: usize = 3_000;

/// The probability not yet absorbed below which the length distribution
/// stops; what is left is reported as its tail.
pub const SETTLED: f64 = 1e-15;

/// The longest game the length distribution counts.
pub const MAX_LENGTH: u64 = 1_000_000;

/// The most edges the length distribution follows (about a second): past
/// it, the lengths not yet counted are its tail.
pub const MAX_LENGTH_WORK: u64 = 100_000_000;

/// The most reachable states whose odds are also found as exact
/// fractions, and how far those may grow: past either, only the floats
/// are given, as the fractions would cost more than the answer is worth.
pub const FRACTIONS: (usize, FractionBounds) = (
    2_500,
    FractionBounds {
        component: 64,
        bits: 512,
    },
);

/// One seat's exact result.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatOdds {
    /// The probability that it wins alone.
    pub win: f64,
    /// The probability that it shares first place with others.
    pub draw: f64,
    /// The probability that it does neither.
    pub loss: f64,
    /// Its expected payoff, in stake units.
    pub payoff: f64,
}

/// The exact result of play from a start under known policies.
#[derive(Clone, Debug, PartialEq)]
pub struct Exact {
    /// Each seat's odds, by seat.
    pub seats: Vec<SeatOdds>,
    /// The expected length (in the game's unit), by the linear system.
    pub mean_length: f64,
    /// The probability of each length, and the tail not counted.
    pub length: RewardDistribution,
    /// How many distinct states are reachable.
    pub states: usize,
    /// The same odds as exact fractions, where the chain is small enough
    /// ([`FRACTIONS`]) and every chance is a fraction.
    pub fractions: Option<ExactFractions>,
}

/// The exact odds as fractions.
#[derive(Clone, Debug, PartialEq)]
pub struct ExactFractions {
    /// Each seat's win, draw, loss and payoff, by seat.
    pub seats: Vec<[Fraction; PER_SEAT]>,
    /// The expected length.
    pub mean_length: Fraction,
}

/// How many values each seat's terminal vector holds: win, draw, loss,
/// payoff.
const PER_SEAT: usize = 4;

/// Plays every way from `start` with `policies[s]` choosing for seat `s`,
/// refusing more than `limit` reachable states.
///
/// ```
/// use ludus::analysis::exact::exact;
/// use ludus::core::game::Game;
/// use ludus::core::options::Options;
/// use ludus::core::policy::Policy;
/// use ludus::games::dice::hazard::Hazard;
/// use ludus::policies::random::UniformRandom;
/// let options = Options::resolve(
///     Hazard::option_specs(),
///     &[("order".to_string(), "fixed".to_string())],
/// )
/// .unwrap();
/// let game = Hazard::new(&options).unwrap();
/// let seats: Vec<Box<dyn Policy<Hazard>>> = vec![Box::new(UniformRandom), Box::new(UniformRandom)];
/// let e = exact(&game, &seats, 10_000).unwrap();
/// // Seat 1 throws first and wins a little more often.
/// assert!((e.seats[0].win - 0.55799).abs() < 1e-5);
/// assert!((e.seats[0].win + e.seats[1].win - 1.0).abs() < 1e-12);
/// ```
pub fn exact<G: Game>(
    start: &G,
    policies: &[Box<dyn Policy<G>>],
    limit: usize,
) -> Result<Exact, ExactError> {
    exact_within(start, policies, Bounds::states(limit))
}

/// How much an exact solution may take before it is refused: the states
/// reachable, and the outcomes of throws and moves followed. The second
/// bounds the work, which grows with the states times the ways of each
/// throw (six dice throw 46,656 ways), where the first alone does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bounds {
    /// The most reachable states.
    pub states: usize,
    /// The most outcomes followed.
    pub outcomes: u64,
}

impl Bounds {
    /// At most `states` states, the outcomes followed unbounded.
    pub fn states(states: usize) -> Bounds {
        Bounds {
            states,
            outcomes: u64::MAX,
        }
    }
}

/// [`exact`] within `bounds`.
pub fn exact_within<G: Game>(
    start: &G,
    policies: &[Box<dyn Policy<G>>],
    bounds: Bounds,
) -> Result<Exact, ExactError> {
    let players = start.players();
    if policies.len() != players {
        return Err(ExactError::Seats {
            listed: policies.len(),
            seats: players,
        });
    }
    let (chain, chances) = reachable(start, policies, bounds)?;
    let solved = chain.solve(MAX_COMPONENT)?;
    let fractions = chances
        .and_then(|c| exact_fractions::solve(&chain, &c, FRACTIONS.1))
        .map(|f| ExactFractions {
            seats: f
                .values
                .chunks(PER_SEAT)
                .map(|v| [v[0].clone(), v[1].clone(), v[2].clone(), v[3].clone()])
                .collect(),
            mean_length: f.reward,
        });
    let values = solved.values(0);
    let seats = (0..players)
        .map(|s| {
            let v = &values[s * PER_SEAT..(s + 1) * PER_SEAT];
            SeatOdds {
                win: v[0],
                draw: v[1],
                loss: v[2],
                payoff: v[3],
            }
        })
        .collect();
    Ok(Exact {
        seats,
        mean_length: solved.reward(0),
        length: reward_distribution(&chain, 0, SETTLED, MAX_LENGTH, MAX_LENGTH_WORK),
        states: chain.len(),
        fractions,
    })
}

/// The chain of states reachable from `start` (state 0), each edge's
/// reward the length it adds; and its edges' chances as fractions, while
/// the chain is no longer than [`FRACTIONS`] allows and every chance is
/// one.
fn reachable<G: Game>(
    start: &G,
    policies: &[Box<dyn Policy<G>>],
    bounds: Bounds,
) -> Result<(Chain, Option<EdgeChances>), ExactError> {
    let Bounds {
        states: limit,
        outcomes: budget,
    } = bounds;
    let players = start.players();
    let mut key = StateKey::default();
    if !start.state_key(&mut key) {
        return Err(ExactError::NoStateKey { game: G::NAME });
    }
    let mut index: FxHashMap<StateKey, usize> = FxHashMap::default();
    index.insert(key, 0);
    // States found but not yet expanded; found in the order numbered, so
    // each is pushed onto the chain as its number comes.
    let mut queue: VecDeque<G> = VecDeque::from([start.clone()]);
    let mut chain = Chain::new(players * PER_SEAT);
    let (mut moves, mut chances) = (Vec::new(), Vec::new());
    let mut key = StateKey::default();
    let mut followed = 0u64;
    let mut fractions: Option<EdgeChances> = Some(Vec::new());
    while let Some(game) = queue.pop_front() {
        if index.len() > FRACTIONS.0 {
            fractions = None;
        }
        // The chances of `edges` as fractions, in step with them.
        let mut shares = ExactShares::new(fractions.is_some());
        // A throw of many dice is cut short by what is left of the
        // budget, not followed whole first.
        let left = budget.saturating_sub(followed).min(CHANCE_LIMIT as u64) as usize;
        let mut edges: Vec<Edge> = Vec::new();
        let mut too_many = false;
        // A key is copied, and a state kept, only when new.
        let exact = shares.is_on();
        let mut lead = |after: &G, probability: f64, share: Share| {
            followed += 1;
            key.clear();
            after.state_key(&mut key);
            let to = match index.get(&key) {
                Some(&to) => to,
                None => {
                    let to = index.len();
                    index.insert(key.clone(), to);
                    queue.push_back(after.clone());
                    too_many |= index.len() > limit;
                    to
                }
            };
            let reward = f64::from(after.length() - game.length());
            // Outcomes that come to the same state add up: one edge each.
            let at = edges.iter().position(|e| e.to == to && e.reward == reward);
            match at {
                Some(i) => edges[i].probability += probability,
                None => edges.push(Edge {
                    to,
                    probability,
                    reward,
                }),
            }
            let edge = at.unwrap_or(edges.len() - 1);
            match share {
                Share::Ways(ways) => shares.add_ways(edge, ways),
                Share::Fraction(f) => shares.add_fraction(edge, f),
            }
        };
        match game.turn() {
            Turn::Over => {
                let outcome = game.outcome().ok_or(ExactError::NoOutcome)?;
                chain.push_absorbing(terminal(&game, &outcome));
                if let Some(f) = fractions.as_mut() {
                    f.push(Vec::new());
                }
                continue;
            }
            Turn::Chance => {
                each_branch_exact(&game, left, |p, ways, after| {
                    lead(after, p, Share::Ways(ways))
                })
                .map_err(|e| {
                    if left < CHANCE_LIMIT {
                        ExactError::TooMuchWork { branches: budget }
                    } else {
                        e.into()
                    }
                })?;
            }
            Turn::Decide(seat) => {
                game.legal_moves(&mut moves);
                if !policies[seat].distribution(&game, &moves, &mut chances) {
                    return Err(ExactError::SeatDistribution { seat: seat + 1 });
                }
                for (&mv, &p) in moves.iter().zip(&chances) {
                    if p > 0.0 {
                        let mut after = game.clone();
                        after.play(mv, &mut Silent);
                        let fraction = if exact {
                            small_fraction(p, moves.len())
                        } else {
                            None
                        };
                        lead(&after, p, Share::Fraction(fraction));
                    }
                }
            }
        }
        if too_many {
            return Err(ExactError::TooManyStates { limit });
        }
        if followed > budget {
            return Err(ExactError::TooMuchWork { branches: budget });
        }
        chain.push_transient(edges);
        match (fractions.as_mut(), shares.finish()) {
            (Some(f), Some(e)) => f.push(e),
            _ => fractions = None,
        }
    }
    Ok((chain, fractions))
}

/// A branch's chance, exactly: one in so many ways (a throw), or a
/// fraction (a decision); `None` where not known exactly.
enum Share {
    Ways(Option<u128>),
    Fraction(Option<Fraction>),
}

/// Each seat's win, draw, loss and payoff in a finished game.
fn terminal<G: Game>(game: &G, outcome: &Outcome) -> Vec<f64> {
    let seat_values = |s: Seat| {
        let first = outcome.winners.contains(s);
        let alone = outcome.sole_winner() == Some(s);
        [
            f64::from(u8::from(alone)),
            f64::from(u8::from(first && !alone)),
            f64::from(u8::from(!first)),
            game.payoff(s) as f64,
        ]
    };
    (0..game.players()).flat_map(seat_values).collect()
}
