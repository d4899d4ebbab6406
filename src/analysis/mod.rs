//! Analyses that run on any game through the [`crate::core::game::Game`]
//! trait, knowing no game's rules: exact values by retrograde analysis.

pub mod retrograde;
