//! The policy `optimal`: plays the equilibrium strategy
//! ([`crate::analysis::equilibrium`]) of a game small enough to solve,
//! every seat maximising its chance of winning (`optimal`, `optimal:win`)
//! or its expected money (`optimal:payoff`). The strategy is computed
//! once per game and options and shared by every seat and thread that
//! plays it.
//!
//! A game too large to list whole but that falls into stages (Half
//! Hazard's ten turns) is solved by stages
//! ([`crate::analysis::staged_equilibrium`]): the strategy keeps each
//! stage start's value, and a decision is found by settling the rest of
//! its stage from the values of the starts it leads to, every choice of
//! that stage then kept for the decisions that follow in it.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

use rustc_hash::FxHashMap;

use crate::analysis::equilibrium::{Objective, Strategy, equilibrium};
use crate::analysis::exact_error::ExactError;
use crate::analysis::staged_equilibrium::{StagedStrategy, staged_equilibrium};
use crate::core::options::Options;
use crate::core::policy::{BotError, Policy};
use crate::core::seed::Rng;
use crate::core::stages::Stages;
use crate::core::state_key::StateKey;
use crate::policies::policy_error::PolicyError;

/// The most states `optimal` lists before it gives up, unless
/// [`set_state_limit`] said otherwise.
pub use crate::analysis::exact_limits::STATE_LIMIT;

/// Past this many states a game that falls into stages is solved by
/// stages: the whole game is listed first only while it is small, where
/// it costs little and gives the figures it always gave.
pub const WHOLE_FIRST: usize = 200_000;

/// The limit in force (0: [`STATE_LIMIT`]).
static LIMIT: AtomicUsize = AtomicUsize::new(0);

/// Sets the most states `optimal` lists for the rest of the process
/// (`ludus exact --limit`).
pub fn set_state_limit(limit: usize) {
    LIMIT.store(limit, Ordering::Relaxed);
}

/// The most states `optimal` lists now.
pub fn state_limit() -> usize {
    match LIMIT.load(Ordering::Relaxed) {
        0 => STATE_LIMIT,
        n => n,
    }
}

/// A game's equilibrium, solved whole or by stages.
pub enum Solved<G> {
    /// Every reachable state's choice.
    Whole(Strategy),
    /// Every stage start's value.
    Staged(Box<StagedStrategy<G>>),
}

impl<G: Stages> Solved<G> {
    /// The equilibrium of `start` for `objective`, listing at most
    /// `limit` states: whole where the game is small or has no stages,
    /// else by stages.
    pub fn solve(start: &G, objective: Objective, limit: usize) -> Result<Solved<G>, ExactError> {
        match equilibrium(start, objective, limit.min(WHOLE_FIRST)) {
            Err(ExactError::TooManyStates { .. }) if limit > WHOLE_FIRST => {
                match staged_equilibrium(start, objective, limit)? {
                    Some(s) => Ok(Solved::Staged(Box::new(s))),
                    None => equilibrium(start, objective, limit).map(Solved::Whole),
                }
            }
            other => other.map(Solved::Whole),
        }
    }

    /// Each seat's objective at the start under optimal play.
    pub fn value(&self) -> Vec<f64> {
        match self {
            Solved::Whole(s) => s.value.clone(),
            Solved::Staged(s) => s.value(),
        }
    }

    /// How many states were listed.
    pub fn states(&self) -> usize {
        match self {
            Solved::Whole(s) => s.states,
            Solved::Staged(s) => s.starts.states,
        }
    }
}

/// The optimal policy of a game `G`.
pub struct Optimal<G> {
    solved: Arc<Solved<G>>,
    key: StateKey,
    /// The choices found by stages so far, by state key; cleared when
    /// it holds [`CACHED`].
    found: RefCell<FxHashMap<StateKey, u32>>,
}

/// The most choices found by stages one policy keeps.
const CACHED: usize = 1 << 20;

