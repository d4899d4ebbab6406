//! The games, one folder per family.

pub mod dice;
pub mod rithmomachy;
