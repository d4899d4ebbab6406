//! The limits a script runs under, as its policy's braces set them, and
//! the sizes the host refuses whatever the limits.
//!
//! Every limit ends the call that passes it as a failure of the script
//! (exit code 3, or a forfeit under `--on-bot-error forfeit`); none can be
//! caught with `pcall`. See [`crate::policies::lua::meter`] for how each
//! is enforced and scripts/README.md for what a script author reads.

/// Lua VM instructions a script may execute per call (one `choose`, one
/// `init`, or the script's top level for a game), unless its spec says
/// otherwise. Library and host calls are charged in the same unit for the
/// work they do.
pub const DEFAULT_INSTRUCTIONS: u64 = 10_000_000;

/// Memory a script's VM may hold, in MiB, with what the host holds for it
/// (copies of the game, lists of moves), unless its spec says otherwise.
pub const DEFAULT_MEMORY_MB: u64 = 64;

/// Wall-clock time one call may take, in milliseconds, unless its spec
/// says otherwise (`max_seconds`).
pub const DEFAULT_MILLIS: u64 = 10_000;

/// What a script may print in one game, in KiB, unless its spec says
/// otherwise (`max_print_kb`).
pub const DEFAULT_PRINT_KB: u64 = 64;

/// The longest string a library call may build (`string.rep`,
/// `string.format`, `table.concat`, ...): no game needs more.
pub const MAX_TEXT: u64 = 1 << 24;

/// The most elements one library call may move, shift or list
/// (`table.move`, `table.insert`, `table.unpack`, ...): no game needs more.
pub const MAX_ELEMENTS: u64 = 1 << 24;

/// The longest text of an error a script raises (`error`, `assert`) that
/// the host is handed: the rest is cut where it is raised.
pub const ERROR_TEXT: u64 = 4096;

/// The largest script file read.
pub const MAX_SCRIPT_BYTES: u64 = 4 << 20;

/// A script's limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Instructions per call.
    pub instructions: u64,
    /// Memory per VM, in MiB.
    pub memory_mb: u64,
    /// Wall-clock time per call, in milliseconds.
    pub millis: u64,
    /// Output of `print` per game, in KiB.
    pub print_kb: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            instructions: DEFAULT_INSTRUCTIONS,
            memory_mb: DEFAULT_MEMORY_MB,
            millis: DEFAULT_MILLIS,
            print_kb: DEFAULT_PRINT_KB,
        }
    }
}

impl Limits {
    /// The memory limit in bytes.
    pub fn memory_bytes(&self) -> usize {
        (self.memory_mb as usize).saturating_mul(1 << 20)
    }

    /// The time limit as people write it: `10 s`, `0.5 s`.
    pub fn seconds_text(&self) -> String {
        let s = self.millis as f64 / 1000.0;
        format!("{s} s")
    }
}
