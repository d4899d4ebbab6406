//! The options board games declare alike: the cap on a game's length and
//! `true|false` flags.

use crate::core::options::{OptionKind, OptionSpec, Options};

/// The largest `cap`: no game lasts more plies.
pub const CAP_MAX: i64 = 100_000_000;

/// `cap`, the plies after which a game stops (2,500 by default: Ludii
/// stops at 1,250 turns each), with the family's `doc`.
pub const fn cap_option(doc: &'static str) -> OptionSpec {
    OptionSpec {
        name: "cap",
        doc,
        kind: OptionKind::Int {
            min: 1,
            max: CAP_MAX,
        },
        default: "2500",
    }
}

/// The cap in plies.
pub fn cap(options: &Options) -> u32 {
    options.int("cap") as u32
}

/// The values of a `true|false` option.
pub const FLAG: OptionKind = OptionKind::Choice(&["true", "false"]);

/// A `true|false` option's value.
pub fn flag(options: &Options, name: &str) -> bool {
    options.choice(name) == "true"
}
