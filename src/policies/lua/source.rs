//! A script's text, read once per process: the text a run's manifest
//! hashes is the text every VM of the run compiles, even if the file
//! changes while the run plays.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use crate::core::input::read_text;
use crate::policies::lua::failure::describe_message;
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

/// The script `text` of `path` compiled in `lua`, as a chunk that takes
/// each game's globals as its argument: the prefix shares the first line,
/// so that error lines stay the file's.
pub(crate) fn compile(lua: &mlua::Lua, path: &str, text: &str) -> mlua::Result<mlua::Function> {
    lua.load(format!("local _ENV = ...; {text}"))
        .set_name(format!("@{path}"))
        .set_mode(mlua::chunk::ChunkMode::Text)
        .into_function()
}

/// Whether the script at `path` compiles, checked once per process: the
/// compiler's message (`bad.lua:3: unexpected symbol near 'end'`) if not.
/// A run checks every script before its first game, so that a syntax
/// error is bad input naming the file and line, not a game failure.
pub(crate) fn syntax(path: &str) -> Result<(), String> {
    static CHECKED: OnceLock<Mutex<HashMap<String, Result<(), String>>>> = OnceLock::new();
    let checked = CHECKED.get_or_init(Default::default);
    if let Some(r) = checked.lock().expect("no panic holds the lock").get(path) {
        return r.clone();
    }
    let text = source(path).map_err(|e| e.to_string())?;
    let result = compile(&mlua::Lua::new(), path, &text)
        .map(drop)
        .map_err(|e| describe_message(&e, path));
    let mut checked = checked.lock().expect("no panic holds the lock");
    checked.entry(path.to_string()).or_insert(result).clone()
}
