//! The options every game of the family declares alike: who moves first
//! and the cap on a game's length.

use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::games::board::options::cap_option;
use crate::games::morris::rules::First;

/// `first`: lots (the seed's "Gracze losują, kto rusza pierwszy"), or a fixed seat.
pub const FIRST: OptionSpec = OptionSpec {
    name: "first",
    doc: "who moves first: drawn by lot (seed 004), or seat 1 (Ludii's rulesets) or seat 2",
    kind: OptionKind::Choice(&["lots", "seat1", "seat2"]),
    default: "lots",
};

/// `cap`: the plies after which a game stops (Ludii stops at 1,250 turns each).
pub const CAP: OptionSpec =
    cap_option("plies after which the game stops with ending `cap` (Ludii: 1,250 turns each)");

/// The seat `first` names.
pub fn first(options: &Options) -> First {
    match options.choice("first") {
        "seat1" => First::Seat(0),
        "seat2" => First::Seat(1),
        _ => First::Lots,
    }
}
