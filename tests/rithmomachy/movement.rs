//! Seed 001, "Moves:" — each sentence on a hand-made position.

use crate::support::{legal, play, setup, targets};
use ludus::analysis::start::Start;
use ludus::core::game::Game;
use ludus::games::rithmomachy::Rithmomachy;

fn sorted(v: &[&str]) -> Vec<String> {
    let mut s: Vec<String> = v.iter().map(|x| x.to_string()).collect();
    s.sort();
    s
}

#[test]
fn players_alternate_starting_with_black() {
    // 001: "Players alternate turns, starting with Black."
    let opts = crate::support::options("boardspace", &[]);
    let mut g = Rithmomachy::new(&opts).unwrap();
    assert_eq!(g.position().to_move().name(), "black");
    play(&mut g, "c11-b10");
    assert_eq!(g.position().to_move().name(), "white");
    play(&mut g, "c6-b7");
    assert_eq!(g.position().to_move().name(), "black");
}

#[test]
fn rounds_move_one_step_diagonally() {
    // 001: "Rounds move one step diagonally"
    let g = setup("modern", "white", &[("d5", "w4C"), ("h16", "b3C")]);
    assert_eq!(targets(&g, "d5"), sorted(&["c4", "c6", "e4", "e6"]));
}

#[test]
fn movement_is_only_to_an_empty_square() {
    // 001: "Movement is only possible to an empty square."
    let g = setup(
        "modern",
        "white",
        &[("d5", "w4C"), ("e6", "w6C"), ("c4", "b3C"), ("h16", "b5C")],
    );
    assert_eq!(targets(&g, "d5"), sorted(&["c6", "e4"]));
}

#[test]
fn triangles_move_two_orthogonally_or_a_knights_move() {
    // 001: "Triangles move 2 steps horizontally, or a knight's move"
    let g = setup("modern", "white", &[("d5", "w9T"), ("h16", "b3C")]);
    assert_eq!(
        targets(&g, "d5"),
        sorted(&[
            "d7", "d3", "b5", "f5", "b4", "b6", "f4", "f6", "c3", "c7", "e3", "e7"
        ])
    );
}

#[test]
fn orthogonal_moves_are_blocked_and_knights_moves_are_not() {
    // 001: "Horizontal and vertical moves are blocked by intervening pieces.
    // Moves with a diagonal component can't be blocked - they're like chess
    // knights moves."
    let g = setup(
        "modern",
        "white",
        &[
            ("d5", "w9T"),
            ("d6", "w4C"),
            ("e5", "b3C"),
            ("c5", "b5C"),
            ("d4", "b7C"),
        ],
    );
    let t = targets(&g, "d5");
    for blocked in ["d7", "f5", "b5", "d3"] {
        assert!(
            !t.contains(&blocked.to_string()),
            "{blocked} should be blocked"
        );
    }
    // Every knight's leap still goes, over the four neighbours.
    assert_eq!(t, sorted(&["b4", "b6", "f4", "f6", "c3", "c7", "e3", "e7"]));
}

#[test]
fn squares_move_three_orthogonally_or_a_longer_knights_move() {
    // 001: "Squares move 3 steps horizontally or vertically, or a longer
    // knights move"; the straight move is blocked by either square between.
    let g = setup(
        "modern",
        "white",
        &[
            ("d8", "w45S"),
            ("d10", "b3C"),
            ("e8", "w4C"),
            ("h16", "b5C"),
        ],
    );
    assert_eq!(
        targets(&g, "d8"),
        sorted(&[
            "d5", "a8", // up to d11 blocked by d10, to g8 blocked by e8
            "a7", "a9", "g7", "g9", "c5", "e5", "c11", "e11"
        ])
    );
}

#[test]
fn a_pyramid_moves_as_any_piece_it_still_contains() {
    // 001: "Pyramids move in any of the ways permitted by any of the pieces
    // they still contain."
    let full = setup(
        "modern",
        "white",
        &[("d8", "wP:36S,25S,16T,9T,4C,1C"), ("h16", "b5C")],
    );
    assert_eq!(targets(&full, "d8").len(), 4 + 12 + 12);
    // Without its triangles it no longer moves as a triangle.
    let no_triangles = setup(
        "modern",
        "white",
        &[("d8", "wP:36S,25S,4C,1C"), ("h16", "b5C")],
    );
    let t = targets(&no_triangles, "d8");
    assert_eq!(t.len(), 4 + 12);
    assert!(!t.contains(&"d10".to_string()) && !t.contains(&"b9".to_string()));
    assert!(t.contains(&"c9".to_string()) && t.contains(&"d5".to_string()));
}

#[test]
fn the_start_has_69_moves_and_perft_matches_boardspace() {
    // The acceptance anchor of the boardspace rule set.
    let entry = ludus::registry::find("rithmomachy").unwrap();
    let opts = crate::support::options("boardspace", &[]);
    assert_eq!(entry.perft(&Start::new(&opts, None), 1).unwrap(), 69);
    assert_eq!(entry.perft(&Start::new(&opts, None), 2).unwrap(), 4_898);
    assert_eq!(entry.perft(&Start::new(&opts, None), 3).unwrap(), 346_800);
    // Depth 4 turns on which games are over at ply 3: glorious victories
    // walked like lines, the L's arms included.
    assert_eq!(
        entry.perft(&Start::new(&opts, None), 4).unwrap(),
        25_115_698
    );
}

#[test]
fn black_has_no_move_into_occupied_squares_at_the_start() {
    let opts = crate::support::options("modern", &[]);
    let g = Rithmomachy::new(&opts).unwrap();
    let moves = legal(&g);
    assert_eq!(moves.len(), 69);
    for m in &moves {
        let to = m.split('-').nth(1).unwrap();
        assert_eq!(
            crate::support::at(g.position(), to),
            "",
            "{m} lands on a piece"
        );
    }
}
