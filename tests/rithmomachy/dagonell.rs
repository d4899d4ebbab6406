//! The `dagonell` rule set (seed 002, Dagonell the Juggler's compilation):
//! every rule sentence and numeric example of the seed on a hand-made
//! position or from the start.

use crate::support::{at, captures, legal, options, play, setup_taken, setup_with, targets};
use ludus::analysis::start::Start;
use ludus::core::game::Game;
use ludus::core::options::Options;
use ludus::games::rithmomachy::Rithmomachy;
use ludus::games::rithmomachy::piece::Side;

/// Dagonell's rules with the victories that could end a test early off,
/// and any further settings.
fn quiet(extra: &[(&str, &str)]) -> Options {
    let mut given = vec![("bodies", "off"), ("triumph", "off")];
    given.extend_from_slice(extra);
    options("dagonell", &given)
}

fn setup(to_move: &str, pieces: &[(&str, &str)]) -> Rithmomachy {
    setup_with(&quiet(&[]), to_move, pieces)
}

fn reserve(g: &Rithmomachy, side: Side) -> Vec<String> {
    let mut v: Vec<String> = g
        .position()
        .reserve(side)
        .pieces()
        .iter()
        .map(|l| format!("{}{}", l.shape.letter(), l.value))
        .collect();
    v.sort();
    v
}

fn ending(g: &Rithmomachy) -> Option<(Option<&'static str>, &'static str)> {
    g.position()
        .ending()
        .map(|e| (e.winner.map(|s| s.name()), e.reason))
}

fn strings(v: &[&str]) -> Vec<String> {
    let mut s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    s.sort();
    s
}

fn capture(
    at: &str,
    value: u16,
    kind: &'static str,
    whole: bool,
) -> (String, u16, &'static str, bool) {
    (at.to_string(), value, kind, whole)
}

// ---------------------------------------------------------------------------
// Setup and turn

#[test]
fn from_the_start_white_moves_first_with_twenty_four_moves() {
    // "The initial board set up is given in the diagram below." "Players
    // alternate turns moving one piece per turn. White goes first."
    let entry = ludus::registry::find("rithmomachy").unwrap();
    let opts = options("dagonell", &[]);
    let g = Rithmomachy::new(&opts).unwrap();
    assert_eq!(g.position().to_move(), Side::White);
    // The diagram as drawn: White's pyramid on g2, Black's on a15.
    assert_eq!(at(g.position(), "g2"), "w91P");
    assert_eq!(at(g.position(), "a15"), "b190P");
    assert_eq!(at(g.position(), "h1"), "w289S");
    assert_eq!(at(g.position(), "a16"), "b361S");
    // Counted by hand (exact distances, 8 directions, nothing jumps):
    // - rounds (16): c4 to b4 b5 c5 d5; d4 to c5 d5 e5; e4 to d5 e5 f5;
    //   f4 to e5 f5 g5 g4; c3 to b4; f3 to g4; d3 and e3 are walled in;
    // - triangles (6): a3 to a5 and c5; b3 to b5; g3 to g5; h3 to h5 and
    //   f5 (over g4); those on rank 2 are walled in or run off the board;
    // - squares (2): b1 to e1 and g1 to d1 along rank 1; a1, a2, b2, h1
    //   and h2 are walled in;
    // - the pyramid g2 moves as its 36S, three squares, and every way is
    //   blocked (f1 is one step from the edge);
    // - no capture: no enemy within a move, and no line from a White man to
    //   a Black one has the sally's proportion.
    assert_eq!(entry.perft(&Start::new(&opts, None), 1).unwrap(), 24);
    // Regression anchors of this engine, checked against no other program.
    assert_eq!(entry.perft(&Start::new(&opts, None), 2).unwrap(), PERFT_2);
    assert_eq!(entry.perft(&Start::new(&opts, None), 3).unwrap(), PERFT_3);
}

const PERFT_2: u64 = 576;
const PERFT_3: u64 = 16_224;

// ---------------------------------------------------------------------------
// Movement

#[test]
fn circles_move_exactly_one_square_in_any_direction() {
    // "Circle pieces move exactly one square in any direction,
    // horizontally, vertically or diagonally."
    let g = setup("white", &[("d8", "w4C"), ("h16", "b3C")]);
    assert_eq!(
        targets(&g, "d8"),
        strings(&["c7", "c8", "c9", "d7", "d9", "e7", "e8", "e9"])
    );
}

#[test]
fn triangles_move_exactly_two_squares_in_eight_directions() {
    // "Triangle pieces move exactly two squares horizontally, vertically or
    // diagonally."
    let g = setup("white", &[("d8", "w16T"), ("h16", "b3C")]);
    assert_eq!(
        targets(&g, "d8"),
        strings(&["b10", "b6", "b8", "d10", "d6", "f10", "f6", "f8"])
    );
}

#[test]
fn squares_move_exactly_three_squares_in_eight_directions() {
    // "Square pieces move exactly three squares horizontally, vertically or
    // diagonally."
    let g = setup("white", &[("d8", "w45S"), ("h16", "b3C")]);
    assert_eq!(
        targets(&g, "d8"),
        strings(&["a11", "a5", "a8", "d11", "d5", "g11", "g5", "g8"])
    );
}

