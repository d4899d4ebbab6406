//! The options every game of the family declares alike: who moves first
//! and the cap on a game's length.

use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::games::morris::rules::First;

/// `first`: lots (the seed's "Gracze losują, kto rusza pierwszy"), or a fixed seat.
pub const FIRST: OptionSpec = OptionSpec {
    name: "first",
    doc: "who moves first: drawn by lot (seed 004), or seat 1 (Ludii's rulesets) or seat 2",
    kind: OptionKind::Choice(&["lots", "seat1", "seat2"]),
    default: "lots",
};

/// `cap`: the plies after which a game stops (Ludii stops at 1,250 turns each).
pub const CAP: OptionSpec = OptionSpec {
    name: "cap",
    doc: "plies after which the game stops with ending `cap` (Ludii: 1,250 turns each)",
    kind: OptionKind::Int {
        min: 1,
        max: 100_000_000,
    },
    default: "2500",
};

/// The seat `first` names.
pub fn first(options: &Options) -> First {
    match options.choice("first") {
        "seat1" => First::Seat(0),
        "seat2" => First::Seat(1),
        _ => First::Lots,
    }
}

/// The cap in plies.
pub fn cap(options: &Options) -> u32 {
    options.int("cap") as u32
}

/// A `true|false` option's value.
pub fn flag(options: &Options, name: &str) -> bool {
    options.choice(name) == "true"
}

/// The values of a `true|false` option.
pub const FLAG: OptionKind = OptionKind::Choice(&["true", "false"]);
