//! The ways play goes on from a state under known policies, and the states
//! they reach numbered as they are found: what exact analysis lists,
//! whether the whole game ([`crate::analysis::exact`]) or one stage of it
//! played apart ([`crate::analysis::stage_solution`]).

use std::collections::VecDeque;
use std::hash::Hasher;

use hashbrown::HashTable;
use rustc_hash::FxHasher;

use crate::analysis::exact_error::ExactError;
use crate::analysis::exact_fractions::{Fraction, small_fraction};
use crate::analysis::exact_limits::CHANCE_LIMIT;
use crate::analysis::markov::Edge;
use crate::core::chance_outcomes::{ChanceWalk, Ways};
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::policy::Policy;
use crate::core::state_key::StateKey;

/// A branch's chance, exactly: so many of so many ways (a throw), or a
/// fraction (a decision); `None` where not known exactly.
pub enum Share {
    /// So many of so many ways.
    Ways(Option<Ways>),
    /// This fraction.
    Fraction(Option<Fraction>),
}

/// The branches of play under `policies`, within a budget of outcomes
/// followed.
pub struct Branching<'a, G: Game> {
    policies: &'a [Box<dyn Policy<G>>],
    budget: u64,
    /// Outcomes followed so far.
    followed: u64,
    moves: Vec<G::Move>,
    chances: Vec<f64>,
    walk: ChanceWalk<G>,
}

impl<'a, G: Game> Branching<'a, G> {
    /// Branches with `policies` choosing, at most `budget` outcomes.
    pub fn new(policies: &'a [Box<dyn Policy<G>>], budget: u64) -> Self {
        Branching {
            policies,
            budget,
            followed: 0,
            moves: Vec::new(),
            chances: Vec::new(),
            walk: ChanceWalk::default(),
        }
    }

    /// How many more outcomes may be followed.
    pub fn left(&self) -> u64 {
        self.budget.saturating_sub(self.followed)
    }

    /// Counts `outcomes` followed elsewhere (by branchings of the
    /// policies' forks); refused past the budget.
    pub fn spend(&mut self, outcomes: u64) -> Result<(), ExactError> {
        self.followed = self.followed.saturating_add(outcomes);
        if self.followed > self.budget {
            return Err(ExactError::TooMuchWork {
                branches: self.budget,
            });
        }
        Ok(())
    }

    /// Whether states may be told apart by what the rules read only
    /// ([`Game::rules_key`]): every policy decides by no more.
    pub fn rules_only(&self) -> bool {
        self.policies.iter().all(|p| p.reads_rules_only())
    }

