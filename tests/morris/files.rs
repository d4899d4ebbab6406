//! Position files: `ludus position --json` reads back, and bad input is an
//! error naming the entry.

use crate::support::{after, entry, from_file, options};
use ludus::analysis::analysis_error::AnalysisError;
use ludus::analysis::start::Start;
use ludus::core::position_error::PositionError;

#[test]
fn the_json_output_reads_back_as_a_position_file() {
    for (game, given, moves) in [
        ("alquerque", vec![("first", "seat1")], "d2-c3 b4xd2"),
        ("rabbit", vec![], "c3-c4 a3-b3"),
        (
            "nine-men",
            vec![("first", "seat2"), ("rules", "ludii")],
            "a1 d1 g1 a4 a7 b2",
        ),
        ("three-men", vec![("first", "seat1")], "a1 a3 b1 b3 c1"),
        // A half-played turn (issue 30): the removal a line earns.
        (
            "nine-men",
            vec![("first", "seat1"), ("rules", "ludii")],
            "a1 b2 d1 b4 g1",
        ),
    ] {
        let shown = after(game, &given, moves);
        let back = from_file(game, &given, &shown.to_string()).unwrap();
        assert_eq!(back, shown, "{game}");
    }
    assert_eq!(
        after(
            "nine-men",
            &[("first", "seat1"), ("rules", "ludii")],
            "a1 b2 d1 b4 g1"
        )["pending"],
        "removal"
    );
    // A chain under way reads back, its jumped men still on the board.
    let chain = r#"{"to_move": "white", "points": {"c3": "white", "b2": "black", "d4": "black", "e1": "black"}, "pending": {"at": "c3", "jumped": ["b2"]}}"#;
    let shown = from_file("alquerque", &[], chain).unwrap();
    assert_eq!(shown["legal_moves"], serde_json::json!(["xe5", "stop"]));
    assert_eq!(
        from_file("alquerque", &[], &shown.to_string()).unwrap(),
        shown
    );
}

#[test]
fn bad_files_and_moves_name_the_entry() {
    let bad = |game: &str, text: &str, needle: &str| {
        let err = from_file(game, &[], text).unwrap_err();
        assert!(
            matches!(err, AnalysisError::Position(PositionError::Content(_))),
            "{game}: {err:?}"
        );
        let err = err.to_string();
        assert!(
            err.contains(needle),
            "{game}: `{err}` should name `{needle}`"
        );
    };
    bad("alquerque", "{", "not a position file");
    bad(
        "alquerque",
        r#"{"to_move": "white", "points": {"a1": "white"}, "pending": "removal"}"#,
        "remove no man",
    );
    bad(
        "alquerque",
        r#"{"to_move": "white", "points": {"a1": "white", "b2": "black"}, "pending": {"at": "a1", "jumped": ["c3"]}}"#,
        "pending.jumped",
    );
    bad(
        "alquerque",
        r#"{"to_move": "white", "points": {"a1": "white", "b2": "black"}, "pending": {"at": "a1", "jumped": ["b2"]}}"#,
        "no jump left",
    );
    bad(
        "alquerque",
        r#"{"to_move": "white", "points": {}, "pending": "later"}"#,
        "`later`",
    );
    bad(
        "alquerque",
        r#"{"to_move": "white", "points": {"f9": "white"}}"#,
        "f9",
    );
    bad(
        "alquerque",
        r#"{"to_move": "white", "points": {"a1": "red"}}"#,
        "red",
    );
    bad(
        "alquerque",
        r#"{"to_move": "white", "points": {}, "turn": 3}"#,
        "turn",
    );
    bad(
        "nine-men",
        r#"{"to_move": "white", "points": {"c2": "white"}}"#,
        "c2",
    );
    bad(
        "three-men",
        r#"{"to_move": "white", "hand": {"white": 3}, "points": {"a1": "white"}}"#,
        "white: 1 men",
    );
    bad(
        "rabbit",
        r#"{"game": "alquerque", "to_move": "hare", "points": {}}"#,
        "alquerque",
    );
    // A ply so large that counting on from it would wrap.
    bad(
        "three-men",
        r#"{"to_move": "white", "ply": 4294967295, "points": {}}"#,
        "`ply`",
    );
    // One too large for the 32-bit count is refused by the same check.
    bad(
        "three-men",
        r#"{"to_move": "white", "ply": 1000000000000, "points": {}}"#,
        "`ply`: 1000000000000",
    );
    let illegal = entry("alquerque")
        .position(
            &Start::new(&options("alquerque", &[("first", "seat1")]), None),
            &["b2-c3".into(), "a1-a2".into()],
            true,
        )
        .unwrap_err();
    assert!(
        matches!(&illegal, AnalysisError::Move { number: 2, text, .. } if text == "a1-a2"),
        "{illegal:?}"
    );
    let illegal = illegal.to_string();
    assert!(illegal.contains("move 2 `a1-a2`"), "{illegal}");
}

#[test]
fn perft_and_moves_need_a_fixed_start_when_lots_are_drawn() {
    let o = options("alquerque", &[]);
    let err = entry("alquerque")
        .perft(&Start::new(&o, None), 1)
        .unwrap_err();
    assert!(matches!(err, AnalysisError::Chance(_)), "{err:?}");
    let err = err.to_string();
    assert!(err.contains("first=seat1"), "{err}");
    let err = entry("alquerque")
        .position(&Start::new(&o, None), &["b2-c3".into()], false)
        .unwrap_err();
    assert!(matches!(err, AnalysisError::Chance(_)), "{err:?}");
    let err = err.to_string();
    assert!(err.contains("first=seat1"), "{err}");
    // The start itself shows, lots still to draw.
    let start = entry("alquerque")
        .position(&Start::new(&o, None), &[], false)
        .unwrap();
    assert!(start.contains("lots are still to draw"), "{start}");
}
