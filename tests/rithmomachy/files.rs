//! Position files: what they accept and how they say what is wrong.

use crate::support::options;
use ludus::core::game::Game;
use ludus::core::position_error::PositionError;
use ludus::core::presentation::Presentation;
use ludus::games::rithmomachy::Rithmomachy;

fn load(text: &str) -> Result<Rithmomachy, PositionError> {
    Rithmomachy::from_position(&options("boardspace", &[]), text)
}

/// Why `text` is refused: its content (`PositionError::Content`), in words.
#[track_caller]
fn refused(text: &str) -> String {
    let e = load(text).unwrap_err();
    assert!(matches!(e, PositionError::Content(_)), "{e:?}");
    e.to_string()
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
            "1 to 9999, not 0",
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
        let e = refused(&piece(entry));
        assert!(e.contains(needle), "{entry}: {e}");
        if !needle.contains("green") {
            assert!(e.contains("pieces[1]"), "{entry}: {e}");
        }
    }
}

/// Issue 14: pyramid layers of 60000 + 60000 showed as a 54464 pyramid, and
/// captured values wrapped; values no rule set uses are refused instead.
#[test]
fn values_that_could_overflow_are_refused() {
    let pyramid = |v: u32| {
        format!(
            r#"{{"to_move": "white", "pieces": [{{"at": "b2", "side": "black", "shape": "pyramid",
                "layers": [{{"shape": "square", "value": {v}}}, {{"shape": "round", "value": {v}}}]}}]}}"#
        )
    };
    let e = refused(&pyramid(60000));
    assert!(
        e.contains("layers[0]") && e.contains("1 to 9999, not 60000"),
        "{e}"
    );
    // The largest value allowed, six times over, still totals exactly.
    let six = format!(
        r#"{{"to_move": "white", "pieces": [{{"at": "b2", "side": "black", "shape": "pyramid",
            "layers": [{}]}}]}}"#,
        [r#"{"shape": "square", "value": 9999}"#; 6].join(", ")
    );
    let g = load(&six).unwrap();
    assert!(g.diagram().contains("59994"), "{}", g.diagram());
    // Past 65535 the number itself is refused.
    let e = refused(&pyramid(70000));
    assert!(e.contains("70000"), "{e}");
    let captured = |n: usize| {
        format!(
            r#"{{"to_move": "white", "pieces": [], "captured": {{"white": [{}]}}}}"#,
            vec![r#"{"shape": "round", "value": 9999}"#; n].join(", ")
        )
    };
    let e = refused(&captured(100_000));
    assert!(
        e.contains("captured.white") && e.contains("more than the 256"),
        "{e}"
    );
    let g = load(&captured(256)).unwrap();
    assert_eq!(g.to_json()["captured"]["white"]["value"], 256 * 9999);
}

#[test]
fn a_position_for_other_rules_is_refused() {
    let e = refused(r#"{"rules": "modern", "to_move": "white", "pieces": []}"#);
    assert!(e.contains("--rules modern"), "{e}");
}

#[test]
fn what_position_json_prints_is_checked_as_it_is_read() {
    let file = |captured: &str, pyramid_value: &str| {
        format!(
            r#"{{"to_move": "white", "ply": 12, "legal_moves": ["b7-c8"], "last_captures": [],
                "outcome": null, "pieces": [
                {{"at": "b7", "side": "white", "shape": "pyramid", {pyramid_value}
                  "layers": [{{"shape": "square", "value": 36}}, {{"shape": "round", "value": 1}}]}}],
                "captured": {{"white": {captured}, "black": []}}}}"#
        )
    };
    let taken = r#"[{"shape": "round", "value": 3}, {"shape": "square", "value": 16}]"#;
    let tallied = |pieces, value, digits| {
        format!(r#"{{"pieces": {pieces}, "value": {value}, "digits": {digits}, "taken": {taken}}}"#)
    };
    let written = load(&file(&tallied(2, 19, 3), r#""value": 37,"#)).unwrap();
    let by_hand = load(&file(taken, "")).unwrap();
    assert_eq!(written.to_json(), by_hand.to_json());
    assert_eq!(written.to_json()["captured"]["white"]["value"], 19);
    for (text, needle) in [
        (file(&tallied(3, 19, 3), ""), "captured.white.pieces is 3"),
        (file(&tallied(2, 20, 3), ""), "captured.white.value is 20"),
        (file(&tallied(2, 19, 2), ""), "captured.white.digits is 2"),
        (
            file(taken, r#""value": 36,"#),
            "sum of its layers, 37, not 36",
        ),
        (file("7", ""), "captured.white: a list of pieces"),
        (
            file(r#"[{"shape": "round", "value": 0}]"#, ""),
            "captured.white[0]: a value must be 1 to 9999, not 0",
        ),
        (
            file(r#"{"taken": [{"shape": "hexagon", "value": 2}]}"#, ""),
            "captured.white.taken[0]: shape `hexagon`",
        ),
    ] {
        let e = refused(&text);
        assert!(e.contains(needle), "{needle}: {e}");
    }
}

#[test]
fn the_diagram_counts_in_the_singular_too() {
    let g = load(
        r#"{"to_move": "white", "pieces": [
            {"at": "d5", "side": "black", "shape": "round", "value": 16}],
            "captured": {"white": [{"shape": "round", "value": 3}], "black": []}}"#,
    )
    .unwrap();
    let d = g.diagram();
    assert!(
        d.contains("white has captured 1 piece worth 3 (1 digit)"),
        "{d}"
    );
    assert!(
        d.contains("black has captured 0 pieces worth 0 (0 digits)"),
        "{d}"
    );
}

#[test]
fn a_files_ply_counts_towards_the_cap() {
    // Two lone rounds far apart: no capture and no victory can end the game
    // but the cap of 1000 moves (dagonell's preset), one move away at ply 999.
    let text = |ply: u32| {
        format!(
            r#"{{"to_move": "white", "ply": {ply}, "pieces": [
                {{"at": "a1", "side": "white", "shape": "round", "value": 4}},
                {{"at": "h16", "side": "black", "shape": "round", "value": 9}}]}}"#
        )
    };
    let opts = options("dagonell", &[]);
    for (ply, ends) in [(999, true), (500, false)] {
        let mut g = Rithmomachy::from_position(&opts, &text(ply)).unwrap();
        assert_eq!(g.length(), ply);
        crate::support::play(&mut g, "a1-b2");
        let ending = g.outcome().map(|o| o.reason);
        assert_eq!(ending == Some("cap"), ends, "from ply {ply}: {ending:?}");
    }
}

/// A ply past `core::input::MAX_PLY` is refused naming `ply` (checked by
/// `core::input::check_ply`, as morris does), rather than wrapping when the
/// game counts on from it or failing inside the JSON reader; 10^12 does not
/// even fit the 32-bit count. An ordinary ply, and the largest allowed,
/// still read.
#[test]
fn a_ply_too_large_is_refused_naming_ply() {
    let text = |ply: u64| {
        format!(
            r#"{{"to_move": "white", "ply": {ply}, "pieces": [
                {{"at": "a1", "side": "white", "shape": "round", "value": 4}}]}}"#
        )
    };
    for ply in [1_000_000_000_000, u64::from(u32::MAX), 1_000_000_001] {
        let e = refused(&text(ply));
        assert!(
            e.contains("`ply`") && e.contains(&ply.to_string()),
            "{ply}: {e}"
        );
    }
    for ply in [12, 1_000_000_000] {
        let g = load(&text(ply)).unwrap();
        assert_eq!(u64::from(g.length()), ply);
        assert_eq!(g.to_json()["ply"], ply);
    }
}
