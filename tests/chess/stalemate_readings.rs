//! Grande Acedrex's other readings of a side without a move
//! (grande_acedrex.md, "The end"): `stalemate=stalemater_wins`, where the
//! stalemater wins and a bare king loses, and `stalemate=ludii`, where the
//! stalemated side passes.

use serde_json::json;

use crate::made::{acedrex, acedrex_after};
use crate::support::legal;

/// Black's king on a12 cannot move (the rook holds b11 and b12, the
/// crocodile a11) and is not in check; its seven pawns are blocked. Black
/// has more pieces (8 to 6), so the seed's count would give it the game.
fn stalemated_black() -> Vec<(&'static str, &'static str)> {
    vec![
        ("l1", "K"),
        ("b2", "R"),
        ("c9", "C"),
        ("a4", "P"),
        ("e4", "P"),
        ("g4", "P"),
        ("a12", "k"),
        ("a5", "p"),
        ("e5", "p"),
        ("e6", "p"),
        ("e7", "p"),
        ("g5", "p"),
        ("g6", "p"),
        ("g7", "p"),
    ]
}

#[test]
fn the_seed_count_gives_this_stalemate_to_the_stalemated_side() {
    let p = acedrex(&stalemated_black(), "black", &[], json!({}));
    assert_eq!(
        p["outcome"],
        json!({"winner": "black", "reason": "stalemate"})
    );
}

#[test]
fn with_stalemater_wins_the_stalemater_wins_whatever_the_count() {
    let p = acedrex(
        &stalemated_black(),
        "black",
        &[("stalemate", "stalemater_wins")],
        json!({}),
    );
    assert_eq!(
        p["outcome"],
        json!({"winner": "white", "reason": "stalemate"})
    );
}

#[test]
fn with_stalemater_wins_baring_the_kings_army_wins() {
    // The rook takes Black's last piece but its king.
    let pieces = [("a1", "K"), ("c1", "R"), ("l12", "k"), ("c10", "p")];
    let opts = [("stalemate", "stalemater_wins")];
    let p = acedrex_after(&pieces, "white", &opts, json!({}), &["c1xc10"]);
    assert_eq!(
        p["outcome"],
        json!({"winner": "white", "reason": "bare-king"})
    );
    // Under the seed's rules the same capture ends nothing.
    let p = acedrex_after(&pieces, "white", &[], json!({}), &["c1xc10"]);
    assert_eq!(p["outcome"], json!(null));
}

#[test]
fn with_stalemater_wins_two_bare_kings_draw() {
    // White's lone king takes Black's last piece: both kings are bare.
    let pieces = [("e5", "K"), ("l12", "k"), ("e6", "p")];
    let opts = [("stalemate", "stalemater_wins")];
    let p = acedrex_after(&pieces, "white", &opts, json!({}), &["e5xe6"]);
    assert_eq!(
        p["outcome"],
        json!({"winner": null, "reason": "bare-kings"})
    );
}

#[test]
fn with_ludii_the_stalemated_side_passes_and_play_goes_on() {
    let opts = [("stalemate", "ludii")];
    let p = acedrex(&stalemated_black(), "black", &opts, json!({}));
    assert_eq!(p["outcome"], json!(null));
    assert_eq!(legal(&p), ["pass"]);
    let p = acedrex_after(&stalemated_black(), "black", &opts, json!({}), &["pass"]);
    assert_eq!(p["outcome"], json!(null));
    assert_eq!(p["to_move"], "white");
    assert_eq!(p["ply"], 1);
    // The board is as it was: nothing moved.
    let before = acedrex(&stalemated_black(), "black", &opts, json!({}));
    assert_eq!(p["board"], before["board"]);
}
