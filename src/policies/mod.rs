//! Native policies that play any game.

pub mod random;
