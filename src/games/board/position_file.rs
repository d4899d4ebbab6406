//! What position files of every family share: the JSON read, and the
//! `game` key checked against the game being set up.

use serde::de::DeserializeOwned;

/// Reads a position file's JSON into the family's form `F`; the error is
/// serde's, after `prefix` (which may be empty).
pub(crate) fn read<F: DeserializeOwned>(text: &str, prefix: &str) -> Result<F, String> {
    serde_json::from_str(text).map_err(|e| format!("{prefix}{e}"))
}

/// Checks the file's `game` key, where it has one, against `game`; `what`
/// is how the family's messages name what is read ("file", "position").
pub(crate) fn check_game(named: Option<&str>, game: &str, what: &str) -> Result<(), String> {
    match named {
        Some(g) if g != game => Err(format!("game: the {what} is for `{g}`, not `{game}`")),
        _ => Ok(()),
    }
}
