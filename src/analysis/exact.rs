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

use std::collections::hash_map::Entry;

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::analysis::exact_limits::{MAX_COMPONENT, MAX_LENGTH, MAX_LENGTH_WORK, SETTLED};

use crate::analysis::absorption::values_in;
use crate::analysis::branches::{Branching, Listing, Share, add_edge, key_hash, write_key};
use crate::analysis::exact_error::ExactError;
use crate::analysis::exact_fractions::{self, EdgeChances, ExactShares, Fraction, FractionBounds};
use crate::analysis::markov::{Chain, Edge, components};
use crate::analysis::mirrors::Mirrors;
use crate::analysis::reward_distribution::{RewardDistribution, reward_distribution};
use crate::analysis::stage_solution::{StageSolution, solve_stages};
use crate::analysis::staged_lengths::StagedChain;
use crate::core::game::{Game, Turn};
use crate::core::outcome::Outcome;
use crate::core::policy::Policy;
use crate::core::stages::Stages;
use crate::core::state_key::StateKey;

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
    /// Whether the length's distribution was sought: not where optimal
    /// play was solved by stages ([`crate::analysis::staged_play`]),
    /// which finds the mean only (`length` then holds nothing but its
    /// tail, the whole chance).
    pub length_sought: bool,
    /// The same odds as exact fractions, where the chain is small enough
    /// ([`FRACTIONS`]) and every chance is a fraction.
    pub fractions: Option<ExactFractions>,
}

