//! The morris family of seed 004: every sentence of the seed's four games,
//! the rules brief's first-move counts, perft, an independent reference
//! for alquerque jumps and chains, position files, and the exact solution
//! of three men's morris.

mod anchors;
mod files;
mod ludii;
mod reference;
mod seed;
mod solve;
mod support;
mod whole_turns;
