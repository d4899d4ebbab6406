//! Position files: what they accept and how they say what is wrong.

use crate::support::options;
use ludus::core::game::Game;
use ludus::games::rithmomachy::Rithmomachy;

fn load(text: &str) -> Result<Rithmomachy, String> {
    Rithmomachy::from_position(&options("boardspace", &[]), text)
}

#[test]
fn the_example_position_loads() {
    let g = load(
        r#"{"rules": "boardspace", "to_move": "white", "pieces": [
            {"at": "d5", "side": "black", "shape": "round", "value": 16},
            {"at": "b7", "side": "white", "shape": "pyramid", "layers": [
                {"shape": "square", "value": 36}, {"shape": "round", "value": 1}]}],
            "captured": {"white": [{"shape": "round", "value": 3}], "black": []}}"#,
    )
    .unwrap();
    let j = g.to_json();
    assert_eq!(j["to_move"], "white");
    assert_eq!(j["pieces"].as_array().unwrap().len(), 2);
    assert_eq!(j["pieces"][0]["value"], 37);
    assert_eq!(j["captured"]["white"]["value"], 3);
    assert!(j["outcome"].is_null());
    assert!(j["last_captures"].as_array().unwrap().is_empty());
}

#[test]
fn bad_entries_are_named() {
    let piece = |p: &str| {
        format!(
            r#"{{"to_move": "white", "pieces": [
                {{"at": "a1", "side": "white", "shape": "round", "value": 2}}, {p}]}}"#
        )
    };
    for (entry, needle) in [
        (
            r#"{"at": "i3", "side": "black", "shape": "round", "value": 3}"#,
            "`i3` is not a square",
        ),
        (
            r#"{"at": "a17", "side": "black", "shape": "round", "value": 3}"#,
            "`a17` is not a square",
        ),
        (
            r#"{"at": "a1", "side": "black", "shape": "round", "value": 3}"#,
            "a1 is taken twice",
        ),
        (
            r#"{"at": "b2", "side": "black", "shape": "hexagon", "value": 3}"#,
            "shape `hexagon`",
        ),
        (
            r#"{"at": "b2", "side": "black", "shape": "round", "value": 0}"#,
            "at least 1",
        ),
        (
            r#"{"at": "b2", "side": "black", "shape": "round"}"#,
            "needs a `value`",
        ),
        (
            r#"{"at": "b2", "side": "black", "shape": "pyramid"}"#,
            "needs `layers`",
        ),
        (
            r#"{"at": "b2", "side": "green", "shape": "round", "value": 3}"#,
            "green",
        ),
    ] {
        let e = load(&piece(entry)).unwrap_err();
        assert!(e.contains(needle), "{entry}: {e}");
        if !needle.contains("green") {
            assert!(e.contains("pieces[1]"), "{entry}: {e}");
        }
    }
}

#[test]
fn a_position_for_other_rules_is_refused() {
    let e = load(r#"{"rules": "modern", "to_move": "white", "pieces": []}"#).unwrap_err();
    assert!(e.contains("--rules modern"), "{e}");
}
