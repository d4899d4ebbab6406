//! Why a script's view query was not answered.

use thiserror::Error;

/// A view query refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ViewError {
    /// A name the game offers no view under.
    #[error("{}", unknown(.game, .name, .known))]
    Unknown {
        /// The game's registry name.
        game: &'static str,
        /// The name asked for.
        name: String,
        /// The views the game offers.
        known: Vec<&'static str>,
    },
    /// A view the game offers, asked with an argument it does not take
    /// (a square off the board, a seat that does not play); the message
    /// names the view.
    #[error("{0}")]
    Argument(String),
}

fn unknown(game: &str, name: &str, known: &[&'static str]) -> String {
    if known.is_empty() {
        format!("{game} offers no views (asked for `{name}`)")
    } else {
        format!("{game} has no view `{name}` (views: {})", known.join(", "))
    }
}