impl Exact {
    /// The probability that a game runs past `cap` (in the game's unit):
    /// the lengths beyond it and the tail not counted; what a length cap
    /// would cut off.
    pub fn past(&self, cap: u64) -> f64 {
        self.length.tail
            + self
                .length
                .probabilities
                .iter()
                .filter(|&&(length, _)| length > cap)
                .map(|&(_, p)| p)
                .sum::<f64>()
    }
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
pub const PER_SEAT: usize = 4;

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
pub fn exact<G: Stages>(
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
    /// The most states an `optimal` seat's equilibrium lists
    /// ([`crate::policies::optimal::Solved::solve`]): past 200,000 a
    /// game that falls into stages is solved by stages, which may take a
    /// minute, so a run asking for a side figure bounds it lower.
    pub equilibrium: usize,
}

impl Bounds {
    /// At most `states` states, in the play and in an `optimal` seat's
    /// equilibrium, the outcomes followed unbounded.
    pub fn states(states: usize) -> Bounds {
        Bounds {
            states,
            outcomes: u64::MAX,
            equilibrium: states,
        }
    }
}

/// [`exact`] within `bounds`. Where every policy decides by what a stage
/// of play keeps ([`Policy::stage_local`]) and the game is larger than
/// its exact fractions allow ([`FRACTIONS`]), its stages are solved apart
/// ([`crate::core::stages::Stages`]), once for all that play alike; where
/// both seats play alike ([`Policy::alike`]), each state is also merged
/// with its mirror ([`crate::core::stages::Stages::mirror`]).
pub fn exact_within<G: Stages>(
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
    // Refused at once where the rules make it certain, not after listing
    // up to the limit (Tanto of 3 players and 1,000 rounds: 36 s).
    if start.states_at_least() > bounds.states as u64 {
        return Err(ExactError::TooManyStates {
            limit: bounds.states,
        });
    }
    // Past the fractions' bound, states are merged with their mirrors
    // where both seats play alike.
    let mirror = seats_alike(policies);
    let small = Bounds {
        states: bounds.states.min(FRACTIONS.0),
        ..bounds
    };
    let staged = policies.iter().all(|p| p.stage_local());
    let reached = if staged || mirror {
        match reachable(start, policies, small, Ways::default()) {
            Err(ExactError::TooManyStates { .. }) => {
                reachable(start, policies, bounds, Ways { staged, mirror })?
            }
            other => other?,
        }
    } else {
        reachable(start, policies, bounds, Ways::default())?
    };
    let Reached {
        chain,
        mirrors,
        fractions: chances,
        stages,
        states,
    } = reached;
    // Only the start's values are read: found forward from it, through
    // the components that the lengths read too.
    let order: Vec<Vec<usize>> = components(&chain).collect();
    let (values, mean_length) = match &mirrors {
        None => values_in(&chain, &order, 0, MAX_COMPONENT)?,
        Some(m) => m.values_from(&chain, &order, 0, MAX_COMPONENT, |v| {
            let (first, second) = v.split_at(PER_SEAT);
            [second, first].concat()
        })?,
    };
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
    let length = match stages {
        None => reward_distribution(&chain, 0, SETTLED, MAX_LENGTH, MAX_LENGTH_WORK),
        Some(stages) => stages.length_distribution(&chain, &order, mean_length),
    };
    Ok(Exact {
        seats,
        mean_length,
        length,
        states,
        fractions,
        length_sought: true,
    })
}

/// What listing the reachable states gives.
struct Reached {
    /// The chain of states reachable from the start (state 0), each
    /// edge's reward the length it adds on average; where mirrored states
    /// were merged, of their representatives, its ends' values those of
    /// the representatives.
    chain: Chain,
    /// Where mirrored states were merged, the edges that lead to a
    /// representative's mirror.
    mirrors: Option<Mirrors>,
    /// Its edges' chances as fractions, while the chain is no longer than
    /// [`FRACTIONS`] allows, every chance is one, and no stage was solved
    /// apart.
    fractions: Option<EdgeChances>,
    /// The stages solved apart, if any.
    stages: Option<StagedChain>,
    /// The states listed, those of the stages included.
    states: usize,
}

/// How the reachable states are listed.
#[derive(Clone, Copy, Debug, Default)]
struct Ways {
    /// Stages solved apart.
    staged: bool,
    /// Each state merged with its mirror ([`Stages::mirror`]).
    mirror: bool,
}

/// Whether two seats play alike ([`Policy::alike`]), so that states and
/// their mirrors have the same odds, the seats' exchanged.
fn seats_alike<G: Game>(policies: &[Box<dyn Policy<G>>]) -> bool {
    match policies {
        [a, b] => a.alike().is_some() && a.alike() == b.alike(),
        _ => false,
    }
}

/// The number of `after`'s state in `listing`: where mirrors are merged,
/// that of its representative times two, plus one if `after` is the
/// mirror of it.
fn number<G: Stages>(listing: &mut Listing<G>, after: &G, mirror: bool) -> usize {
    if !mirror {
        return listing.number(after);
    }
    let (listed, flipped) = represented(after.clone(), mirror);
    2 * listing.number(&listed) + usize::from(flipped)
}

/// `state` as it is listed: its mirror where mirrors are merged and the
/// game takes the mirror as the pair's representative
/// ([`Stages::mirror`]), and whether it is.
fn represented<G: Stages>(mut state: G, mirror: bool) -> (G, bool) {
    let flipped = mirror && state.mirror();
    (state, flipped)
}

/// The chain of states reachable from `start`, listed as `ways` says.
fn reachable<G: Stages>(
    start: &G,
    policies: &[Box<dyn Policy<G>>],
    bounds: Bounds,
    ways: Ways,
) -> Result<Reached, ExactError> {
    let Ways { staged, mirror } = ways;
    let limit = bounds.states;
    let branching = Branching::new(policies, bounds.outcomes);
    let mut listed = Listed {
        listing: Listing::new(start, branching.rules_only())?,
        branching,
        chain: Chain::new(start.players() * PER_SEAT),
        fractions: (!mirror).then(Vec::new),
        stages: StagedChain::default(),
        // Until added, the chain's edges lead to a state's number times
        // two, plus one for its mirror.
        mirrors: mirror.then(Mirrors::default),
    };
    // The stages solved, by the key of their start.
    let mut solved: Vec<StageSolution<G>> = Vec::new();
    let mut stage_ids: FxHashMap<StateKey, usize> = FxHashMap::default();
    let mut stage_states = 0;
    let too_many = |listed: &Listed<'_, G>, stage_states| {
        (listed.listing.len() + stage_states > limit).then_some(ExactError::TooManyStates { limit })
    };
    // A generation at a time, the states found by the last: the stages
    // its states begin, first met there, are solved before it, side by
    // side, and the states their ends lead to are keyed side by side.
    loop {
        let generation = listed.listing.take_queue();
        if generation.is_empty() {
            break;
        }
        // Each state's stage, where it begins one: its start played apart
        // and its number.
        let begun: Vec<Option<(G, usize)>> = if staged {
            let (of_queue, new) =
                stages_begun(&generation, &listed.listing, &mut stage_ids, solved.len());
            let left = limit.saturating_sub(listed.listing.len() + stage_states);
            let at_once =
                solve_stages(&new, policies, &mut listed.branching, left).map_err(|e| match e {
                    ExactError::TooManyStates { .. } => ExactError::TooManyStates { limit },
                    e => e,
                })?;
            for mut stage in at_once {
                stage_states += stage.states;
                // The lengths serve only the length count: kept there.
                listed
                    .stages
                    .lengths
                    .push(std::mem::take(&mut stage.lengths));
                solved.push(stage);
            }
            if let Some(e) = too_many(&listed, stage_states) {
                return Err(e);
            }
            of_queue
        } else {
            generation.iter().map(|_| None).collect()
        };
        let rules_only = listed.listing.rules_only();
        let solved = &solved;
        let key = |chunk| EndKeys::of_chunk(chunk, solved, mirror, rules_only);
        let chunks: Vec<Chunk<'_, G>> = generation
            .chunks(KEYED_AT_ONCE)
            .zip(begun.chunks(KEYED_AT_ONCE))
            .collect();
        let mut keyed_next = match chunks.first() {
            Some(&first) if staged => key(first),
            _ => Vec::new(),
        };
        for (i, &(games, begun)) in chunks.iter().enumerate() {
            let mut keyed = std::mem::take(&mut keyed_next).into_iter();
            // The next chunk's keys are written while this one's are
            // looked up, which must be in order.
            let ahead = chunks.get(i + 1).filter(|_| staged);
            keyed_next = std::thread::scope(|scope| -> Result<_, ExactError> {
                let ahead = ahead.map(|&next| scope.spawn(move || key(next)));
                for (game, stage_of) in games.iter().zip(begun) {
                    let stage = match (stage_of, keyed.next().flatten()) {
                        (Some((apart, id)), Some(keyed)) => Some(Begun {
                            apart,
                            id: *id,
                            solution: &solved[*id],
                            keyed,
                        }),
                        _ => None,
                    };
                    listed.add(game, stage)?;
                    if let Some(e) = too_many(&listed, stage_states) {
                        return Err(e);
                    }
                }
                Ok(ahead.map_or_else(Vec::new, |keying| {
                    keying
                        .join()
                        .unwrap_or_else(|e| std::panic::resume_unwind(e))
                }))
            })?;
        }
    }
    let Listed {
        listing,
        chain,
        fractions,
        mut stages,
        mirrors,
        ..
    } = listed;
    let states = listing.len() + stage_states;
    let stages = (!solved.is_empty()).then(|| {
        stages.nodes.resize(chain.len(), None);
        stages
    });
    Ok(Reached {
        chain,
        // A game that mirrors no state (its seats alike, but no mirror
        // given) has no edge to a mirror.
        mirrors: mirrors.and_then(Mirrors::finish),
        fractions,
        stages,
        states,
    })
}

