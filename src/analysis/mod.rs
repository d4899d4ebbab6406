//! Analyses that run on any game through the [`crate::core::game::Game`]
//! trait, knowing no game's rules: where an analysis starts, perft,
//! positions reached by moves, exact values by retrograde analysis.

pub mod analysis_error;
pub mod perft;
pub mod position_replay;
pub mod retrograde;
pub mod start;
