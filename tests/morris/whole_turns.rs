//! Whole turns, from the engine's decisions: a turn of several decisions
//! by one side (a step and its removal, each jump of a chain) written as
//! one, to compare with the brief's counts and the reference generator.

use serde_json::Value;

use crate::support::{after, legal};

/// A whole turn: as one writes it (a chain's `stop` left out, as a chain
/// written whole ends where it is written to end), and its decisions.
pub struct WholeTurn {
    pub text: String,
    pub parts: Vec<String>,
}

/// Every whole turn open after the decisions `played`: the seat to move's
/// decisions one after another until its turn is over, sorted by text.
pub fn turns(game: &str, given: &[(&str, &str)], played: &[String]) -> Vec<WholeTurn> {
    let json = after(game, given, &played.join(" "));
    let mut out = Vec::new();
    if json["outcome"].is_null() {
        let mover = json["to_move"].clone();
        expand(game, given, played, &mover, Vec::new(), &json, &mut out);
    }
    out.sort_by(|a, b| a.text.cmp(&b.text));
    out
}

fn expand(
    game: &str,
    given: &[(&str, &str)],
    played: &[String],
    mover: &Value,
    so_far: Vec<String>,
    json: &Value,
    out: &mut Vec<WholeTurn>,
) {
    for part in legal(json) {
        let mut next = played.to_vec();
        next.push(part.clone());
        let after_part = after(game, given, &next.join(" "));
        let mut parts = so_far.clone();
        parts.push(part);
        let same_turn = after_part["outcome"].is_null()
            && after_part["to_move"] == *mover
            && !after_part["pending"].is_null();
        if same_turn {
            expand(game, given, &next, mover, parts, &after_part, out);
        } else {
            let text = parts
                .iter()
                .filter(|p| *p != "stop")
                .map(String::as_str)
                .collect();
            out.push(WholeTurn { text, parts });
        }
    }
}

/// The whole turns `depth` turns deep (a finished game is a leaf).
pub fn turn_perft(game: &str, given: &[(&str, &str)], played: &mut Vec<String>, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let open = turns(game, given, played);
    if open.is_empty() {
        return 1;
    }
    let mut n = 0;
    for t in open {
        let len = played.len();
        played.extend(t.parts);
        n += turn_perft(game, given, played, depth - 1);
        played.truncate(len);
    }
    n
}
