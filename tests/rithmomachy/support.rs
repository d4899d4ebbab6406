//! Hand-made positions for the rule tests.

use ludus::core::game::Game;
use ludus::core::options::Options;
use ludus::games::rithmomachy::Rithmomachy;
use ludus::games::rithmomachy::moves::Move;
use ludus::games::rithmomachy::position::{CaptureEvent, Position};
use ludus::games::rithmomachy::position_file;
use ludus::games::rithmomachy::rules::Rules;
use ludus::games::rithmomachy::square::Square;
use ludus::games::rithmomachy::variant::Variant;
use std::sync::Arc;

/// Options: the rule set and any `key=value` overrides.
pub fn options(rules: &str, extra: &[(&str, &str)]) -> Options {
    let mut given = vec![("rules".to_string(), rules.to_string())];
    given.extend(extra.iter().map(|(k, v)| (k.to_string(), v.to_string())));
    Options::resolve(Rithmomachy::option_specs(), &given).unwrap()
}

/// One piece written `w16C` (White round 16), `b45S`, `w9T`, or a pyramid
/// `bP:64S,49S,36T` (layers bottom first).
fn piece_json(at: &str, label: &str) -> String {
    let side = match &label[..1] {
        "w" => "white",
        "b" => "black",
        _ => panic!("{label}: start with w or b"),
    };
    let shape = |c: &str| match c {
        "C" => "round",
        "T" => "triangle",
        "S" => "square",
        _ => panic!("{label}: shape letter"),
    };
    if let Some(layers) = label[1..].strip_prefix("P:") {
        let ls: Vec<String> = layers
            .split(',')
            .map(|l| {
                let (v, s) = l.split_at(l.len() - 1);
                format!(r#"{{"shape":"{}","value":{v}}}"#, shape(s))
            })
            .collect();
        return format!(
            r#"{{"at":"{at}","side":"{side}","shape":"pyramid","layers":[{}]}}"#,
            ls.join(",")
        );
    }
    let (v, s) = label[1..].split_at(label.len() - 2);
    format!(
        r#"{{"at":"{at}","side":"{side}","shape":"{}","value":{v}}}"#,
        shape(s)
    )
}

/// The position file text for these pieces, with `to_move` to move.
pub fn position_json(to_move: &str, pieces: &[(&str, &str)]) -> String {
    position_json_captured(to_move, pieces, &[], &[])
}

fn taken_json(list: &[&str]) -> String {
    let v: Vec<String> = list
        .iter()
        .map(|l| {
            let j = piece_json("a1", &format!("w{l}"));
            j.replace(r#""at":"a1","side":"white","#, "")
        })
        .collect();
    format!("[{}]", v.join(","))
}

/// As [`position_json`], with what each side has captured (`16C`, `45S`...).
pub fn position_json_captured(
    to_move: &str,
    pieces: &[(&str, &str)],
    white_took: &[&str],
    black_took: &[&str],
) -> String {
    let list: Vec<String> = pieces.iter().map(|(a, l)| piece_json(a, l)).collect();
    format!(
        r#"{{"to_move":"{to_move}","pieces":[{}],"captured":{{"white":{},"black":{}}}}}"#,
        list.join(","),
        taken_json(white_took),
        taken_json(black_took)
    )
}

/// A game set up with tallies: what White and Black have already taken.
pub fn setup_taken(
    options: &Options,
    to_move: &str,
    pieces: &[(&str, &str)],
    white_took: &[&str],
    black_took: &[&str],
) -> Rithmomachy {
    let text = position_json_captured(to_move, pieces, white_took, black_took);
    Rithmomachy::from_position(options, &text).unwrap()
}

/// A game set up with these pieces under `rules`.
pub fn setup(rules: &str, to_move: &str, pieces: &[(&str, &str)]) -> Rithmomachy {
    setup_with(&options(rules, &[]), to_move, pieces)
}

/// As [`setup`] with explicit options.
pub fn setup_with(options: &Options, to_move: &str, pieces: &[(&str, &str)]) -> Rithmomachy {
    Rithmomachy::from_position(options, &position_json(to_move, pieces)).unwrap()
}

/// Plays a move written `from-to`, which must be legal.
pub fn play(game: &mut Rithmomachy, mv: &str) {
    let m = Move::parse(mv).unwrap();
    let mut legal = Vec::new();
    game.legal_moves(&mut legal);
    assert!(legal.contains(&m), "{mv} is not legal; legal: {legal:?}");
    game.play(m, &mut ludus::core::log::Silent);
}

/// The legal moves, written out and sorted.
pub fn legal(game: &Rithmomachy) -> Vec<String> {
    let mut v = Vec::new();
    game.legal_moves(&mut v);
    let mut s: Vec<String> = v.iter().map(|m| m.to_string()).collect();
    s.sort();
    s
}

/// The targets of the piece on `from`, sorted.
pub fn targets(game: &Rithmomachy, from: &str) -> Vec<String> {
    legal(game)
        .into_iter()
        .filter_map(|m| m.strip_prefix(&format!("{from}-")).map(str::to_string))
        .collect()
}

/// The last move's captures as (square, value, rule, whole).
pub fn captures(game: &Rithmomachy) -> Vec<(String, u16, &'static str, bool)> {
    game.position()
        .last_captures()
        .iter()
        .map(|c: &CaptureEvent| (c.at.to_string(), c.value, c.kind.name(), c.whole))
        .collect()
}

/// The label of the piece on `at`, as [`setup`] writes it, or "" if empty.
pub fn at(pos: &Position, at: &str) -> String {
    pos.board()
        .get(Square::parse(at).unwrap())
        .map_or(String::new(), |p| {
            let side = if p.side.index() == 0 { "w" } else { "b" };
            format!("{side}{}", p.label())
        })
}

/// A game set up with these pieces under a rule set given as data (for the
/// rule options no preset uses yet).
pub fn setup_rules(rules: Rules, to_move: &str, pieces: &[(&str, &str)]) -> Rithmomachy {
    setup_rules_taken(rules, to_move, pieces, &[], &[])
}

/// As [`setup_rules`], with what White and Black have already taken.
pub fn setup_rules_taken(
    rules: Rules,
    to_move: &str,
    pieces: &[(&str, &str)],
    white_took: &[&str],
    black_took: &[&str],
) -> Rithmomachy {
    let text = position_json_captured(to_move, pieces, white_took, black_took);
    let spec = position_file::parse(&text).unwrap();
    let variant = Arc::new(Variant::new(rules).unwrap());
    Rithmomachy::from(Position::from_parts(variant, spec))
}
