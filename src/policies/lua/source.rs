//! A script's text, read once per process: the text a run's manifest
//! hashes is the text every VM of the run compiles, even if the file
//! changes while the run plays.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::core::input::read_text;
use crate::policies::lua::limits::MAX_SCRIPT_BYTES;
use crate::policies::lua::read_error::ScriptReadError;

/// The text of the script at `path`: read on first use (a regular file of
/// at most [`MAX_SCRIPT_BYTES`] of UTF-8), the same text ever after. The
/// error says why it cannot be read, without the path.
pub fn source(path: &str) -> Result<Arc<str>, ScriptReadError> {
    static READ: OnceLock<Mutex<HashMap<String, Arc<str>>>> = OnceLock::new();
    let read = READ.get_or_init(Default::default);
    if let Some(text) = read.lock().expect("no panic holds the lock").get(path) {
        return Ok(text.clone());
    }
    // Read outside the lock: other threads' scripts need not wait. Two
    // threads reading the same new script keep the first text stored.
    let text: Arc<str> = read_text(path, MAX_SCRIPT_BYTES)
        .map_err(|e| ScriptReadError {
            path: path.to_string(),
            reason: e.to_string(),
        })?
        .into();
    let mut read = read.lock().expect("no panic holds the lock");
    Ok(read.entry(path.to_string()).or_insert(text).clone())
}
