//! Policies that play any game: native ones and the Lua host.

pub mod lua;
pub mod random;
