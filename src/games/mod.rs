//! The games, one folder per family.

pub mod dice;