/// A stage solved apart that a state begins.
struct Begun<'s, G> {
    /// Its start played apart.
    apart: &'s G,
    /// Its number.
    id: usize,
    solution: &'s StageSolution<G>,
    /// The keys of the states its ends lead to from the state.
    keyed: EndKeys,
}

/// The chain as it is listed, with what goes with each state added.
struct Listed<'a, G: Game> {
    listing: Listing<G>,
    branching: Branching<'a, G>,
    chain: Chain,
    /// The edges' chances as fractions, while all are.
    fractions: Option<EdgeChances>,
    stages: StagedChain,
    /// Where mirrors are merged, which edges lead to one.
    mirrors: Option<Mirrors>,
}

impl<G: Stages> Listed<'_, G> {
    /// Adds `game`'s state to the chain: where it begins a stage solved
    /// apart, one edge to where each of the stage's ends leads, else an
    /// edge to every state its ways lead to.
    fn add(&mut self, game: &G, stage: Option<Begun<'_, G>>) -> Result<(), ExactError> {
        let mirror = self.mirrors.is_some();
        if self.listing.len() > FRACTIONS.0 {
            self.fractions = None;
        }
        if game.turn() == Turn::Over {
            let outcome = game.outcome().ok_or(ExactError::NoOutcome)?;
            self.chain.push_absorbing(terminal(game, &outcome));
            if let Some(m) = self.mirrors.as_mut() {
                m.add(&mut []);
            }
            if let Some(f) = self.fractions.as_mut() {
                f.push(Vec::new());
            }
            return Ok(());
        }
        let mut edges: Vec<Edge> = Vec::new();
        if let Some(Begun {
            apart,
            id,
            solution: stage,
            keyed,
        }) = stage
        {
            // One edge an end, not merged: ends lead to states apart, and
            // merging would cost the square of their number (Growing
            // Hazard's stage starts have some seventy each).
            edges.reserve_exact(stage.ends.len());
            for ((end, p), (hash, key, flipped)) in stage.ends.iter().zip(keyed.ways()) {
                let n = self.listing.number_keyed(hash, key, || {
                    represented(game.after_stage(apart, end), mirror).0
                });
                let to = if mirror {
                    2 * n + usize::from(flipped)
                } else {
                    n
                };
                edges.push(Edge::new(to, *p, stage.mean_length));
            }
            self.stages.nodes.resize(self.chain.len(), None);
            self.stages.nodes.push(Some(id));
            self.fractions = None;
        } else {
            // The chances of `edges` as fractions, in step with them.
            let mut shares = ExactShares::new(self.fractions.is_some());
            let exact = shares.is_on();
            let listing = &mut self.listing;
            self.branching.each(game, exact, |after, p, share| {
                let to = number(listing, after, mirror);
                let reward = f64::from(after.length() - game.length());
                let edge = add_edge(&mut edges, to, p, reward);
                match share {
                    Share::Ways(ways) => shares.add_ways(edge, ways),
                    Share::Fraction(f) => shares.add_fraction(edge, f),
                }
            })?;
            match (self.fractions.as_mut(), shares.finish()) {
                (Some(f), Some(e)) => f.push(e),
                _ => self.fractions = None,
            }
        }
        if let Some(m) = self.mirrors.as_mut() {
            m.add(&mut edges);
        }
        self.chain.push_transient(edges);
        Ok(())
    }
}

