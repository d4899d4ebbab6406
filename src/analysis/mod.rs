//! Analyses that run on any game through the [`crate::core::game::Game`]
//! trait, knowing no game's rules: where an analysis starts, perft,
//! positions reached by moves, exact values by retrograde analysis, exact
//! probabilities of play under known policies as Markov chains (as
//! fractions where the chain is small), optimal
//! play in games of chance with decisions, that play as a table, and
//! what it gains over weaker play.

pub mod absorption;
pub mod analysis_error;
pub mod branches;
pub mod equilibrium;
pub mod exact;
pub mod exact_error;
pub mod exact_fractions;
pub mod exact_limits;
pub mod length_transform;
pub mod markov;
pub mod markov_error;
pub mod mirrors;
pub mod perft;
pub mod position_replay;
pub mod retrograde;
pub mod reward_distribution;
pub mod skill;
pub mod sparse_elimination;
pub mod stage_graph;
pub mod stage_solution;
pub mod staged_equilibrium;
pub mod staged_lengths;
pub mod staged_play;
pub mod start;
pub mod strategy_rule;
pub mod strategy_table;
