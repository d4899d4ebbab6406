//! The options both chess games declare alike.

use crate::core::options::OptionSpec;
use crate::games::board::options::cap_option;

/// `cap`: the plies after which a game stops (Ludii stops at 1,250 turns each).
pub const CAP: OptionSpec = cap_option(
    "plies (moves, passes and lost turns) after which the game stops as a draw with ending `cap` (Ludii: 1,250 turns each)",
);