/// For each state of `generation`, the stage it begins, if any: its
/// start played apart and its number in `ids` (keyed as in `listing`); and the stages `ids` did
/// not hold, in the order first met, each given the next number from
/// `next`.
fn stages_begun<G: Stages>(
    generation: &[G],
    listing: &Listing<G>,
    ids: &mut FxHashMap<StateKey, usize>,
    mut next: usize,
) -> (Vec<Option<(G, usize)>>, Vec<G>) {
    let mut new = Vec::new();
    let of_queue = generation
        .iter()
        .map(|game| {
            if game.turn() == Turn::Over || !game.stage_begins() {
                return None;
            }
            let apart = game.stage()?;
            let id = match ids.entry(listing.key_of(&apart)) {
                Entry::Occupied(slot) => *slot.get(),
                Entry::Vacant(slot) => {
                    new.push(apart.clone());
                    next += 1;
                    *slot.insert(next - 1)
                }
            };
            Some((apart, id))
        })
        .collect();
    (of_queue, new)
}

/// Some states of a generation, with the stage each begins, if any.
type Chunk<'a, G> = (&'a [G], &'a [Option<(G, usize)>]);

/// How many states' ends are keyed side by side at once: about a megabyte
/// of keys (Growing Hazard's stage starts have some seventy ends, each a
/// key of some seventy bytes), and small enough that a generation of a
/// few thousand states is looked up mostly while its next chunk is keyed.
const KEYED_AT_ONCE: usize = 256;