#[test]
fn pieces_may_not_jump_nor_shorten_nor_turn() {
    // "Pieces may not jump over other pieces, either their own or their
    // opponents. The path must be clear for the entire length of their
    // move. They may not shorten their move, but must move the entire
    // distance they are allowed. Pieces may not turn in mid-move but must
    // continue in the direction they started."
    let g = setup(
        "white",
        &[
            ("d8", "w16T"),
            ("d9", "w2C"),   // own man before d10
            ("e7", "b100C"), // enemy before f6
            ("h16", "b3C"),
        ],
    );
    let t = targets(&g, "d8");
    assert!(!t.contains(&"d10".to_string()), "over its own man: {t:?}");
    assert!(!t.contains(&"f6".to_string()), "over an enemy: {t:?}");
    // Not one square (shortened), not a knight's turn.
    for s in ["c8", "e8", "c7", "e10", "c10", "b9"] {
        assert!(!t.contains(&s.to_string()), "{s} in {t:?}");
    }
    assert_eq!(t, strings(&["b10", "b6", "b8", "d6", "f10", "f8"]));
    // A square blocked on its second step.
    let g = setup("white", &[("d8", "w45S"), ("d10", "b100C"), ("h16", "b3C")]);
    let t = targets(&g, "d8");
    assert!(!t.contains(&"d11".to_string()), "{t:?}");
    assert!(!t.contains(&"d9".to_string()), "{t:?}");
}

#[test]
fn a_pyramid_moves_as_its_bottom_most_piece() {
    // "Pyramids move the same way as their bottom-most piece moves." White's
    // pyramid, a square at the bottom, moves three squares only (not as the
    // triangles and circles above it).
    let pyramid = "wP:36S,25S,16T,9T,4C,1C";
    let g = setup("white", &[("d8", pyramid), ("h16", "b3C")]);
    assert_eq!(
        targets(&g, "d8"),
        strings(&["a11", "a5", "a8", "d11", "d5", "g11", "g5", "g8"])
    );
}

#[test]
fn a_pyramid_whose_bottom_is_captured_moves_as_the_next_layer() {
    // "Pyramids move the same way as their bottom-most piece moves" and
    // "Pyramids may be captured ... the sum of several layers at a time":
    // 12C + 3C = 15 takes the bottom 10S and the top 5C of 10S 20T 5C; the
    // 20T left at the bottom moves two squares.
    let mut g = setup(
        "white",
        &[
            ("d8", "wP:10S,20T,5C"),
            ("a1", "w2C"),
            ("c9", "b12C"),
            ("f10", "b3C"),
        ],
    );
    assert_eq!(
        targets(&g, "d8"),
        strings(&["a5", "a8", "d11", "d5", "g5", "g8"]),
        "a square: c9 blocks a11, f10 blocks g11"
    );
    play(&mut g, "a1-b1");
    play(&mut g, "f10-e9");
    assert_eq!(
        captures(&g),
        vec![
            capture("d8", 10, "ambush", false),
            capture("d8", 5, "ambush", false)
        ]
    );
    assert_eq!(at(g.position(), "d8"), "w20P");
    // c9 and e9 now block the diagonals b10 and f10.
    assert_eq!(
        targets(&g, "d8"),
        strings(&["b6", "b8", "d10", "d6", "f6", "f8"])
    );
}

// ---------------------------------------------------------------------------
// Assault

#[test]
fn assault_takes_an_equal_piece_by_moving_onto_it() {
    // "In assault, a piece may capture and replace any piece of equal value
    // occupying a square it can reach by a legal move."
    let mut g = setup(
        "white",
        &[
            ("d8", "w16T"),
            ("d10", "b16C"),
            ("f10", "b15C"),
            ("h16", "b3C"),
        ],
    );
    let moves = legal(&g);
    assert!(moves.contains(&"d8xd10".to_string()), "{moves:?}");
    assert!(!moves.contains(&"d8xf10".to_string()), "15 is not 16");
    // The capture moves are listed after the plain moves.
    let mut raw = Vec::new();
    g.legal_moves(&mut raw);
    let first_take = raw.iter().position(|m| m.take).unwrap();
    assert!(raw[first_take..].iter().all(|m| m.take), "{raw:?}");
    play(&mut g, "d8xd10");
    assert_eq!(captures(&g), vec![capture("d10", 16, "assault", true)]);
    assert_eq!(at(g.position(), "d10"), "w16T");
    assert_eq!(at(g.position(), "d8"), "");
    assert_eq!(g.position().captured(Side::White).value, 16);
}

#[test]
fn assault_needs_a_legal_move_onto_the_victim() {
    // "... occupying a square it can reach by a legal move": a piece in the
    // way, or the wrong distance, forbids it.
    let g = setup(
        "white",
        &[
            ("d8", "w16T"),
            ("d9", "w2C"),
            ("d10", "b16C"),
            ("h16", "b3C"),
        ],
    );
    assert!(!legal(&g).contains(&"d8xd10".to_string()));
    // A triangle next to its equal: one square is not its move.
    let g = setup("white", &[("d8", "w16T"), ("e9", "b16C"), ("h16", "b3C")]);
    assert!(
        !legal(&g).iter().any(|m| m.contains('x')),
        "{:?}",
        legal(&g)
    );
}

// ---------------------------------------------------------------------------
// Sally

