//! Why a game's options were refused: a key the game does not declare, a
//! value out of range, or options that each pass but do not go together.

use thiserror::Error;

/// Options refused, naming the key at fault.
///
/// ```
/// use ludus::core::option_error::OptionError;
/// let e = OptionError::Unknown { key: "player".into(), known: vec!["players", "rounds"] };
/// assert_eq!(
///     e.to_string(),
///     "unknown option `player` (options: players, rounds); did you mean `players`?"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum OptionError {
    /// A key the game does not declare.
    #[error(
        "unknown option `{}`{}{}",
        crate::core::text::inline(.key),
        known_list(.known),
        crate::core::suggest::did_you_mean(.key, .known.iter().copied())
    )]
    Unknown {
        /// The key as given.
        key: String,
        /// The keys the game declares.
        known: Vec<&'static str>,
    },
    /// The same key given twice.
    #[error("option `{}` is given twice", crate::core::text::inline(.0))]
    Repeated(String),
    /// A value the option does not take.
    #[error("option `{key}` {message}")]
    Value {
        /// The option's key.
        key: &'static str,
        /// What the option takes and what was given (`takes a whole
        /// number, not `x``).
        message: String,
    },
    /// Options that each take their value but that the game cannot play
    /// together (a rule set that fails its own checks, a victory no
    /// position can reach); the message names the keys.
    #[error("{0}")]
    Combination(String),
}

fn known_list(known: &[&'static str]) -> String {
    if known.is_empty() {
        ": this game has no options".to_string()
    } else {
        format!(" (options: {})", known.join(", "))
    }
}