/// The keys of the states a stage's ends lead to from one state where it
/// begins, found apart from the listing (and so side by side), in the
/// order of the ends.
struct EndKeys {
    /// The keys, end to end.
    keys: Vec<u8>,
    /// Each key's hash ([`key_hash`]), where it ends in `keys`, and whether
    /// it is the key of the mirror of the state the end leads to.
    ways: Vec<(u64, usize, bool)>,
}

impl EndKeys {
    /// The keys of the states that `stage`, begun at `game` and played
    /// apart from `apart`, leads to, each the mirror's where `mirror` and
    /// the game takes the mirror ([`Stages::mirror`]); `key` is room to
    /// write in.
    fn of<G: Stages>(
        (game, apart, stage): (&G, &G, &StageSolution<G>),
        mirror: bool,
        rules_only: bool,
        key: &mut StateKey,
    ) -> EndKeys {
        let mut keyed = EndKeys {
            keys: Vec::new(),
            ways: Vec::with_capacity(stage.ends.len()),
        };
        for (end, _) in &stage.ends {
            let (after, mirrored) = represented(game.after_stage(apart, end), mirror);
            write_key(&after, rules_only, key);
            // Room for all, the keys alike in length.
            if keyed.keys.is_empty() {
                keyed.keys.reserve(key.0.len() * stage.ends.len());
            }
            keyed.keys.extend_from_slice(&key.0);
            let way = (key_hash(&key.0), keyed.keys.len(), mirrored);
            keyed.ways.push(way);
        }
        keyed
    }

    /// The keys of each state of `chunk` that begins a stage (of those
    /// `solved`), side by side.
    fn of_chunk<G: Stages>(
        (games, begun): Chunk<'_, G>,
        solved: &[StageSolution<G>],
        mirror: bool,
        rules_only: bool,
    ) -> Vec<Option<EndKeys>> {
        games
            .par_iter()
            .zip(begun)
            .map_init(StateKey::default, |key, (game, stage_of)| {
                let (apart, id) = stage_of.as_ref()?;
                let ways = (game, apart, &solved[*id]);
                Some(EndKeys::of(ways, mirror, rules_only, key))
            })
            .collect()
    }

    /// Each key with its hash and whether it is a mirror's.
    fn ways(&self) -> impl Iterator<Item = (u64, &[u8], bool)> {
        let starts = std::iter::once(0).chain(self.ways.iter().map(|&(_, end, _)| end));
        self.ways
            .iter()
            .zip(starts)
            .map(|(&(hash, end, flipped), start)| (hash, &self.keys[start..end], flipped))
    }
}

/// Each seat's win, draw, loss and payoff in a finished game.
fn terminal<G: Game>(game: &G, outcome: &Outcome) -> Vec<f64> {
    let mut values = Vec::with_capacity(game.players() * PER_SEAT);
    terminal_values(game, outcome, &mut values);
    values
}

/// Adds to `into` each seat's win alone, shared first place, neither, and
/// payoff ([`PER_SEAT`] values a seat) in a finished game.
pub fn terminal_values<G: Game>(game: &G, outcome: &Outcome, into: &mut Vec<f64>) {
    for s in 0..game.players() {
        let first = outcome.winners.contains(s);
        let alone = outcome.sole_winner() == Some(s);
        into.extend([
            f64::from(u8::from(alone)),
            f64::from(u8::from(first && !alone)),
            f64::from(u8::from(!first)),
            game.payoff(s) as f64,
        ]);
    }
}
