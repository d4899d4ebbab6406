//! A TOML parse error as one line of a message: toml's own text spreads
//! over four to six lines (the source line and a caret under it), which
//! breaks the one-line `error: FILE: ...` every other input error keeps.

/// `line L, column C: what` for an error in `text`, or `what` alone where
/// the error has no place (a value of the wrong type found after parsing).
///
/// ```
/// use ludus::core::toml_message::toml_message;
/// let text = "name = \"x\nseed = 1\n";
/// let e = toml::from_str::<toml::Table>(text).unwrap_err();
/// assert_eq!(toml_message(&e, text), "line 1, column 10: invalid basic string");
/// ```
pub fn toml_message(e: &toml::de::Error, text: &str) -> String {
    let what = e.message().trim().replace('\n', " ");
    match e.span() {
        Some(span) if span.start <= text.len() => {
            let before = &text[..span.start];
            let line = before.matches('\n').count() + 1;
            let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
            format!("line {line}, column {column}: {what}")
        }
        _ => what,
    }
}
