//! Positions made by hand for the tests: pieces placed by square, written
//! as a position file.

use ludus::analysis::start::Start;
use serde_json::{Value, json};

use crate::support::{entry, from_file, options};

/// A position file's text for a board of `files` x `ranks` with `pieces`
/// (square, token) and `to_move`, plus any extra keys.
pub fn file(size: (u8, u8), pieces: &[(&str, &str)], to_move: &str, extra: Value) -> String {
    let (files, ranks) = size;
    let mut rows = Vec::new();
    for rank in (1..=ranks).rev() {
        let row: Vec<String> = (0..files)
            .map(|f| {
                let sq = format!("{}{}", (b'a' + f) as char, rank);
                pieces
                    .iter()
                    .find(|(s, _)| *s == sq)
                    .map_or(".".to_string(), |(_, t)| t.to_string())
            })
            .collect();
        rows.push(row.join(" "));
    }
    let mut v = json!({"to_move": to_move, "board": rows});
    if let Value::Object(extra) = extra {
        for (k, x) in extra {
            v[k] = x;
        }
    }
    v.to_string()
}

/// A Grande Acedrex position (kings that may still leap: none, unless
/// `extra` says).
pub fn acedrex(
    pieces: &[(&str, &str)],
    to_move: &str,
    opts: &[(&str, &str)],
    extra: Value,
) -> Value {
    let mut extra = extra;
    if extra.get("king_leap").is_none() {
        extra["king_leap"] = json!([]);
    }
    from_file(
        "grande-acedrex",
        opts,
        &file((12, 12), pieces, to_move, extra),
    )
    .unwrap()
}

/// The position after playing `moves` from a made position.
pub fn acedrex_after(
    pieces: &[(&str, &str)],
    to_move: &str,
    opts: &[(&str, &str)],
    extra: Value,
    moves: &[&str],
) -> Value {
    let mut extra = extra;
    if extra.get("king_leap").is_none() {
        extra["king_leap"] = json!([]);
    }
    let text = file((12, 12), pieces, to_move, extra);
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let out = entry("grande-acedrex")
        .position(
            &Start::new(&options("grande-acedrex", opts), Some(&text)),
            &moves,
            true,
        )
        .unwrap();
    serde_json::from_str(&out).unwrap()
}

/// A Four Seasons position file's text: every seat past its first move
/// unless `extra` says otherwise.
pub fn seasons_file(pieces: &[(&str, &str)], to_move: &str, extra: Value) -> String {
    let mut extra = extra;
    if extra.get("moved").is_none() {
        extra["moved"] = json!(["green", "red", "black", "white"]);
    }
    file((8, 8), pieces, to_move, extra)
}

/// The position after playing `moves` from a made Four Seasons position.
pub fn seasons_after(
    pieces: &[(&str, &str)],
    to_move: &str,
    opts: &[(&str, &str)],
    extra: Value,
    moves: &[&str],
) -> Value {
    let text = seasons_file(pieces, to_move, extra);
    let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    let out = entry("four-seasons")
        .position(
            &Start::new(&options("four-seasons", opts), Some(&text)),
            &moves,
            true,
        )
        .unwrap_or_else(|e| panic!("{e}"));
    serde_json::from_str(&out).unwrap()
}
