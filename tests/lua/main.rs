//! The Lua scripting host: every call of the script API, every failure and
//! its message, the sandbox, reproducibility across threads, Lua bots
//! against their native twins, each example bot in scripts/, and the calls
//! that let a script search (copies, rollouts, views of many moves).

mod api;
mod bots;
mod cell_options;
mod cli;
#[path = "../common/scratch.rs"]
mod common_scratch;
mod declared_params;
mod failures;
mod hostile;
mod limits;
mod memory_history;
mod reproducible;
mod sandbox;
mod search;
mod support;
mod views;
