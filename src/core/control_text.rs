//! Refusing input whose text holds control characters. No key, value,
//! name or move of ludus's inputs needs one, and a newline in one would
//! let a message quoting it print a line of the input's own (a forged
//! `error:`): experiment and tournament files, position files and game
//! records are refused whole where any of their texts holds one, naming
//! where, before any text of theirs reaches a message.

use crate::core::control_error::ControlError;
use crate::core::text::is_layout_mark;
use crate::core::toml_message::toml_message;

/// Whether `text` holds a control character other than a tab, or a mark
/// that reorders a line as shown.
///
/// ```
/// use ludus::core::control_text::has_control;
/// assert!(has_control("a\nb") && has_control("a\u{202e}b"));
/// assert!(!has_control("a\tb é"));
/// ```
pub fn has_control(text: &str) -> bool {
    text.chars()
        .any(|c| (c.is_control() && c != '\t') || is_layout_mark(c))
}

/// The refusal of `text`, found at `at` (a key path).
fn refused(at: &str, text: &str) -> ControlError {
    ControlError {
        at: at.to_string(),
        text: text.to_string(),
    }
}

/// The first key or text of a TOML table that holds a control character,
/// refused naming its key path (`cells[0].options`).
///
/// ```
/// use ludus::core::control_text::toml_control;
/// let t: toml::Table = toml::from_str("[[cells]]\noptions = { \"a\\nb\" = 1 }").unwrap();
/// assert_eq!(
///     toml_control(&t).unwrap().to_string(),
///     "`cells[0].options` holds a control character: `a\\nb`"
/// );
/// ```
pub fn toml_control(table: &toml::Table) -> Option<ControlError> {
    fn walk(v: &toml::Value, at: &str) -> Option<ControlError> {
        match v {
            toml::Value::String(s) if has_control(s) => Some(refused(at, s)),
            toml::Value::Array(items) => {
                (items.iter().enumerate()).find_map(|(i, item)| walk(item, &format!("{at}[{i}]")))
            }
            toml::Value::Table(t) => table_at(t, at),
            _ => None,
        }
    }
    fn table_at(t: &toml::Table, at: &str) -> Option<ControlError> {
        t.iter().find_map(|(k, v)| {
            if has_control(k) {
                return Some(refused(if at.is_empty() { "(top)" } else { at }, k));
            }
            let inner = if at.is_empty() {
                k.clone()
            } else {
                format!("{at}.{k}")
            };
            walk(v, &inner)
        })
    }
    table_at(table, "")
}

/// The first key or text of a JSON value that holds a control character,
/// refused naming its key path (`pieces[3].at`).
///
/// ```
/// use ludus::core::control_text::json_control;
/// let v = serde_json::json!({"pieces": [{"at": "a1\nforged"}]});
/// assert_eq!(
///     json_control(&v).unwrap().to_string(),
///     "`pieces[0].at` holds a control character: `a1\\nforged`"
/// );
/// assert!(json_control(&serde_json::json!({"at": "a1"})).is_none());
/// ```
pub fn json_control(value: &serde_json::Value) -> Option<ControlError> {
    fn walk(v: &serde_json::Value, at: &str) -> Option<ControlError> {
        let here = |at: &str| {
            if at.is_empty() {
                "(top)".to_string()
            } else {
                at.to_string()
            }
        };
        match v {
            serde_json::Value::String(s) if has_control(s) => Some(refused(&here(at), s)),
            serde_json::Value::Array(items) => {
                (items.iter().enumerate()).find_map(|(i, item)| walk(item, &format!("{at}[{i}]")))
            }
            serde_json::Value::Object(o) => o.iter().find_map(|(k, v)| {
                if has_control(k) {
                    return Some(refused(&here(at), k));
                }
                let inner = if at.is_empty() {
                    k.clone()
                } else {
                    format!("{at}.{k}")
                };
                walk(v, &inner)
            }),
            _ => None,
        }
    }
    walk(value, "")
}

/// `text` read as TOML into `T`, refused (the message on one line, see
/// [`toml_message`]) where it does not parse, where a key or text of it
/// holds a control character ([`toml_control`]), or where it is no `T`.
pub(crate) fn read_toml<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, String> {
    let table: toml::Table = toml::from_str(text).map_err(|e| toml_message(&e, text))?;
    if let Some(refused) = toml_control(&table) {
        return Err(refused.to_string());
    }
    toml::from_str(text).map_err(|e| toml_message(&e, text))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_is_refused_naming_the_key_of_a_control_character() {
        let e = read_toml::<toml::Table>("name = \"a\\u001b]0;x\"").unwrap_err();
        assert_eq!(e, "`name` holds a control character: `a\\e]0;x`");
        assert!(read_toml::<toml::Table>("name = \"a\\tb\"").is_ok());
    }
}
