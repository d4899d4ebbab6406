//! Grande Acedrex with the Libro's die (`dice=d8`, grande_acedrex.md,
//! "The Libro's die"): a side whose thrown kind has no legal move loses the
//! turn, and a king left attacked because of it may be taken.

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::games::chess::GrandeAcedrex;
use serde_json::json;

use crate::made::file;
use crate::support::options;

/// Black, in check from the rook on l1, could step its king away; its pawn
/// could step, but not out of check.
fn checked_black() -> GrandeAcedrex {
    let text = file(
        (12, 12),
        &[("a1", "K"), ("l1", "R"), ("l12", "k"), ("c9", "p")],
        "black",
        json!({"king_leap": []}),
    );
    GrandeAcedrex::from_position(&options("grande-acedrex", &[("dice", "d8")]), &text).unwrap()
}

fn shown(g: &GrandeAcedrex) -> Vec<String> {
    let mut m = Vec::new();
    g.legal_moves(&mut m);
    m.iter().map(|x| x.to_string()).collect()
}

#[test]
fn mate_is_judged_before_the_throw_on_every_move() {
    let g = checked_black();
    assert_eq!(g.turn(), Turn::Chance, "a king move answers the check");
    assert!(g.position().in_check());
}

#[test]
fn the_thrown_kind_answers_the_check_or_the_turn_is_lost() {
    // Face 8, the king: it steps out of check.
    let mut g = checked_black();
    g.chance(&mut Dice::scripted(&[8]), &mut Silent);
    assert_eq!(g.turn(), Turn::Decide(1));
    assert_eq!(shown(&g), ["l12-k11", "l12-k12"]);
    // Face 1, a pawn: c9-c8 leaves the king attacked, so Black has no move
    // of the kind thrown and loses the turn; White throws next (a 5, the rook).
    let mut g = checked_black();
    g.chance(&mut Dice::scripted(&[1, 5]), &mut Silent);
    assert_eq!(g.turn(), Turn::Decide(0));
    assert_eq!(g.length(), 1, "the lost turn is a ply");
    assert!(shown(&g).contains(&"l1xl12".to_string()));
}

#[test]
fn a_king_left_attacked_by_a_lost_turn_may_be_taken() {
    let mut g = checked_black();
    g.chance(&mut Dice::scripted(&[1, 5]), &mut Silent);
    let mut m = Vec::new();
    g.legal_moves(&mut m);
    let take = *m.iter().find(|mv| mv.to_string() == "l1xl12").unwrap();
    g.play(take, &mut Silent);
    assert_eq!(g.turn(), Turn::Over);
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, "king-taken");
    assert_eq!(o.sole_winner(), Some(0));
}

#[test]
fn a_face_without_a_move_loses_the_turn_out_of_check_too() {
    // White has no giraffe: a 2 loses its turn, and Black throws next.
    let text = file(
        (12, 12),
        &[("a1", "K"), ("l1", "R"), ("h12", "k"), ("c9", "p")],
        "white",
        json!({"king_leap": []}),
    );
    let mut g =
        GrandeAcedrex::from_position(&options("grande-acedrex", &[("dice", "d8")]), &text).unwrap();
    g.chance(&mut Dice::scripted(&[2, 1]), &mut Silent);
    assert_eq!(g.turn(), Turn::Decide(1));
    assert_eq!(g.length(), 1);
    assert_eq!(shown(&g), ["c9-c8"]);
}
