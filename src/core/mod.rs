//! The game-agnostic core: the traits, seeding, dice and options.

pub mod bits;
pub mod chance_outcomes;
pub mod dice;
pub mod divisor;
pub mod game;
pub mod input;
pub mod input_error;
pub mod log;
pub mod native_policies;
pub mod option_error;
pub mod options;
pub mod outcome;
pub mod plural;
pub mod policy;
pub mod position_error;
pub mod presentation;
pub mod record;
pub mod record_error;
pub mod record_formats;
pub mod seat;
pub mod seed;
pub mod state_key;
pub mod suggest;
pub mod text;
pub mod view;
pub mod view_error;
