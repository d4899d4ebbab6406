//! The uniform random policy.

use crate::core::game::Game;
use crate::core::policy::{BotError, Policy};
use crate::core::seed::{Rng, below};

/// Picks each legal decision with equal probability, from the seat's stream.
#[derive(Clone, Copy, Debug, Default)]
pub struct UniformRandom;

impl<G: Game> Policy<G> for UniformRandom {
    fn uniform(&self) -> bool {
        true
    }

    fn knows_distribution(&self) -> bool {
        true
    }

    fn fork(&self) -> Option<Box<dyn Policy<G>>> {
        Some(Box::new(UniformRandom))
    }

    /// It reads no seat.
    fn alike(&self) -> Option<String> {
        Some("random".to_string())
    }

    /// Each decision alike.
    fn distribution(&self, _game: &G, moves: &[G::Move], out: &mut Vec<f64>) -> bool {
        out.clear();
        out.resize(moves.len(), 1.0 / moves.len() as f64);
        true
    }

    #[inline]
    fn choose(&mut self, _game: &G, moves: &[G::Move], rng: &mut Rng) -> Result<usize, BotError> {
        Ok(below(rng, moves.len() as u32) as usize)
    }
}