    /// Calls `branch(after, chance, share)` for every way play goes on
    /// from `game` (a chance event or a decision; not a game over), with
    /// the chance as a fraction too where `exact` asks for it.
    pub fn each(
        &mut self,
        game: &G,
        exact: bool,
        mut branch: impl FnMut(&G, f64, Share),
    ) -> Result<(), ExactError> {
        let budget = self.budget;
        // A throw of many dice is cut short by what is left of the
        // budget, not followed whole first.
        let left = budget
            .saturating_sub(self.followed)
            .min(CHANCE_LIMIT as u64) as usize;
        let followed = &mut self.followed;
        match game.turn() {
            Turn::Over => {}
            Turn::Chance => {
                self.walk
                    .each_branch_exact(game, left, |p, ways, after| {
                        *followed += 1;
                        branch(after, p, Share::Ways(ways))
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
                game.legal_moves(&mut self.moves);
                if !self.policies[seat].distribution(game, &self.moves, &mut self.chances) {
                    return Err(ExactError::SeatDistribution { seat: seat + 1 });
                }
                for (&mv, &p) in self.moves.iter().zip(&self.chances) {
                    if p > 0.0 {
                        *followed += 1;
                        let mut after = game.clone();
                        after.play(mv, &mut Silent);
                        let fraction = if exact {
                            small_fraction(p, self.moves.len())
                        } else {
                            None
                        };
                        branch(&after, p, Share::Fraction(fraction));
                    }
                }
            }
        }
        if self.followed > budget {
            return Err(ExactError::TooMuchWork { branches: budget });
        }
        Ok(())
    }
}

/// The states found so far, numbered in the order found, and those not
/// yet expanded, in that order.
pub struct Listing<G> {
    /// Every key found, end to end, in the order numbered: one buffer, not
    /// an allocation a state (Half Hazard lists a million).
    keys: Vec<u8>,
    /// Where each state's key ends in `keys`.
    ends: Vec<usize>,
    /// Each state's number, with its key's hash.
    index: HashTable<(u64, usize)>,
    queue: VecDeque<G>,
    key: StateKey,
    rules_only: bool,
}

impl<G: Game> Listing<G> {
    /// A listing of `start` alone (number 0), its states told apart by
    /// [`Game::rules_key`] if `rules_only`, else by [`Game::state_key`].
    pub fn new(start: &G, rules_only: bool) -> Result<Self, ExactError> {
        let mut listing = Listing {
            keys: Vec::new(),
            ends: Vec::new(),
            index: HashTable::new(),
            queue: VecDeque::new(),
            key: StateKey::default(),
            rules_only,
        };
        if !listing.write_key(start) {
            return Err(ExactError::NoStateKey { game: G::NAME });
        }
        listing.number(start);
        Ok(listing)
    }

    fn write_key(&mut self, game: &G) -> bool {
        write_key(game, self.rules_only, &mut self.key)
    }

    /// The key that tells `game`'s state apart in this listing, as a copy.
    pub fn key_of(&self, game: &G) -> StateKey {
        let mut key = StateKey::default();
        write_key(game, self.rules_only, &mut key);
        key
    }

    /// Takes every state found and not yet expanded, in the order they
    /// are to be.
    pub fn take_queue(&mut self) -> Vec<G> {
        self.queue.drain(..).collect()
    }

    /// The number of `game`'s state: a new one, queued, if not yet found.
    /// A state is kept only when new.
    pub fn number(&mut self, game: &G) -> usize {
        self.write_key(game);
        let key = std::mem::take(&mut self.key);
        let n = self.number_keyed(key_hash(&key.0), &key.0, || game.clone());
        self.key = key;
        n
    }

    /// The number of the state whose key is `key` (its hash `hash`, by
    /// [`key_hash`]): a new one, `make()` queued, if not yet found.
    pub fn number_keyed(&mut self, hash: u64, key: &[u8], make: impl FnOnce() -> G) -> usize {
        let (keys, ends) = (&self.keys, &self.ends);
        let stored = |n: usize| &keys[if n == 0 { 0 } else { ends[n - 1] }..ends[n]];
        if let Some(&(_, n)) = self
            .index
            .find(hash, |&(h, n)| h == hash && stored(n) == key)
        {
            return n;
        }
        let n = self.ends.len();
        self.keys.extend_from_slice(key);
        self.ends.push(self.keys.len());
        self.index.insert_unique(hash, (hash, n), |&(h, _)| h);
        self.queue.push_back(make());
        n
    }

    /// Whether states are told apart by what the rules read only.
    pub fn rules_only(&self) -> bool {
        self.rules_only
    }

    /// The next state to expand, in the order numbered.
    pub fn pop(&mut self) -> Option<G> {
        self.queue.pop_front()
    }

    /// How many states were found.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether none was (never: the start is).
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }
}

/// The hash a [`Listing`] files a key under.
pub fn key_hash(key: &[u8]) -> u64 {
    let mut hasher = FxHasher::default();
    hasher.write(key);
    hasher.finish()
}

/// Writes `game`'s key into `key`, emptied first: by what the rules read
/// if `rules_only`, else the whole state. False if the game gives none.
pub fn write_key<G: Game>(game: &G, rules_only: bool, key: &mut StateKey) -> bool {
    key.clear();
    if rules_only {
        game.rules_key(key)
    } else {
        game.state_key(key)
    }
}

/// Adds a branch to `to` to `edges`: branches to the same state with the
/// same reward add up, one edge each. Returns the edge's place.
pub fn add_edge(edges: &mut Vec<Edge>, to: usize, probability: f64, reward: f64) -> usize {
    match edges.iter().position(|e| e.to == to && e.reward == reward) {
        Some(i) => {
            edges[i].probability += probability;
            i
        }
        None => {
            edges.push(Edge {
                to,
                probability,
                reward,
            });
            edges.len() - 1
        }
    }
}