#[test]
fn sally_eight_circle_takes_sixteen_triangle_beside_it() {
    // "In sally, a piece of value n which was x squares away from an enemy
    // piece of value (x * n) captured and replaced it. The distance must
    // include both of the occupied squares. For example, 8C can capture 16T
    // by being adjacent to it (8 * 2 = 16)."
    for victim in ["e9", "d9", "e8"] {
        let mut g = setup("white", &[("d8", "w8C"), (victim, "b16T"), ("h16", "b3C")]);
        let mv = format!("d8x{victim}");
        play(&mut g, &mv);
        assert_eq!(captures(&g), vec![capture(victim, 16, "sally", true)]);
        assert_eq!(at(g.position(), victim), "w8C");
        assert_eq!(at(g.position(), "d8"), "");
    }
    // 8 beside 24 is not 8 x 2.
    let g = setup("white", &[("d8", "w8C"), ("e9", "b24T"), ("h16", "b3C")]);
    assert!(!legal(&g).contains(&"d8xe9".to_string()));
}

#[test]
fn sally_along_a_longer_clear_line() {
    // Choice: the seed puts no "legal move" condition on the sally, so a
    // circle 8 takes a 24 three squares away (x = 3, d4 d5 d6), and a 32 on
    // a diagonal four squares away (d4 e5 f6 g7).
    let mut g = setup(
        "white",
        &[
            ("d4", "w8C"),
            ("d6", "b24S"),
            ("g7", "b32S"),
            ("h16", "b3C"),
        ],
    );
    let moves = legal(&g);
    assert!(moves.contains(&"d4xg7".to_string()), "{moves:?}");
    play(&mut g, "d4xd6");
    assert_eq!(captures(&g), vec![capture("d6", 24, "sally", true)]);
    assert_eq!(at(g.position(), "d6"), "w8C");
    // A wrong distance: 8 x 3 is not 32.
    let g = setup("white", &[("d4", "w8C"), ("d6", "b32S"), ("h16", "b3C")]);
    assert!(!legal(&g).contains(&"d4xd6".to_string()));
}

#[test]
fn sally_is_stopped_by_a_piece_in_the_line() {
    // The line must be clear between the two: a piece on d5 (either side's)
    // stops the sally d4xd6.
    for blocker in ["w2C", "b2C"] {
        let g = setup(
            "white",
            &[
                ("d4", "w8C"),
                ("d5", blocker),
                ("d6", "b24S"),
                ("h16", "b3C"),
            ],
        );
        assert!(!legal(&g).contains(&"d4xd6".to_string()), "{blocker}");
    }
}

// ---------------------------------------------------------------------------
// Ambush

/// Black's 45S on e10 and White's men around it.
fn ambush_45(white: &[(&'static str, &'static str)]) -> Rithmomachy {
    let mut pieces = vec![("e10", "b45S"), ("h16", "b3C")];
    pieces.extend_from_slice(white);
    setup("white", &pieces)
}

#[test]
fn ambush_by_sum_thirty_twelve_and_three_take_forty_five() {
    // "In ambush, any higher numbered piece adjacent to lower numbered enemy
    // pieces whose sum or product were equal to it could be captured. For
    // example, 45S could be captured by either 30T, 12T, & 3C (sum) ..."
    let mut g = ambush_45(&[("d11", "w30T"), ("f11", "w12T"), ("e8", "w3C")]);
    play(&mut g, "e8-e9");
    assert_eq!(captures(&g), vec![capture("e10", 45, "ambush", true)]);
    // The ambushers stay where they are.
    assert_eq!(at(g.position(), "e10"), "");
    assert_eq!(at(g.position(), "e9"), "w3C");
    assert_eq!(at(g.position(), "d11"), "w30T");
    // Two of the three (30 + 12 = 42) do not make 45.
    let mut g = ambush_45(&[("d11", "w30T"), ("f13", "w12T"), ("e8", "w3C")]);
    play(&mut g, "e8-e9");
    assert!(captures(&g).is_empty());
}

#[test]
fn ambush_by_product_five_and_nine_take_forty_five() {
    // "... or 5C & 9C (product)."
    let mut g = ambush_45(&[("d9", "w5C"), ("g10", "w9C")]);
    play(&mut g, "g10-f10");
    assert_eq!(captures(&g), vec![capture("e10", 45, "ambush", true)]);
}

#[test]
fn ambush_needs_two_lower_pieces() {
    // "... adjacent to lower numbered enemy pieces": a single piece is no
    // ambush, even of equal value (the assault is a move of its own) ...
    let mut g = ambush_45(&[("f13", "w45T")]);
    play(&mut g, "f13-f11");
    assert!(captures(&g).is_empty());
    assert_eq!(at(g.position(), "e10"), "b45S");
    // ... and 45 x 1 is a product of 45, but 45 is not lower than 45.
    let mut g = ambush_45(&[("d9", "w45C"), ("g10", "w1C")]);
    play(&mut g, "g10-f10");
    assert!(captures(&g).is_empty());
    // Nor does a neighbour worth more join in: 50 and 5, 40 and 5 are there,
    // only 40 + 5 counts.
    let mut g = ambush_45(&[("d9", "w50C"), ("d10", "w40C"), ("g10", "w5C")]);
    play(&mut g, "g10-f10");
    assert_eq!(captures(&g), vec![capture("e10", 45, "ambush", true)]);
    let mut g = ambush_45(&[("d9", "w50C"), ("g10", "w5C")]);
    play(&mut g, "g10-f10");
    assert!(captures(&g).is_empty(), "50 - 5 is no sum");
}

