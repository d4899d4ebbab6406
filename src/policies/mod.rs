//! Policies that play any game: native ones and the Lua host.

pub mod alphabeta;
pub mod deciding_seat;
pub mod lua;
pub mod mcts;
pub mod optimal;
pub mod policy_error;
pub mod policy_spec;
pub mod random;
pub mod reward;
pub mod search_params;
pub(crate) mod search_tree;
pub mod settings_error;
