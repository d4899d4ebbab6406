//! The games, one folder per family.

pub mod dice;
pub mod morris;
pub mod rithmomachy;
