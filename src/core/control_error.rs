//! A text from input refused for a control character it holds
//! ([`crate::core::control_text`]).

use thiserror::Error;

/// A key or text holding a control character, and where it was found.
///
/// ```
/// use ludus::core::control_error::ControlError;
/// let e = ControlError { at: "seats[0]".into(), text: "a\nb".into() };
/// assert_eq!(e.to_string(), "`seats[0]` holds a control character: `a\\nb`");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{at}` holds a control character: `{}`", crate::core::text::inline(.text))]
pub struct ControlError {
    /// The key path where it was found (`cells[0].options`), `(top)` for
    /// a key of the outermost table.
    pub at: String,
    /// The text as found, raw: shown only through its message.
    pub text: String,
}