#[test]
fn ambush_takes_one_pyramid_layer_or_several() {
    // "Pyramids may be captured by their total value, the value of their
    // bases, one layer at a time, or the sum of several layers at a time."
    let pyramid = "bP:64S,49S,36T,25T,16C";
    // One layer: 7 + 9 = 16, the top circle.
    let mut g = setup(
        "white",
        &[
            ("e10", pyramid),
            ("d9", "w7C"),
            ("g10", "w9C"),
            ("h1", "w2C"),
        ],
    );
    play(&mut g, "g10-f10");
    assert_eq!(captures(&g), vec![capture("e10", 16, "ambush", false)]);
    assert_eq!(at(g.position(), "e10"), "b174P");
    assert_eq!(reserve(&g, Side::White), vec!["C16"]);
    // Several layers: 60 + 1 = 61 = 36T + 25T.
    let mut g = setup(
        "white",
        &[
            ("e10", pyramid),
            ("d9", "w60C"),
            ("g10", "w1C"),
            ("h1", "w2C"),
        ],
    );
    play(&mut g, "g10-f10");
    assert_eq!(
        captures(&g),
        vec![
            capture("e10", 36, "ambush", false),
            capture("e10", 25, "ambush", false)
        ]
    );
    assert_eq!(at(g.position(), "e10"), "b129P");
    // The base, 60 + 4 = 64, takes the pyramid whole.
    let mut g = setup(
        "white",
        &[
            ("e10", pyramid),
            ("d9", "w60C"),
            ("g10", "w4C"),
            ("h1", "w2C"),
        ],
    );
    play(&mut g, "g10-f10");
    assert_eq!(captures(&g), vec![capture("e10", 190, "ambush", true)]);
    assert_eq!(at(g.position(), "e10"), "");
}

#[test]
fn a_pyramid_ambushes_by_its_base() {
    // "Pyramids attack and capture as either their total value or the value
    // of their bases": White's pyramid (base 36) and a 9C make 45.
    let mut g = ambush_45(&[("d11", "wP:36S,25S,16T,9T,4C,1C"), ("g10", "w9C")]);
    play(&mut g, "g10-f10");
    assert_eq!(captures(&g), vec![capture("e10", 45, "ambush", true)]);
    // A layer of it (25) does not: 25 + 20 = 45 is no ambush.
    let mut g = ambush_45(&[("d11", "wP:36S,25S,16T,9T,4C,1C"), ("g10", "w20C")]);
    play(&mut g, "g10-f10");
    assert!(captures(&g).is_empty());
}

#[test]
fn captures_after_an_assault_or_a_placing() {
    // Every capture is decided on the position after the move: White's 3C
    // assaults Black's 3C on e9 and, standing there, completes 30 + 12 + 3
    // against the 45S.
    let mut g = ambush_45(&[
        ("d11", "w30T"),
        ("f11", "w12T"),
        ("e8", "w3C"),
        ("e9", "b3C"),
    ]);
    play(&mut g, "e8xe9");
    assert_eq!(
        captures(&g),
        vec![
            capture("e9", 3, "assault", true),
            capture("e10", 45, "ambush", true)
        ]
    );
    // A placing is followed by the captures it makes: the 3C placed on d1
    // completes 30 + 12 + 3 against a 45S on d2.
    let text = r#"{"to_move": "white", "pieces": [
        {"at": "d2", "side": "black", "shape": "square", "value": 45},
        {"at": "c3", "side": "white", "shape": "triangle", "value": 30},
        {"at": "e3", "side": "white", "shape": "triangle", "value": 12},
        {"at": "h16", "side": "black", "shape": "round", "value": 1}],
        "reserve": {"white": [{"shape": "round", "value": 3}]}}"#;
    let mut g = Rithmomachy::from_position(&quiet(&[]), text).unwrap();
    play(&mut g, "C3@d1");
    assert_eq!(captures(&g), vec![capture("d2", 45, "ambush", true)]);
}

#[test]
fn a_standing_ambush_is_taken_after_the_captors_next_move() {
    // Every capture is decided on the position after a move, whoever made
    // it: Black's 45S walks between White's 5C and 9C; White's next move,
    // far away, takes it.
    let mut g = setup(
        "black",
        &[
            ("e13", "b45S"),
            ("d9", "w5C"),
            ("f9", "w9C"),
            ("a1", "w2C"),
            ("h16", "b3C"),
        ],
    );
    play(&mut g, "e13-e10");
    assert!(captures(&g).is_empty(), "Black's move captures for Black");
    assert_eq!(at(g.position(), "e10"), "b45S");
    play(&mut g, "a1-b1");
    assert_eq!(captures(&g), vec![capture("e10", 45, "ambush", true)]);
}

// ---------------------------------------------------------------------------
// Siege

/// Black's 7C on e10, White's men on d10, f10 and e11, a fourth moving
/// e8-e9; `extra` are added.
fn siege(e11: &'static str, extra: &[(&'static str, &'static str)]) -> Rithmomachy {
    let mut pieces = vec![
        ("e10", "b7C"),
        ("d10", "w100C"),
        ("f10", "w200C"),
        ("e11", e11),
        ("e8", "w400C"),
        ("h16", "b3C"),
    ];
    pieces.extend_from_slice(extra);
    setup("white", &pieces)
}

#[test]
fn siege_takes_a_piece_surrounded_on_four_sides() {
    // "In siege, a piece can be captured if it is surrounded on all sides by
    // enemy pieces which are not in danger of being captured themselves."
    let mut g = siege("w300C", &[]);
    play(&mut g, "e8-e9");
    assert_eq!(captures(&g), vec![capture("e10", 7, "siege", true)]);
    assert_eq!(reserve(&g, Side::White), vec!["C7"]);
}

