//! Seed 001, "Capturing:" and the four capture rules, each on a hand-made
//! position, in both rule sets where they differ.

use crate::support::{at, captures, options, play, setup_with};
use ludus::games::rithmomachy::Rithmomachy;

/// A position with the victories that could end it early switched off.
fn setup(rules: &str, to_move: &str, pieces: &[(&str, &str)]) -> Rithmomachy {
    setup_with(&options(rules, &[("glorious", "off")]), to_move, pieces)
}

/// The capture of one whole piece.
fn whole(sq: &str, value: u16, rule: &'static str) -> Vec<(String, u16, &'static str, bool)> {
    vec![(sq.to_string(), value, rule, true)]
}

#[test]
fn siege_on_all_four_orthogonal_sides() {
    // 001: "A piece is captured by siege if it is surrounded by enemies ...
    // on all 4 orthogonal ... directions."
    for rules in ["modern", "boardspace"] {
        let mut g = setup(
            rules,
            "white",
            &[
                ("e10", "b7C"),
                ("d10", "w100C"),
                ("f10", "w200C"),
                ("e9", "w300C"),
                ("f12", "w500C"),
                ("h16", "b3C"),
            ],
        );
        play(&mut g, "f12-e11");
        assert_eq!(captures(&g), whole("e10", 7, "siege"), "{rules}");
        assert_eq!(at(g.position(), "e10"), "");
        // 001: "Capturing pieces stay where they are."
        assert_eq!(at(g.position(), "e11"), "w500C");
    }
}

