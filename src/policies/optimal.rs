//! The policy `optimal`: plays the equilibrium strategy
//! ([`crate::analysis::equilibrium`]) of a game small enough to solve,
//! every seat maximising its chance of winning (`optimal`, `optimal:win`)
//! or its expected money (`optimal:payoff`). The strategy is computed
//! once per game and options and shared by every seat and thread that
//! plays it.

use std::any::Any;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::analysis::equilibrium::{Objective, Strategy, equilibrium};
use crate::core::game::Game;
use crate::core::options::Options;
use crate::core::policy::{BotError, Policy};
use crate::core::seed::Rng;
use crate::core::state_key::StateKey;
use crate::policies::policy_error::PolicyError;

/// The most states `optimal` lists before it gives up.
pub const STATE_LIMIT: usize = 1_000_000;

/// The optimal policy of a game `G`.
pub struct Optimal {
    strategy: Arc<Strategy>,
    key: StateKey,
}

/// Strategies computed so far, by game, options and objective.
type Cache = Mutex<HashMap<String, Arc<dyn Any + Send + Sync>>>;

fn cache() -> &'static Cache {
    static CACHE: OnceLock<Cache> = OnceLock::new();
    CACHE.get_or_init(Cache::default)
}

impl Optimal {
    /// The optimal policy for `objective` in a game `G` with `options`
    /// (as in force), computing its strategy unless it was before.
    pub fn new<G: Game>(options: &Options, objective: Objective) -> Result<Optimal, PolicyError> {
        let id = format!("{}|{options:?}|{}", G::NAME, objective.name());
        // Held while computing, so that threads building the same policy
        // wait for one computation rather than each making their own.
        let mut cache = cache().lock().unwrap_or_else(|e| e.into_inner());
        let strategy = match cache
            .get(&id)
            .and_then(|s| s.clone().downcast::<Strategy>().ok())
        {
            Some(s) => s,
            None => {
                let refused = |reason: String| PolicyError::Optimal {
                    game: G::NAME,
                    reason,
                };
                let start = G::new(options).map_err(|e| refused(e.to_string()))?;
                let s = Arc::new(
                    equilibrium(&start, objective, STATE_LIMIT)
                        .map_err(|e| refused(e.to_string()))?,
                );
                cache.insert(id, s.clone());
                s
            }
        };
        Ok(Optimal {
            strategy,
            key: StateKey::default(),
        })
    }

    /// The index of the optimal move among `moves` in `game`.
    fn pick<G: Game>(&mut self, game: &G, moves: &[G::Move]) -> Result<usize, BotError> {
        self.key.clear();
        game.rules_key(&mut self.key);
        match self.strategy.choice(&self.key) {
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

impl<G: Game> Policy<G> for Optimal {
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
        let Some(i) = self.strategy.choice(&key) else {
            return false;
        };
        out.clear();
        out.extend((0..moves.len()).map(|j| f64::from(u8::from(j == i))));
        true
    }
}