#[test]
fn no_siege_when_a_besieger_is_in_danger() {
    // "... which are not in danger of being captured themselves." The
    // besieged 7C could assault a 7 beside it.
    let mut g = siege("w7C", &[]);
    play(&mut g, "e8-e9");
    assert!(captures(&g).is_empty());
    assert_eq!(at(g.position(), "e10"), "b7C");
    // Black's 25S four squares up the file could sally onto e11's 100
    // (25 x 4, e14 e13 e12 e11).
    let mut g = siege("w100C", &[("e14", "b25S")]);
    play(&mut g, "e8-e9");
    assert!(captures(&g).is_empty());
    // Black's 60C and 40C already ambush d10's 100.
    let mut g = siege("w300C", &[("c11", "b60C"), ("c9", "b40C")]);
    play(&mut g, "e8-e9");
    assert!(captures(&g).is_empty());
    // A 20S five squares up the file (20 x 5) endangers e11 too; once it
    // steps aside (e15-h15), White's next move, anywhere, makes the siege
    // that now stands.
    let mut g = siege("w100C", &[("e15", "b20S"), ("a1", "w2C")]);
    play(&mut g, "e8-e9");
    assert!(captures(&g).is_empty());
    play(&mut g, "e15-h15");
    assert!(captures(&g).is_empty());
    play(&mut g, "a1-b1");
    assert_eq!(captures(&g), vec![capture("e10", 7, "siege", true)]);
    // The same 25S one square further (x = 5) endangers no one.
    let mut g = siege("w100C", &[("e15", "b25S")]);
    play(&mut g, "e8-e9");
    assert_eq!(captures(&g), vec![capture("e10", 7, "siege", true)]);
}

#[test]
fn the_board_edge_is_no_besieger() {
    // Choice: "surrounded on all sides by enemy pieces": a piece on the
    // edge has only three sides to fill and cannot be besieged.
    let mut g = setup(
        "white",
        &[
            ("a10", "b7C"),
            ("a11", "w100C"),
            ("b10", "w200C"),
            ("b8", "w300C"),
            ("h16", "b3C"),
        ],
    );
    play(&mut g, "b8-a9");
    assert!(captures(&g).is_empty());
    assert_eq!(at(g.position(), "a10"), "b7C");
}

// ---------------------------------------------------------------------------
// Pyramids attacked and attacking

#[test]
fn a_pyramid_is_assaulted_by_its_total_or_its_base() {
    // "Pyramids may be captured by their total value, the value of their
    // bases ..." A capture by replacement empties the square: the pyramid
    // goes whole, and joins the captor as its separate men.
    let pyramid = "bP:64S,49S,36T,25T,16C";
    for (attacker, from, mv) in [("w190T", "d9", "d9xd11"), ("w64C", "d10", "d10xd11")] {
        let mut g = setup(
            "white",
            &[("d11", pyramid), (from, attacker), ("h1", "w2C")],
        );
        play(&mut g, mv);
        assert_eq!(
            captures(&g),
            vec![capture("d11", 190, "assault", true)],
            "{mv}"
        );
        assert_eq!(at(g.position(), "d11"), attacker);
        assert_eq!(
            reserve(&g, Side::White),
            strings(&["C16", "S49", "S64", "T25", "T36"])
        );
        assert_eq!(g.position().captured(Side::White).pieces, 5);
    }
    // A layer alone (49), or a sum of layers (36 + 25 = 61), is no assault:
    // the attacker would land on the whole stack.
    for attacker in ["w49T", "w61T"] {
        let g = setup(
            "white",
            &[("d11", pyramid), ("d9", attacker), ("h1", "w2C")],
        );
        assert!(!legal(&g).contains(&"d9xd11".to_string()), "{attacker}");
    }
}

#[test]
fn a_pyramid_attacks_by_its_total_or_its_base() {
    // "Pyramids attack and capture as either their total value or the value
    // of their bases." White's 36S-based pyramid (91) assaults a 36 three
    // squares away, and sallies onto a 182 beside it (91 x 2).
    let pyramid = "wP:36S,25S,16T,9T,4C,1C";
    let mut g = setup("white", &[("d5", pyramid), ("d8", "b36C"), ("h16", "b3C")]);
    play(&mut g, "d5xd8");
    assert_eq!(captures(&g), vec![capture("d8", 36, "assault", true)]);
    assert_eq!(at(g.position(), "d8"), "w91P");
    let mut g = setup("white", &[("d5", pyramid), ("e6", "b182C"), ("h16", "b3C")]);
    play(&mut g, "d5xe6");
    assert_eq!(captures(&g), vec![capture("e6", 182, "sally", true)]);
    // A layer (25) does not attack alone.
    let g = setup("white", &[("d5", pyramid), ("d8", "b25C"), ("h16", "b3C")]);
    assert!(!legal(&g).contains(&"d5xd8".to_string()));
}

// ---------------------------------------------------------------------------
// Captured pieces change sides

