//! The `medieval` rule set (seed 000): every rule sentence on a hand-made
//! position or from the start.

use crate::support::{at, captures, legal, options, play, setup_with};
use ludus::analysis::start::Start;
use ludus::core::game::Game;
use ludus::games::rithmomachy::Rithmomachy;
use ludus::games::rithmomachy::piece::Side;

/// The medieval rules with the victories that could end a test early off.
fn setup(to_move: &str, pieces: &[(&str, &str)]) -> Rithmomachy {
    let o = options("medieval", &[("bodies", "off"), ("triumph", "off")]);
    setup_with(&o, to_move, pieces)
}

fn reserve(g: &Rithmomachy, side: Side) -> Vec<String> {
    g.position()
        .reserve(side)
        .pieces()
        .iter()
        .map(|l| format!("{}{}", l.shape.letter(), l.value))
        .collect()
}

#[test]
fn from_the_start_white_moves_first_with_seventeen_moves() {
    // 002: "White goes first." With 002's setup as drawn, White's movable
    // men are the four rounds of rank 4 (two diagonals each), c3 and f3
    // (one each), the triangles a3 b3 g3 h3 two ranks up, the squares g1
    // and b1 three files along rank 1, and the pyramid g2 as a round to f1.
    let entry = ludus::registry::find("rithmomachy").unwrap();
    let opts = options("medieval", &[]);
    assert_eq!(entry.perft(&Start::new(&opts, None), 1).unwrap(), 17);
    // Regression anchors of this engine, checked against no other program.
    assert_eq!(entry.perft(&Start::new(&opts, None), 2).unwrap(), 272);
    assert_eq!(entry.perft(&Start::new(&opts, None), 3).unwrap(), 5_183);
    let g = Rithmomachy::new(&opts).unwrap();
    assert_eq!(g.position().to_move(), Side::White);
}

#[test]
fn moves_are_exact_and_never_jump() {
    // 000: "Triangles can move exactly two squares vertically or
    // horizontally"; "Squares ... exactly three"; no leaps in this rule set.
    let g = setup(
        "white",
        &[
            ("d8", "w16T"),
            ("d5", "w45S"),
            ("d6", "b9C"),
            ("a16", "b3C"),
        ],
    );
    let moves = legal(&g);
    for m in ["d8-d10", "d8-b8", "d8-f8", "d5-a5", "d5-g5", "d5-d2"] {
        assert!(moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
    // No knight's leaps, and the square cannot pass over d6.
    for m in ["d8-e10", "d8-c6", "d5-d8", "d5-e8"] {
        assert!(!moves.contains(&m.to_string()), "{m} in {moves:?}");
    }
}

#[test]
fn meeting_by_a_piece_that_could_land_on_its_equal() {
    // 000: "Meeting: If a piece could capture another piece with the same
    // value by landing on it, the piece stays in its location and the
    // opponent's piece is taken from the board."
    let mut g = setup("white", &[("b8", "w16T"), ("d10", "b16C"), ("a16", "b3C")]);
    play(&mut g, "b8-d8");
    assert_eq!(
        captures(&g),
        vec![("d10".to_string(), 16, "equality", true)]
    );
    assert_eq!(at(g.position(), "d8"), "w16T");
}

#[test]
fn a_captured_piece_changes_sides_and_is_placed_on_the_home_rank() {
    // 000: "If a piece is captured, it changes sides." It goes to the
    // captor's reserve; a later turn may place it on an empty square of the
    // captor's home rank (rank 1 for White) instead of moving.
    let mut g = setup(
        "white",
        &[
            ("b8", "w16T"),
            ("d10", "b16C"),
            ("a1", "w25S"),
            ("h16", "b3C"),
        ],
    );
    play(&mut g, "b8-d8");
    assert_eq!(reserve(&g, Side::White), vec!["C16"]);
    assert_eq!(g.position().captured(Side::White).value, 16);
    play(&mut g, "h16-g15");
    let moves = legal(&g);
    assert!(moves.contains(&"C16@b1".to_string()), "{moves:?}");
    assert!(!moves.contains(&"C16@a1".to_string()), "a1 is taken");
    assert!(!moves.contains(&"C16@b2".to_string()), "only the home rank");
    play(&mut g, "C16@b1");
    assert_eq!(at(g.position(), "b1"), "w16C");
    assert!(reserve(&g, Side::White).is_empty());
    // The placed piece is White's now and moves like any round.
    play(&mut g, "g15-h16");
    assert!(legal(&g).contains(&"b1-c2".to_string()));
}

#[test]
fn placing_a_piece_is_a_move_after_which_captures_are_made() {
    // A placing takes the turn; the captures the mover then has are made
    // as after any move. The 16 placed on c1 could land on d2's 16.
    let text = r#"{"to_move": "white", "pieces": [
        {"at": "d2", "side": "black", "shape": "triangle", "value": 16},
        {"at": "h16", "side": "black", "shape": "round", "value": 3}],
        "reserve": {"white": [{"shape": "round", "value": 16}]}}"#;
    let o = options("medieval", &[("bodies", "off"), ("triumph", "off")]);
    let mut g = Rithmomachy::from_position(&o, text).unwrap();
    play(&mut g, "C16@c1");
    assert_eq!(captures(&g), vec![("d2".to_string(), 16, "equality", true)]);
    assert_eq!(reserve(&g, Side::White), vec!["T16"]);
}