#[test]
fn siege_counts_the_edge_of_the_board() {
    // 001: "surrounded by enemies or the edge of the board"
    let mut g = setup(
        "boardspace",
        "white",
        &[
            ("a10", "b7C"),
            ("a9", "w100C"),
            ("b10", "w200C"),
            ("c12", "w500C"),
            ("h16", "b3C"),
        ],
    );
    play(&mut g, "c12-b11");
    assert!(captures(&g).is_empty(), "a11 is still empty");
    let mut g = setup(
        "boardspace",
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
    assert_eq!(captures(&g), whole("a10", 7, "siege"));
}

#[test]
fn siege_on_all_four_diagonal_sides() {
    // 001: "... or all four diagonal directions."
    let mut g = setup(
        "modern",
        "white",
        &[
            ("e10", "b7C"),
            ("d9", "w100C"),
            ("f9", "w200C"),
            ("d11", "w300C"),
            ("g12", "w500C"),
            ("h16", "b3C"),
        ],
    );
    play(&mut g, "g12-f11");
    assert_eq!(captures(&g), whole("e10", 7, "siege"));
}

#[test]
fn no_siege_with_a_friend_or_a_gap_beside_the_victim() {
    let mut g = setup(
        "modern",
        "white",
        &[
            ("e10", "b7C"),
            ("d10", "w100C"),
            ("f10", "b260C"),
            ("e9", "w300C"),
            ("f12", "w500C"),
            ("h16", "b3C"),
        ],
    );
    play(&mut g, "f12-e11");
    assert!(captures(&g).is_empty());
}

#[test]
fn equality_by_a_piece_that_could_move_there() {
    // 001: "captured by equality if the attacking piece ... has the same
    // value, and if the attacking piece could move to the position of the
    // attacked piece if it were vacant."
    let mut g = setup(
        "modern",
        "white",
        &[("e10", "b16T"), ("c8", "w16C"), ("h16", "b3C")],
    );
    play(&mut g, "c8-d9");
    assert_eq!(captures(&g), whole("e10", 16, "equality"));
    // A triangle's knight's move reaches in `modern`, not in `boardspace`.
    for (rules, taken) in [("modern", true), ("boardspace", false)] {
        let mut g = setup(
            rules,
            "white",
            &[("e10", "b16T"), ("a9", "w16T"), ("h16", "b3C")],
        );
        play(&mut g, "a9-c9");
        assert_eq!(!captures(&g).is_empty(), taken, "{rules}");
    }
}

#[test]
fn equality_by_lines_in_boardspace() {
    // boardspace: equality reaches along the 8 lines at exactly the move
    // distance of a shape the attacker holds: a round at 1 in any direction.
    for (rules, taken) in [("modern", false), ("boardspace", true)] {
        let mut g = setup(
            rules,
            "white",
            &[("e10", "b16T"), ("d12", "w16C"), ("h16", "b3C")],
        );
        play(&mut g, "d12-e11");
        assert_eq!(
            !captures(&g).is_empty(),
            taken,
            "{rules}: round orthogonally beside"
        );
    }
    // A triangle two squares away in line, with the square between empty,
    // takes in both; with it filled, in neither.
    for rules in ["modern", "boardspace"] {
        let mut g = setup(
            rules,
            "white",
            &[("e10", "b16T"), ("c12", "w16T"), ("h16", "b3C")],
        );
        play(&mut g, "c12-e12");
        assert_eq!(captures(&g), whole("e10", 16, "equality"), "{rules}");
        let mut g = setup(
            rules,
            "white",
            &[
                ("e10", "b16T"),
                ("e11", "b200C"),
                ("c12", "w16T"),
                ("h16", "b3C"),
            ],
        );
        play(&mut g, "c12-e12");
        assert!(captures(&g).is_empty(), "{rules}: blocked");
    }
}

#[test]
fn eruption_counts_both_end_squares() {
    // 001: "the value of the smaller, multiplied by the distance between the
    // pieces, is equal to the value of the greater ... The starting and
    // ending locations are both counted, so the minimum distance ... is 2."
    for rules in ["modern", "boardspace"] {
        // Adjacent: 8 x 2 = 16.
        let mut g = setup(
            rules,
            "white",
            &[("e10", "b16T"), ("e7", "w8C"), ("h16", "b3C")],
        );
        play(&mut g, "e7-f8");
        assert!(captures(&g).is_empty());
        let mut g = setup(
            rules,
            "white",
            &[("e10", "b16T"), ("d8", "w8C"), ("h16", "b3C")],
        );
        play(&mut g, "d8-e9");
        assert_eq!(captures(&g), whole("e10", 16, "eruption"), "{rules}");
        // Three steps apart along a file: 4 x 4 = 16.
        let mut g = setup(
            rules,
            "white",
            &[("e10", "b16T"), ("d6", "w4C"), ("h16", "b3C")],
        );
        play(&mut g, "d6-e7");
        assert_eq!(captures(&g), whole("e10", 16, "eruption"), "{rules}");
        // Along a diagonal, the same count.
        let mut g = setup(
            rules,
            "white",
            &[("e10", "b16T"), ("a6", "w4C"), ("h16", "b3C")],
        );
        play(&mut g, "a6-b7");
        assert_eq!(captures(&g), whole("e10", 16, "eruption"), "{rules}");
    }
}

#[test]
fn eruption_needs_a_clear_line_and_works_either_way() {
    // Blocked by a piece between.
    let mut g = setup(
        "modern",
        "white",
        &[
            ("e10", "b16T"),
            ("e8", "b100S"),
            ("d6", "w4C"),
            ("h16", "b3C"),
        ],
    );
    play(&mut g, "d6-e7");
    assert!(captures(&g).iter().all(|c| c.0 != "e10"));
    // The mover's piece may be the greater: 16 beside 8.
    let mut g = setup(
        "modern",
        "white",
        &[("e10", "b8C"), ("d8", "w16T"), ("h16", "b3C")],
    );
    play(&mut g, "d8-d10");
    assert_eq!(captures(&g), whole("e10", 8, "eruption"));
}

#[test]
fn ambush_by_two_pieces_that_could_move_there() {
    // 001: "captured by ambush if two pieces, which could move to the enemy
    // to be captured, have a sum, difference, product, or quotient equal to
    // the captured piece value." Seed 003's examples for the four.
    let cases = [
        ("b16T", "w9C", "w7C", "sum"),
        ("b4C", "w9C", "w5C", "difference"),
        ("b15S", "w3C", "w5C", "product"),
        ("b25T", "w9C", "w225C", "quotient"),
    ];
    for (victim, a, b, why) in cases {
        // Both rounds diagonally beside the victim: they could move there.
        let mut g = setup(
            "modern",
            "white",
            &[("e10", victim), ("d9", a), ("g12", b), ("h16", "b3C")],
        );
        play(&mut g, "g12-f11");
        let c = captures(&g);
        assert_eq!(c.len(), 1, "{why}: {c:?}");
        assert_eq!((c[0].0.as_str(), c[0].2), ("e10", "ambush"), "{why}");
    }
}

#[test]
fn ambush_is_custodial_in_boardspace() {
    // boardspace: two of the mover's pieces adjacent on opposite sides.
    for (rules, taken) in [("modern", false), ("boardspace", true)] {
        let mut g = setup(
            rules,
            "white",
            &[
                ("e10", "b16T"),
                ("d10", "w9C"),
                ("g12", "w7C"),
                ("h16", "b3C"),
            ],
        );
        play(&mut g, "g12-f11");
        assert!(captures(&g).is_empty(), "{rules}: f11 is not opposite d10");
        let mut g = setup(
            rules,
            "white",
            &[
                ("e10", "b16T"),
                ("d10", "w9C"),
                ("g11", "w7C"),
                ("h16", "b3C"),
            ],
        );
        play(&mut g, "g11-f10");
        assert_eq!(
            captures(&g) == whole("e10", 16, "ambush"),
            taken,
            "{rules}: {:?}",
            captures(&g)
        );
    }
}

#[test]
fn a_pyramid_is_captured_by_a_layer_or_by_its_total() {
    // 001: "Pyramids can capture or be captured using either their total
    // value, or the value of any component."
    let pyramid = "bP:64S,49S,36T,25T,16C";
    let mut g = setup(
        "modern",
        "white",
        &[("e10", pyramid), ("c8", "w16C"), ("h16", "b3C")],
    );
    play(&mut g, "c8-d9");
    assert_eq!(
        captures(&g),
        vec![("e10".to_string(), 16, "equality", false)],
        "a layer"
    );
    assert_eq!(at(g.position(), "e10"), "b174P");
    assert_eq!(
        g.position()
            .captured(ludus::games::rithmomachy::piece::Side::White)
            .pieces,
        1
    );
    // By its total, 190: the whole stack, every layer counted.
    let mut g = setup(
        "modern",
        "white",
        &[("e10", pyramid), ("c8", "w190C"), ("h16", "b3C")],
    );
    play(&mut g, "c8-d9");
    assert_eq!(captures(&g), whole("e10", 190, "equality"));
    let tally = g
        .position()
        .captured(ludus::games::rithmomachy::piece::Side::White);
    assert_eq!((tally.pieces, tally.value), (5, 190));
    // boardspace never uses a pyramid's total for equality.
    let mut g = setup(
        "boardspace",
        "white",
        &[("e10", pyramid), ("c8", "w190C"), ("h16", "b3C")],
    );
    play(&mut g, "c8-d9");
    assert!(captures(&g).is_empty());
    // A pyramid attacks by a layer: White's pyramid holds a 16 round.
    let mut g = setup(
        "modern",
        "white",
        &[("e10", "b16T"), ("c8", "wP:36S,16C"), ("h16", "b3C")],
    );
    play(&mut g, "c8-d9");
    assert_eq!(captures(&g), whole("e10", 16, "equality"));
}

#[test]
fn several_captures_by_one_move_all_occur() {
    // 001: "If by luck or design multiple captures are possible after a
    // single move, they all occur."
    let mut g = setup(
        "modern",
        "white",
        &[
            ("d10", "b16T"),
            ("f10", "b16S"),
            ("d8", "w8C"),
            ("h16", "b3C"),
        ],
    );
    play(&mut g, "d8-e9");
    let c = captures(&g);
    assert_eq!(c.len(), 2, "{c:?}");
    assert!(c.iter().all(|x| x.2 == "eruption"));
}

#[test]
fn captures_are_decided_on_the_position_after_the_move_without_chains() {
    // White's 100 takes Black's 50 beside it (50 x 2); that opens the file
    // between White's 3 on e8 and Black's 9 on e10 (3 x 3 = 9), but that
    // capture is not made in the same move. Then the relation belongs to
    // whoever moves next: Black's 9 takes White's 3.
    let mut g = setup(
        "modern",
        "white",
        &[
            ("e8", "w3C"),
            ("e9", "b50C"),
            ("e10", "b9C"),
            ("g10", "w100C"),
            ("h16", "b5C"),
        ],
    );
    play(&mut g, "g10-f9");
    assert_eq!(captures(&g), whole("e9", 50, "eruption"));
    assert_eq!(at(g.position(), "e10"), "b9C");
    play(&mut g, "h16-g15");
    assert_eq!(captures(&g), whole("e8", 3, "eruption"));
}

#[test]
fn the_mover_captures_whichever_piece_is_the_smaller() {
    // 8 beside 16 is a capture for whoever moves next: here Black, whose
    // unrelated move takes White's 8 and leaves Black's 16 standing.
    let mut g = setup(
        "modern",
        "black",
        &[("e10", "b16T"), ("e9", "w8C"), ("a16", "b3C")],
    );
    play(&mut g, "a16-b15");
    assert_eq!(captures(&g), whole("e9", 8, "eruption"));
    assert_eq!(at(g.position(), "e10"), "b16T");
}