#[test]
fn a_captured_piece_is_placed_on_the_back_row_in_place_of_a_move() {
    // "A captured piece may be turned over and used by the capturing side."
    // "A captured piece may be placed on the capturing side's own back row
    // as one of their own pieces in place of a move."
    let mut g = setup(
        "white",
        &[
            ("d8", "w8C"),
            ("e9", "b16T"),
            ("a1", "w25S"),
            ("h15", "b3C"),
        ],
    );
    play(&mut g, "d8xe9");
    assert_eq!(reserve(&g, Side::White), vec!["T16"]);
    play(&mut g, "h15-g15");
    let moves = legal(&g);
    let placings: Vec<&String> = moves.iter().filter(|m| m.contains('@')).collect();
    assert_eq!(placings.len(), 7, "rank 1 but a1: {placings:?}");
    assert!(
        placings
            .iter()
            .all(|m| m.starts_with("T16@") && m.ends_with('1'))
    );
    play(&mut g, "T16@c1");
    assert_eq!(at(g.position(), "c1"), "w16T");
    assert!(reserve(&g, Side::White).is_empty());
    // It is White's own now and moves as a triangle.
    play(&mut g, "g15-h15");
    assert!(legal(&g).contains(&"c1-c3".to_string()));
    // Black's back row is rank 16.
    let text = r#"{"to_move": "black", "pieces": [
        {"at": "a1", "side": "white", "shape": "round", "value": 2},
        {"at": "h8", "side": "black", "shape": "round", "value": 3}],
        "reserve": {"black": [{"shape": "square", "value": 49}]}}"#;
    let g = Rithmomachy::from_position(&quiet(&[]), text).unwrap();
    let moves = legal(&g);
    assert!(moves.contains(&"S49@e16".to_string()), "{moves:?}");
    assert!(
        !moves
            .iter()
            .any(|m| m.starts_with("S49@") && !m.ends_with("16"))
    );
}

// ---------------------------------------------------------------------------
// Victories

/// White has taken `took` and takes Black's `victim` by assault (an equal
/// White piece of the same shape two ranks below it, shapes moving 1-3).
fn take_after(o: &Options, took: &[&str], victim: &str) -> Rithmomachy {
    let shape = &victim[victim.len() - 1..];
    let (from, mv) = match shape {
        "C" => ("d10", "d10xd11"),
        "T" => ("d9", "d9xd11"),
        _ => ("d8", "d8xd11"),
    };
    let black = format!("b{victim}");
    let white = format!("w{victim}");
    let mut g = setup_taken(
        o,
        "white",
        &[("d11", &black), (from, &white), ("h16", "b1C")],
        took,
        &[],
    );
    assert_eq!(ending(&g), None);
    play(&mut g, mv);
    g
}

#[test]
fn de_corpore_twelve_pieces_in_the_preset() {
    // "De Corpore: capture the number of pieces which the players have
    // agreed to beforehand." The preset plays 12.
    let o = options("dagonell", &[("triumph", "off")]);
    let eleven = ["3C"; 11];
    let g = take_after(&o, &eleven, "5C");
    assert_eq!(ending(&g), Some((Some("white"), "bodies")));
    let g = take_after(&o, &eleven[1..], "5C");
    assert_eq!(ending(&g), None);
}

#[test]
fn de_bonis_meets_or_exceeds_the_value() {
    // "De Bonis: capture enough pieces whose value meets or exceeds a
    // numerical total which the players have agreed to beforehand."
    // 12 + 36 = 48.
    for (goal, wins) in [("47", true), ("48", true), ("49", false)] {
        let g = take_after(&quiet(&[("goods_white", goal)]), &["12T"], "36T");
        let want = wins.then_some((Some("white"), "goods"));
        assert_eq!(ending(&g), want, "goods {goal}");
    }
}

#[test]
fn de_lite_the_digits_one_two_and_three() {
    // "De Lite: capture pieces with a set number of digits which the players
    // have agreed to beforehand. For example, if the players agree to the
    // digits 1, 2, & 3, White may win by capturing 12T & 3C, or 120S & 36T,
    // or 225S & 361S, etc."
    let o = quiet(&[("digit_set", "123")]);
    for (first, second) in [("12T", "3C"), ("120S", "36T"), ("225S", "361S")] {
        let g = take_after(&o, &[first], second);
        assert_eq!(
            ending(&g),
            Some((Some("white"), "digit-set")),
            "{first} & {second}"
        );
    }
    // 12T & 4C show no 3.
    let g = take_after(&o, &["12T"], "4C");
    assert_eq!(ending(&g), None);
}

#[test]
fn de_honore_meets_both_pieces_and_value() {
    // "De Honore: capture enough pieces to meet or exceed both a total
    // number of pieces and a sum of their values which the players have
    // agreed to beforehand." Two pieces, 48.
    let honour = |value: &'static str, pieces: &'static str| {
        let o = quiet(&[("honour_value", value), ("honour_pieces", pieces)]);
        ending(&take_after(&o, &["12T"], "36T"))
    };
    assert_eq!(honour("48", "2"), Some((Some("white"), "honour")));
    assert_eq!(honour("49", "2"), None);
    assert_eq!(honour("48", "3"), None);
}

#[test]
fn honore_liteque_the_sum_of_the_digits() {
    // "The fifth lesser victory, Honore Liteque: the sum of the digits of
    // the captured pieces must meet or exceed a numerical total which the
    // players have agreed to beforehand." 12 and 361: 1+2 + 3+6+1 = 13.
    for (goal, wins) in [("13", true), ("14", false)] {
        let g = take_after(&quiet(&[("digit_sum", goal)]), &["12T"], "361S");
        let want = wins.then_some((Some("white"), "digit-sum"));
        assert_eq!(ending(&g), want, "digit_sum {goal}");
    }
}

// ---------------------------------------------------------------------------
// Triumphs

/// Dagonell with the triumph `level` as the only victory.
fn triumph(level: &str) -> Options {
    options("dagonell", &[("bodies", "off"), ("triumph", level)])
}