/// Strategies computed so far, by game, options, objective and limit.
type Cache = Mutex<HashMap<String, Arc<dyn Any + Send + Sync>>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Cache::default)
}

impl<G: Stages> Optimal<G> {
    /// The optimal policy for `objective` in a game `G` with `options`
    /// (as in force), computing its strategy unless it was before.
    pub fn new(options: &Options, objective: Objective) -> Result<Optimal<G>, PolicyError> {
        Self::new_within(options, objective, state_limit())
    }

    /// [`Optimal::new`], listing at most `limit` states: at most
    /// [`WHOLE_FIRST`] keeps to the whole game's listing (no stages).
    pub fn new_within(
        options: &Options,
        objective: Objective,
        limit: usize,
    ) -> Result<Optimal<G>, PolicyError> {
        let id = format!("{}|{options:?}|{}|{limit}", G::NAME, objective.name());
        // Held while computing, so that threads building the same policy
        // wait for one computation rather than each making their own.
        let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
        let solved = match cache
            .get(&id)
            .and_then(|s| s.clone().downcast::<Solved<G>>().ok())
        {
            Some(s) => s,
            None => {
                let refused = |reason: String| PolicyError::Optimal {
                    game: G::NAME,
                    reason,
                };
                let start = G::new(options).map_err(|e| refused(e.to_string()))?;
                let s = Arc::new(
                    Solved::solve(&start, objective, limit).map_err(|e| refused(e.to_string()))?,
                );
                cache.insert(id, s.clone());
                s
            }
        };
        Ok(Optimal {
            solved,
            key: StateKey::default(),
            found: RefCell::default(),
        })
    }

    /// The strategy the policy plays.
    pub fn solved(&self) -> &Arc<Solved<G>> {
        &self.solved
    }

    /// The index of the optimal move in `game` (whose key is `key`), or
    /// `None` where `game` is not reached from the start.
    fn choice(&self, game: &G, key: &StateKey) -> Result<Option<usize>, BotError> {
        match &*self.solved {
            Solved::Whole(s) => Ok(s.choice(key)),
            Solved::Staged(s) => {
                if let Some(&c) = self.found.borrow().get(key) {
                    return Ok(Some(c as usize));
                }
                let choices = s.choices_from(game).map_err(|e| BotError {
                    message: format!("optimal: {e}"),
                })?;
                let Some(choices) = choices else {
                    return Ok(None);
                };
                let first = choices.first().map(|&(_, c)| c as usize);
                let mut found = self.found.borrow_mut();
                if found.len() + choices.len() > CACHED {
                    found.clear();
                }
                found.extend(choices);
                Ok(first)
            }
        }
    }

    /// The index of the optimal move among `moves` in `game`.
    fn pick(&mut self, game: &G, moves: &[G::Move]) -> Result<usize, BotError> {
        let mut key = std::mem::take(&mut self.key);
        key.clear();
        game.rules_key(&mut key);
        let chosen = self.choice(game, &key);
        self.key = key;
        match chosen? {
            Some(i) if i < moves.len() => Ok(i),
            _ => Err(BotError {
                message: format!(
                    "optimal: this position of {} is not one its strategy reached from the start",
                    G::NAME
                ),
            }),
        }
    }
}

impl<G: Stages> Policy<G> for Optimal<G> {
    fn choose(&mut self, game: &G, moves: &[G::Move], _rng: &mut Rng) -> Result<usize, BotError> {
        self.pick(game, moves)
    }

    fn knows_distribution(&self) -> bool {
        true
    }

    /// Its strategy is keyed by what the rules read.
    fn reads_rules_only(&self) -> bool {
        true
    }

    fn distribution(&self, game: &G, moves: &[G::Move], out: &mut Vec<f64>) -> bool {
        let mut key = StateKey::default();
        game.rules_key(&mut key);
        let Ok(Some(i)) = self.choice(game, &key) else {
            return false;
        };
        out.clear();
        out.extend((0..moves.len()).map(|j| f64::from(u8::from(j == i))));
        true
    }
}
