//! The options both chess games declare alike.

use crate::core::options::{OptionKind, OptionSpec, Options};

/// The largest `cap`: no game lasts more plies.
pub const CAP_MAX: i64 = 100_000_000;

/// `cap`: the plies after which a game stops (Ludii stops at 1,250 turns each).
pub const CAP: OptionSpec = OptionSpec {
    name: "cap",
    doc: "plies (moves, passes and lost turns) after which the game stops as a draw with ending `cap` (Ludii: 1,250 turns each)",
    kind: OptionKind::Int {
        min: 1,
        max: CAP_MAX,
    },
    default: "2500",
};

/// The values of a `true|false` option.
pub const FLAG: OptionKind = OptionKind::Choice(&["true", "false"]);

/// The cap in plies.
pub fn cap(options: &Options) -> u32 {
    options.int("cap") as u32
}

/// A `true|false` option's value.
pub fn flag(options: &Options, name: &str) -> bool {
    options.choice(name) == "true"
}