/// White's men `values` on c`rank`, d`rank`, ... with the last arriving
/// from one rank below; `black` is added for Black.
fn line(level: &str, rank: u8, values: &[&str], black: &[(&str, &str)]) -> Option<&'static str> {
    let files = ["c", "d", "e", "f"];
    let mut owned: Vec<(String, String)> = Vec::new();
    let n = values.len();
    for (i, v) in values.iter().enumerate() {
        let r = if i + 1 == n { rank - 1 } else { rank };
        owned.push((format!("{}{r}", files[i]), format!("w{v}")));
    }
    let last_from = owned[n - 1].0.clone();
    let last_to = format!("{}{rank}", files[n - 1]);
    let mut pieces: Vec<(&str, &str)> = owned
        .iter()
        .map(|(a, b)| (a.as_str(), b.as_str()))
        .collect();
    pieces.push(("h16", "b1C"));
    pieces.extend_from_slice(black);
    let mut g = setup_with(&triumph(level), "white", &pieces);
    assert_eq!(ending(&g), None);
    play(&mut g, &format!("{last_from}-{last_to}"));
    ending(&g).map(|e| e.1)
}

#[test]
fn the_great_triumph_three_in_any_progression() {
    // "The greater victories, or triumphs, require lining up at least three
    // pieces in a arithmetical progression (e.g. 2C, 3C, & 4C), a
    // geometrical progression (e.g. 4C, 8C, & 16C) or a harmonic
    // progression" "The Great Triumph: three pieces lined up to form one of
    // the progressions." Anywhere on the board: rank 6 is White's own half.
    for values in [["2C", "3C", "4C"], ["4C", "8C", "16C"], ["3C", "4C", "6C"]] {
        assert_eq!(
            line("great", 6, &values, &[]),
            Some("great-triumph"),
            "{values:?}"
        );
    }
    assert_eq!(line("great", 6, &["2C", "3C", "5C"], &[]), None);
}

#[test]
fn the_great_triumph_on_a_diagonal() {
    // "lined up": a diagonal is a line too (c5 d6 e7).
    let mut g = setup_with(
        &triumph("great"),
        "white",
        &[("c5", "w2C"), ("d6", "w3C"), ("e8", "w4C"), ("h16", "b1C")],
    );
    play(&mut g, "e8-e7");
    assert_eq!(ending(&g).map(|e| e.1), Some("great-triumph"));
}

#[test]
fn a_pyramid_in_a_triumph_shows_any_of_its_values() {
    // A pyramid 10S 4C (14) ends the line 2 3: it shows its 4.
    let mut g = setup_with(
        &triumph("great"),
        "white",
        &[
            ("c6", "w2C"),
            ("d6", "w3C"),
            ("e3", "wP:10S,4C"),
            ("h16", "b1C"),
        ],
    );
    play(&mut g, "e3-e6");
    assert_eq!(ending(&g).map(|e| e.1), Some("great-triumph"));
}

#[test]
fn no_triumph_while_the_opponents_pyramid_stands() {
    // "A triumph cannot occur until the opponent's entire pyramid has been
    // captured." Black's pyramid, even reduced to one layer, forbids it.
    for black in ["bP:64S,49S,36T,25T,16C", "bP:16C"] {
        assert_eq!(
            line("great", 6, &["2C", "3C", "4C"], &[("a16", black)]),
            None,
            "{black}"
        );
    }
}

#[test]
fn recaptured_pyramid_men_are_no_pyramid() {
    // "It doesn't matter if the opponent manages to re-capture any of the
    // component pieces, because those re-captured men are now played as
    // separate pieces and may not be re-assembled back into the pyramid."
    // Black's pyramid taken whole: Black holds none of it; White may
    // triumph at once.
    let mut g = setup_with(
        &triumph("great"),
        "white",
        &[
            ("a15", "bP:64S,49S,36T,25T,16C"),
            ("a12", "w190S"),
            ("c6", "w2C"),
            ("d6", "w3C"),
            ("e6", "w4C"),
            ("h16", "b1C"),
        ],
    );
    assert_eq!(ending(&g), None, "the pyramid stands");
    play(&mut g, "a12xa15");
    assert_eq!(ending(&g).map(|e| e.1), Some("great-triumph"));
    assert_eq!(
        reserve(&g, Side::White),
        strings(&["C16", "S49", "S64", "T25", "T36"])
    );
    // Black holding the men of its pyramid again (re-captured, in its
    // reserve) has no pyramid: White's line triumphs.
    let text = r#"{"to_move": "white", "pieces": [
        {"at": "c6", "side": "white", "shape": "round", "value": 2},
        {"at": "d6", "side": "white", "shape": "round", "value": 3},
        {"at": "e5", "side": "white", "shape": "round", "value": 4},
        {"at": "h16", "side": "black", "shape": "round", "value": 1}],
        "reserve": {"black": [{"shape": "square", "value": 64},
                              {"shape": "round", "value": 16}]}}"#;
    let mut g = Rithmomachy::from_position(&triumph("great"), text).unwrap();
    play(&mut g, "e5-e6");
    assert_eq!(ending(&g).map(|e| e.1), Some("great-triumph"));
}

#[test]
fn the_greater_triumph_four_in_two_progressions() {
    // "The Greater Triumph: four pieces lined up to form two of the
    // progressions simultaneously." 6 9 12 arithmetic, 6 8 12 harmonic.
    assert_eq!(
        line("greater", 6, &["6C", "8C", "9C", "12C"], &[]),
        Some("greater-triumph")
    );
    // 2 4 6 10: one kind (2 4 6, 2 6 10 arithmetic).
    assert_eq!(line("greater", 6, &["2C", "4C", "6C", "10C"], &[]), None);
}

