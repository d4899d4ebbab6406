//! `ludus position --json` prints each game's own keys only: `king_leap`
//! in Grande Acedrex, `moved` in Four Seasons (under its first-move rule),
//! and the reader still takes what the writer of either game prints.

use serde_json::json;

use crate::made::{file, seasons_file};
use crate::support::{after, from_file};
use ludus::analysis::analysis_error::AnalysisError;
use ludus::core::position_error::PositionError;

#[test]
fn grande_acedrex_prints_king_leap_and_not_moved() {
    let v = after("grande-acedrex", &[], "a4-a5");
    assert_eq!(v["king_leap"], json!(["white", "black"]));
    assert!(v.get("moved").is_none(), "{v}");
    // What it prints reads back to the same JSON.
    assert_eq!(from_file("grande-acedrex", &[], &v.to_string()).unwrap(), v);
}

#[test]
fn four_seasons_prints_moved_and_not_king_leap() {
    let v = after("four-seasons", &[], "g1-e2");
    assert_eq!(v["moved"], json!(["green"]));
    assert!(v.get("king_leap").is_none(), "{v}");
    assert_eq!(from_file("four-seasons", &[], &v.to_string()).unwrap(), v);
    // Without the first-move rule there is nothing to say.
    let free = [("first_move", "free")];
    let v = after("four-seasons", &free, "g1-e2");
    assert!(v.get("moved").is_none(), "{v}");
}

#[test]
fn the_reader_still_takes_the_other_games_key() {
    let pieces = [("a1", "K"), ("l12", "k")];
    let text = file((12, 12), &pieces, "white", json!({"moved": ["white"]}));
    assert!(from_file("grande-acedrex", &[], &text).is_ok());
    let pieces = [("h1", "1K"), ("h8", "2K"), ("a8", "3K"), ("a1", "4K")];
    let text = seasons_file(&pieces, "green", json!({"king_leap": []}));
    assert!(from_file("four-seasons", &[], &text).is_ok());
}

#[test]
fn a_ply_out_of_range_is_refused_naming_ply() {
    let pieces = [("a1", "K"), ("l12", "k")];
    for ply in [
        json!(-3),
        json!(4_294_967_296u64),
        json!(100_000_001),
        json!(1.5),
    ] {
        let text = file((12, 12), &pieces, "white", json!({"ply": ply}));
        let e = from_file("grande-acedrex", &[], &text).unwrap_err();
        assert!(
            matches!(e, AnalysisError::Position(PositionError::Content(_))),
            "{ply}: {e:?}"
        );
        let e = e.to_string();
        assert!(e.starts_with("ply: "), "{ply}: {e}");
    }
    let text = file((12, 12), &pieces, "white", json!({"ply": 100_000_000}));
    let v = from_file("grande-acedrex", &[], &text).unwrap();
    assert_eq!(v["ply"], 100_000_000);
    assert_eq!(v["outcome"]["reason"], "cap");
}
