//! The `players` option of the dice games.

use crate::core::options::{OptionKind, OptionSpec};

/// The `players` option for games "dla dwóch lub więcej graczy" (two or
/// more): 2 to 6 seats, 2 by default.
pub const PLAYERS_OPTION: OptionSpec = OptionSpec {
    name: "players",
    doc: "how many players (the text says two or more)",
    kind: OptionKind::Int { min: 2, max: 6 },
    default: "2",
};
