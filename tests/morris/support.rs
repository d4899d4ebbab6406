//! Reaching the games through the registry, as users do.

use ludus::analysis::analysis_error::AnalysisError;
use ludus::analysis::start::Start;
use ludus::core::options::Options;
use ludus::registry;
use ludus::runner::game_entry::GameEntry;
use serde_json::Value;

pub fn entry(name: &str) -> &'static dyn GameEntry {
    registry::find(name).unwrap_or_else(|| panic!("{name} is not registered"))
}

pub fn options(game: &str, given: &[(&str, &str)]) -> Options {
    let given: Vec<(String, String)> = given
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    Options::resolve(entry(game).option_specs(), &given).unwrap()
}

/// The position after `moves` (space-separated), as JSON.
pub fn after(game: &str, given: &[(&str, &str)], moves: &str) -> Value {
    let moves: Vec<String> = moves.split_whitespace().map(str::to_string).collect();
    let text = entry(game)
        .position(&Start::new(&options(game, given), None), &moves, true)
        .unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A position file's JSON, as JSON.
pub fn from_file(game: &str, given: &[(&str, &str)], file: &str) -> Result<Value, AnalysisError> {
    entry(game)
        .position(&Start::new(&options(game, given), Some(file)), &[], true)
        .map(|t| serde_json::from_str(&t).unwrap())
}

pub fn legal(v: &Value) -> Vec<String> {
    v["legal_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

pub fn perft(game: &str, given: &[(&str, &str)], depth: u32) -> u64 {
    entry(game)
        .perft(&Start::new(&options(game, given), None), depth)
        .unwrap()
}
