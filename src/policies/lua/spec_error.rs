//! Why the text of a `lua:` policy was refused; each error carries the
//! text after `lua:` as given, and the parameter it is about.

use thiserror::Error;

/// A `lua:` policy's text refused.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum LuaSpecError {
    /// A control character in the path or parameters (shown escaped).
    #[error(
        "policy `lua:{shown}`: the script's path or parameters hold a control character; rename the file"
    )]
    ControlCharacter {
        /// The text with its control characters escaped.
        shown: String,
    },
    /// A quoted path without its closing quote.
    #[error("policy `lua:{spec}`: the script's path has no closing quote")]
    UnclosedQuote {
        /// The text after `lua:`.
        spec: String,
    },
    /// Something other than braces after a quoted path.
    #[error("policy `lua:{spec}`: only parameters in braces may follow the quoted path")]
    AfterQuotedPath {
        /// The text after `lua:`.
        spec: String,
    },
    /// Parameters opened with `{` and not closed.
    #[error("policy `lua:{spec}`: the parameters must end with `}}`")]
    UnclosedParameters {
        /// The text after `lua:`.
        spec: String,
    },
    /// No script path.
    #[error("policy `lua:{spec}` names no script (write lua:path/to/script.lua)")]
    NoScript {
        /// The text after `lua:`.
        spec: String,
    },
    /// A parameter not written `key=value`.
    #[error("policy `lua:{spec}`: write parameters as key=value, not `{item}`")]
    NotKeyValue {
        /// The text after `lua:`.
        spec: String,
        /// The parameter as written.
        item: String,
    },
    /// A parameter name that is not a name.
    #[error("policy `lua:{spec}`: `{key}` is not a parameter name")]
    BadName {
        /// The text after `lua:`.
        spec: String,
        /// The name as written.
        key: String,
    },
    /// A parameter given twice.
    #[error("policy `lua:{spec}`: `{key}` is given twice")]
    Twice {
        /// The text after `lua:`.
        spec: String,
        /// The parameter.
        key: String,
    },
    /// A limit that takes a whole number in a range given something else.
    #[error("policy `lua:{spec}`: `{key}` must be a whole number {min}-{max}, not {value}")]
    BadLimit {
        /// The text after `lua:`.
        spec: String,
        /// The limit (`max_instructions`, ...).
        key: &'static str,
        /// Its smallest value.
        min: u64,
        /// Its largest value.
        max: u64,
        /// The value given, as a script would see it.
        value: String,
    },
    /// `max_seconds` out of its range.
    #[error("policy `lua:{spec}`: `{key}` must be a number of seconds 0.001-{max}, not {value}")]
    BadSeconds {
        /// The text after `lua:`.
        spec: String,
        /// The limit, `max_seconds`.
        key: &'static str,
        /// Its largest value.
        max: f64,
        /// The value given, as a script would see it.
        value: String,
    },
}
