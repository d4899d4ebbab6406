//! How a board game ended: the rule that ended it and the winner, and what
//! follows from that for reports, narration and readers.

use serde_json::{Value, json};

use crate::core::log::Log;
use crate::core::outcome::Outcome;
use crate::core::seat::{Seat, SeatSet};
use crate::say;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winning seat, `None` for a draw.
    pub winner: Option<u8>,
    /// The rule that ended it (reported in endings.csv).
    pub reason: &'static str,
}

impl Ending {
    /// The outcome: the winner's, or a draw shared by `drawn`.
    pub fn outcome(&self, drawn: SeatSet) -> Outcome {
        match self.winner {
            Some(w) => Outcome::win(w as Seat, self.reason),
            None => Outcome::draw(drawn, self.reason),
        }
    }

    /// The ending in words: `white wins by checkmate` (with `verb` "wins"),
    /// `a draw by cap`.
    pub fn words(&self, sides: &[&str], verb: &str) -> String {
        match self.winner {
            Some(w) => format!("{} {verb} by {}", sides[w as usize], self.reason),
            None => format!("a draw by {}", self.reason),
        }
    }

    /// Tells the log how the game ended.
    pub fn narrate<L: Log>(&self, sides: &[&str], log: &mut L) {
        match self.winner {
            Some(w) => say!(log, "{} wins by {}", sides[w as usize], self.reason),
            None => say!(log, "a draw by {}", self.reason),
        }
    }

    /// The ending as position JSON gives it: `{"winner": side or null, "reason": ...}`.
    pub fn to_json(&self, sides: &[&str]) -> Value {
        json!({
            "winner": self.winner.map(|w| sides[w as usize]),
            "reason": self.reason,
        })
    }
}
