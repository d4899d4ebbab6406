//! The dice games of the Book of Games (seed 004, "Rodzaje gier", a-l).

pub mod banking;
pub mod growing_hazard;
pub mod half_hazard;
pub mod hazard;
pub mod order;
pub mod pair_ace;
pub mod players;
pub mod rounds;
pub mod throw;
pub mod triga;
