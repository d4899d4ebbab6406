//! The Lua scripting host: a seat played by a script (`lua:path.lua`),
//! sandboxed, limited, reproducible, for every game through the
//! game-agnostic traits only. See scripts/README.md for what scripts see.
//!
//! - [`spec`]: how a `lua:` policy is written, with parameters and limits
//!   ([`spec_error`]).
//! - [`limits`]: the limits (instructions, memory, time, output) and sizes refused.
//! - [`meter`]: how the limits are enforced: the count hook, charges for
//!   library and host calls, host memory, halts a script cannot catch.
//! - [`watchdog`]: the wall-clock limit of a call.
//! - [`sandbox`]: the VM, its libraries and each game's fresh globals.
//! - [`declared`]: the parameters a script declares, with their
//!   defaults, and the braces checked against them.
//! - [`decision`]: what the host lends the script during a call.
//! - [`game_handle`], [`moves_handle`], [`view`]: what the script sees.
//! - [`heap`]: the global allocator's count of what the host allocates
//!   for a script.
//! - [`copy`]: a copy of the game with dice of its own; [`legal`], the
//!   legal moves of its position, listed once and shared.
//! - [`rollout`]: a copy played on in native code by a native policy.
//! - [`source`]: a script's text, read once per process ([`read_error`]).
//! - [`script`]: a script compiled into its VM, run per game and decision.
//! - [`vm_cache`]: one VM per thread and seat, reused across games.
//! - [`failure`]: error messages naming the script and line.
//! - [`lua_policy`]: the [`crate::core::policy::Policy`] the runner calls.

pub mod copy;
pub mod decision;
pub mod declared;
pub mod failure;
pub mod game_handle;
pub mod heap;
pub mod legal;
pub mod limits;
pub mod lua_policy;
pub mod meter;
pub mod moves_handle;
pub mod read_error;
pub mod rollout;
pub mod sandbox;
pub mod script;
pub mod source;
pub mod spec;
pub mod spec_error;
pub mod view;
pub mod vm_cache;
pub mod watchdog;

pub use lua_policy::LuaPolicy;
