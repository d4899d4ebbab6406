//! Policies that play any game: native ones and the Lua host.

pub mod alphabeta;
pub mod lua;
pub mod mcts;
pub mod policy_spec;
pub mod random;
pub mod reward;
pub mod search_params;
