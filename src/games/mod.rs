//! The games, one folder per family.

pub mod board;
pub mod chess;
pub mod dice;
pub mod morris;
pub mod rithmomachy;
