//! The dice games of the Book of Games (seed 004, "Rodzaje gier", a-l).

pub mod banking;
pub mod banking_game;
pub mod banking_table;
pub mod banking_view;
pub mod extreme;
pub mod growing_hazard;
pub mod guirguiesca;
pub mod half_hazard;
pub mod hazard;
pub mod hazard_stakes;
pub mod marlota;
pub mod order;
pub mod pair_ace;
pub mod panquist;
pub mod players;
pub mod playoff;
pub mod riffa;
pub mod round_game;
pub mod rounds;
pub mod tanto;
pub mod throw;
pub mod triga;
