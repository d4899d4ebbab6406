//! Position files: `ludus position --json` reads back, and bad input is an
//! error naming the entry.

use crate::made::file;
use crate::support::{after, from_file};
use serde_json::json;

#[test]
fn the_json_output_reads_back_as_a_position_file() {
    for (given, moves) in [
        (vec![], "g1-i3 g12-e10 h1-j3"),
        (vec![("pawn_double", "true")], "a4-a6 l9-l7 f1-g2"),
        (vec![("unicorn", "murray")], "c1-b3 j12-k10 b3-a2"),
    ] {
        let shown = after("grande-acedrex", &given, moves);
        let back = from_file("grande-acedrex", &given, &shown.to_string()).unwrap();
        assert_eq!(back, shown, "{given:?} {moves}");
    }
}

#[test]
fn bad_files_name_the_entry() {
    let bad = |text: &str, needle: &str| {
        let err = from_file("grande-acedrex", &[], text).unwrap_err();
        assert!(err.contains(needle), "`{err}` should name `{needle}`");
    };
    let kings = [("a1", "K"), ("l12", "k")];
    bad("{", "EOF");
    bad(r#"{"to_move": "white", "board": []}"#, "12 ranks");
    bad(
        &file((12, 12), &kings, "white", json!({"colour": 1})),
        "colour",
    );
    bad(
        &file((12, 12), &[("a1", "K")], "white", json!({})),
        "black has 0 kings",
    );
    bad(
        &file(
            (12, 12),
            &[("a1", "K"), ("b1", "K"), ("l12", "k")],
            "white",
            json!({}),
        ),
        "white has 2 kings",
    );
    bad(
        &file(
            (12, 12),
            &[("a1", "K"), ("l12", "k"), ("e5", "N")],
            "white",
            json!({}),
        ),
        "board: e5: `N` is not a piece of grande-acedrex",
    );
    bad(
        &file(
            (12, 12),
            &[("a1", "K"), ("l12", "k"), ("e12", "P")],
            "white",
            json!({}),
        ),
        "board: e12: a pawn on the edge ahead of it is promoted",
    );
    bad(
        &file((12, 12), &kings, "red", json!({})),
        "to_move: `red` is not a side",
    );
    bad(
        &file(
            (12, 12),
            &[("a1", "K"), ("l12", "k"), ("e5", "3R")],
            "white",
            json!({}),
        ),
        "board: e5: `3R` names seat 3 of 2",
    );
    bad(
        &file((12, 12), &kings, "white", json!({"game": "four-seasons"})),
        "not `grande-acedrex`",
    );
}

/// A file without `king_leap` lets a king leap while it stands on its
/// square of the setup.
#[test]
fn kings_on_their_home_squares_may_leap_by_default() {
    let shown = from_file(
        "grande-acedrex",
        &[],
        &file((12, 12), &[("g1", "K"), ("a12", "k")], "white", json!({})),
    )
    .unwrap();
    assert_eq!(shown["king_leap"], json!(["white"]));
}
