//! The Lua scripting host: every call of the script API, every failure and
//! its message, the sandbox, reproducibility across threads, Lua bots
//! against their native twins, and each example bot in scripts/.

mod api;
mod bots;
mod cell_options;
mod cli;
mod failures;
mod hostile;
mod limits;
mod reproducible;
mod sandbox;
mod support;
mod views;
