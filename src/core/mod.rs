//! The game-agnostic core: the traits, seeding, dice and options.

pub mod bits;
pub mod dice;
pub mod divisor;
pub mod game;
pub mod input;
pub mod log;
pub mod options;
pub mod outcome;
pub mod plural;
pub mod policy;
pub mod record;
pub mod seat;
pub mod seed;
pub mod text;
pub mod view;