#[test]
fn the_greatest_triumph_on_the_opponents_side() {
    // "The Greatest Triumph: four pieces lined up on the opponent's side of
    // the board to form all three progressions simultaneously." 3 6 9
    // arithmetic, 4 6 9 geometric, 3 4 6 harmonic.
    let four = ["3C", "4C", "6C", "9C"];
    assert_eq!(line("greatest", 10, &four, &[]), Some("greatest-triumph"));
    // On White's own half it is no greatest triumph, but still a greater.
    assert_eq!(line("greatest", 6, &four, &[]), None);
    assert_eq!(line("greater", 6, &four, &[]), Some("greater-triumph"));
    // Rank 9 is the opponent's side for White, rank 8 is not.
    assert_eq!(line("greatest", 9, &four, &[]), Some("greatest-triumph"));
    // A file line c8-c11 has one man on White's own side: no greatest.
    let file = |bottom: u8| {
        let [a, b, c, d] = [bottom, bottom + 1, bottom + 2, bottom + 3].map(|r| format!("c{r}"));
        let from = format!("d{}", bottom + 3);
        let owned = [(a, "w3C"), (b, "w4C"), (c, "w6C"), (from.clone(), "w9C")];
        let mut p: Vec<(&str, &str)> = owned.iter().map(|(s, l)| (s.as_str(), *l)).collect();
        p.push(("h16", "b1C"));
        let mut g = setup_with(&triumph("greatest"), "white", &p);
        play(&mut g, &format!("{from}-{d}"));
        ending(&g).map(|e| e.1)
    };
    assert_eq!(file(9), Some("greatest-triumph"));
    assert_eq!(file(8), None);
}

// ---------------------------------------------------------------------------
// Ends

#[test]
fn a_side_with_no_move_no_capture_and_no_placing_loses() {
    // Black's 3C in the corner a16, walled in by White.
    let walled = |a15: &'static str| {
        setup_with(
            &quiet(&[]),
            "white",
            &[
                ("a16", "b3C"),
                ("a15", a15),
                ("b16", "w200C"),
                ("c14", "w300C"),
                ("h1", "w2C"),
            ],
        )
    };
    let mut g = walled("w100C");
    play(&mut g, "c14-b15");
    assert_eq!(ending(&g), Some((Some("white"), "no-move")));
    // With a 6 beside it Black may still sally (3 x 2): no loss.
    let mut g = walled("w6C");
    play(&mut g, "c14-b15");
    assert_eq!(ending(&g), None);
    assert_eq!(legal(&g), vec!["a16xa15".to_string()]);
}

#[test]
fn the_preset_draws_at_a_thousand_moves() {
    // 002 gives no limit; the preset draws (`cap`) at 1000 moves.
    let rules = ludus::games::rithmomachy::options::resolve(&options("dagonell", &[])).unwrap();
    assert_eq!(rules.victory.cap, Some(1000));
    assert_eq!(rules.victory.bodies, Some(12));
    let o = quiet(&[("cap", "3")]);
    let mut g = setup_with(&o, "white", &[("a1", "w4C"), ("h16", "b3C")]);
    for m in ["a1-b2", "h16-g15", "b2-c3"] {
        play(&mut g, m);
    }
    assert_eq!(ending(&g), Some((None, "cap")));
}

#[test]
fn the_board_may_be_fourteen_ranks_long() {
    // 002: "The board is eight squares wide and either fourteen or sixteen
    // squares long." With `board=8x14` Black's men stand on ranks 11-14, his
    // back row is rank 14, and the opponent's half (for the greatest
    // triumph) is ranks 8-14 for White.
    let entry = ludus::registry::find("rithmomachy").unwrap();
    let opts = options("dagonell", &[("board", "8x14")]);
    let g = Rithmomachy::new(&opts).unwrap();
    assert_eq!(at(g.position(), "a13"), "b190P");
    assert_eq!(at(g.position(), "a14"), "b361S");
    assert_eq!(g.position().board().pieces().count(), 48);
    // White's first moves are those of the long board: Black is too far
    // away to matter. Anchors of this engine's own counts follow; at depth 3
    // the nearer camps give one more line than the long board's 16,224.
    assert_eq!(entry.perft(&Start::new(&opts, None), 1).unwrap(), 24);
    assert_eq!(entry.perft(&Start::new(&opts, None), 2).unwrap(), 576);
    assert_eq!(entry.perft(&Start::new(&opts, None), 3).unwrap(), 16_225);
    // Nothing moves off the shorter board: a square on a12 has no move up.
    let o = options(
        "dagonell",
        &[("board", "8x14"), ("bodies", "off"), ("triumph", "off")],
    );
    let g = setup_with(&o, "black", &[("a12", "b25S"), ("h1", "w2C")]);
    assert_eq!(targets(&g, "a12"), ["a9", "d12", "d9"]);
    // A piece on rank 15 is off the board.
    let text = crate::support::position_json("white", &[("a15", "b25S"), ("h1", "w2C")]);
    let err = Rithmomachy::from_position(&o, &text).unwrap_err();
    assert!(
        matches!(err, ludus::core::position_error::PositionError::Content(_)),
        "{err:?}"
    );
    let err = err.to_string();
    assert!(err.contains("a15") && err.contains("8 x 14"), "{err}");
}