#[test]
fn ambuscade_by_a_sum_only() {
    // 000: "Ambuscade: If two pieces' sum is equal to an enemy piece that is
    // placed between the two (i.e. the enemy piece is within a move of both
    // attacking pieces), the enemy piece is captured."
    let mut g = setup(
        "white",
        &[
            ("e10", "b16C"),
            ("d9", "w9C"),
            ("g10", "w7C"),
            ("a16", "b3C"),
        ],
    );
    play(&mut g, "g10-f11");
    assert_eq!(captures(&g), vec![("e10".to_string(), 16, "ambush", true)]);
    // 25 - 9 = 16 is a difference: no ambuscade in this rule set.
    let mut g = setup(
        "white",
        &[
            ("e10", "b16C"),
            ("d9", "w25C"),
            ("g10", "w9C"),
            ("a16", "b3C"),
        ],
    );
    play(&mut g, "g10-f11");
    assert!(captures(&g).is_empty());
}

#[test]
fn a_pyramid_is_taken_by_its_total_or_by_siege_never_by_a_layer() {
    // 000: the pyramids' "irregular values make it hard for them to be
    // captured by most of the capturing methods listed below, except for
    // Siege": a 16 that could land on White's pyramid does not take its 16.
    let pyramid = "wP:36S,25S,16T,9T,4C,1C";
    let mut g = setup("black", &[("e10", pyramid), ("g12", "b16C"), ("a1", "w2C")]);
    play(&mut g, "g12-f11");
    assert!(captures(&g).is_empty());
    assert_eq!(at(g.position(), "e10"), "w91P");
    // 000: "Siege: If a piece is surrounded on all four sides, it is
    // removed" - the whole pyramid, which joins the captor as its men.
    let mut g = setup(
        "black",
        &[
            ("e10", pyramid),
            ("d10", "b3C"),
            ("f10", "b5C"),
            ("e9", "b7C"),
            ("f12", "b9C"),
            ("a1", "w2C"),
        ],
    );
    play(&mut g, "f12-e11");
    assert_eq!(captures(&g), vec![("e10".to_string(), 91, "siege", true)]);
    let mut men = reserve(&g, Side::Black);
    men.sort();
    assert_eq!(men, vec!["C1", "C4", "S25", "S36", "T16", "T9"]);
}

#[test]
fn assault_and_siege_follow_seed_000() {
    // 000: "Assault: If a piece with a small value, multiplied by the number
    // of vacant spaces between it and another larger piece is equal to the
    // larger piece, the larger piece is captured." 4 x 3 vacant = 12.
    let mut g = setup("white", &[("d9", "w4C"), ("e14", "b12T"), ("a16", "b3C")]);
    play(&mut g, "d9-e10");
    assert_eq!(
        captures(&g),
        vec![("e14".to_string(), 12, "eruption", true)]
    );
    // A siege needs four enemies on the four sides: the board's edge, which
    // seed 001 counts, is not one here.
    let mut g = setup(
        "white",
        &[
            ("a10", "b7C"),
            ("a9", "w100C"),
            ("b10", "w200C"),
            ("b12", "w500C"),
            ("h16", "b3C"),
        ],
    );
    play(&mut g, "b12-a11");
    assert!(captures(&g).is_empty());
    assert_eq!(at(g.position(), "a10"), "b7C");
}

#[test]
fn a_side_that_can_only_place_has_not_lost() {
    // A side whose men cannot move but who holds a reserve piece and has an
    // empty home square still has a turn to play.
    let text = r#"{"to_move": "black", "pieces": [
        {"at": "a1", "side": "white", "shape": "round", "value": 2}],
        "reserve": {"black": [{"shape": "square", "value": 49}]}}"#;
    let o = options("medieval", &[("bodies", "off"), ("triumph", "off")]);
    let g = Rithmomachy::from_position(&o, text).unwrap();
    assert_eq!(g.position().ending(), None);
    let moves = legal(&g);
    assert_eq!(moves.len(), 8, "{moves:?}");
    assert!(
        moves
            .iter()
            .all(|m| m.starts_with("S49@") && m.ends_with("16"))
    );
}
