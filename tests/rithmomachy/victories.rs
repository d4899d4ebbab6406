//! Seed 001's victories, both thresholds, the victory settings, and the
//! endings by no move, repetition and cap.

use crate::support::{captures, options, play, setup, setup_taken, setup_with};
use ludus::core::game::{Game, Turn};
use ludus::games::rithmomachy::Rithmomachy;
use ludus::games::rithmomachy::position::Ending;

fn ending(g: &Rithmomachy) -> Option<(Option<&'static str>, &'static str)> {
    g.position()
        .ending()
        .map(|e: Ending| (e.winner.map(|s| s.name()), e.reason))
}

/// Fourteen small pieces already taken.
const FOURTEEN: [&str; 14] = [
    "3C", "5C", "7C", "9C", "9C", "25C", "49C", "81C", "12T", "30T", "56T", "90T", "16T", "36T",
];

/// White's 8 steps beside Black's 16 (8 x 2 = 16): one capture by eruption.
const ERUPTION: [(&str, &str); 3] = [("e10", "b16T"), ("d8", "w8C"), ("h16", "b3C")];

#[test]
fn bodies_fifteen_captured_pieces() {
    // 001: "capturing 15 of the (more than half) of the opposing pieces"
    for rules in ["modern", "boardspace"] {
        let o = options(rules, &[("glorious", "off")]);
        let mut g = setup_taken(&o, "white", &ERUPTION, &FOURTEEN, &[]);
        assert_eq!(ending(&g), None);
        play(&mut g, "d8-e9");
        assert_eq!(ending(&g), Some((Some("white"), "bodies")), "{rules}");
        assert_eq!(g.turn(), Turn::Over);
        assert_eq!(
            g.outcome().unwrap().sole_winner(),
            Some(0),
            "seat 1 is White"
        );
    }
    // Fewer than 15: play goes on.
    let o = options("modern", &[("glorious", "off")]);
    let mut g = setup_taken(&o, "white", &ERUPTION, &FOURTEEN[1..], &[]);
    play(&mut g, "d8-e9");
    assert_eq!(ending(&g), None);
}

#[test]
fn pyramid_layers_count_one_by_one_for_bodies() {
    // Ten taken, then Black's whole five-layer pyramid by its total (190 x
    // 2 = 380, an eruption): fifteen.
    let o = options("modern", &[("glorious", "off")]);
    let mut g = setup_taken(
        &o,
        "white",
        &[
            ("e10", "bP:64S,49S,36T,25T,16C"),
            ("d8", "w380C"),
            ("h16", "b3C"),
        ],
        &FOURTEEN[..10],
        &[],
    );
    play(&mut g, "d8-e9");
    assert_eq!(captures(&g).len(), 1);
    assert_eq!(ending(&g), Some((Some("white"), "bodies")));
}

#[test]
fn goods_thresholds_differ_between_the_rule_sets() {
    // 001: "capturing pieces whose value sums to 1315 or more White, or 984
    // or more Black"; boardspace plays > 1314 and > 984.
    let black_move = [("e10", "w16T"), ("d12", "b8C"), ("a1", "w3C")];
    for (rules, before, wins) in [
        ("modern", "968", true),      // 968 + 16 = 984 >= 984
        ("boardspace", "968", false), // 984 is not > 984
        ("boardspace", "969", true),  // 985 > 984
    ] {
        let o = options(rules, &[("glorious", "off"), ("bodies", "off")]);
        let mut g = setup_taken(&o, "black", &black_move, &[], &[&format!("{before}S")]);
        play(&mut g, "d12-e11");
        assert_eq!(captures(&g).len(), 1, "{rules}");
        let expect = wins.then_some((Some("black"), "goods"));
        assert_eq!(ending(&g), expect, "{rules} from {before}");
    }
    // White: 1315 in both.
    for rules in ["modern", "boardspace"] {
        let o = options(rules, &[("glorious", "off"), ("bodies", "off")]);
        let mut g = setup_taken(&o, "white", &ERUPTION, &["1299S"], &[]);
        play(&mut g, "d8-e9");
        assert_eq!(ending(&g), Some((Some("white"), "goods")), "{rules}");
        let mut g = setup_taken(&o, "white", &ERUPTION, &["1298S"], &[]);
        play(&mut g, "d8-e9");
        assert_eq!(ending(&g), None, "{rules}: 1314");
    }
}

/// White completes a formation on rank 12 by moving its `last` piece from
/// `from` to `to`; Black has a piece far away.
fn formation(
    rules: &str,
    pieces: &[(&str, &str)],
    mv: &str,
) -> Option<(Option<&'static str>, &'static str)> {
    let o = options(rules, &[("bodies", "off")]);
    let mut all = pieces.to_vec();
    all.push(("h1", "b1000S"));
    let mut g = setup_with(&o, "white", &all);
    assert_eq!(ending(&g), None, "{rules}: over before the move");
    play(&mut g, mv);
    ending(&g)
}

#[test]
fn glorious_lines_in_each_progression() {
    // 001: "they form an unobstructed evenly spaced horizontal or vertical
    // line ... arithmetic (B-A) = (C-B), geometric (A*C) = (B*B), or harmonic
    // ((A+C)*B) = (A*C*2) progression"
    let glory = Some((Some("white"), "glorious"));
    for rules in ["modern", "boardspace"] {
        // Arithmetic 20 40 60 along rank 12, two apart.
        let p = [("b12", "w20C"), ("d12", "w40C"), ("e11", "w60C")];
        assert_eq!(formation(rules, &p, "e11-f12"), glory, "{rules} arithmetic");
        // Geometric 20 40 80 along a file.
        let p = [("c10", "w20C"), ("c13", "w40C"), ("d15", "w80C")];
        assert_eq!(formation(rules, &p, "d15-c16"), glory, "{rules} geometric");
        // Harmonic 30 40 60: 2 x 30 x 60 = 40 x (30 + 60).
        let p = [("b12", "w30C"), ("c12", "w40C"), ("e13", "w60C")];
        assert_eq!(formation(rules, &p, "e13-d12"), glory, "{rules} harmonic");
        // Not a progression: 20 40 70.
        let p = [("b12", "w20C"), ("d12", "w40C"), ("e11", "w70C")];
        assert_eq!(
            formation(rules, &p, "e11-f12"),
            None,
            "{rules} no progression"
        );
        // Unevenly spaced.
        let p = [("b12", "w20C"), ("d12", "w40C"), ("f11", "w60C")];
        assert_eq!(formation(rules, &p, "f11-g12"), None, "{rules} uneven");
    }
}

#[test]
fn glorious_needs_the_opponents_half_and_a_clear_line() {
    // 001: "all three pieces (A,B,C) are on the opponent's side of the board"
    let p = [("b8", "w20C"), ("d8", "w40C"), ("e7", "w60C")];
    assert_eq!(
        formation("modern", &p, "e7-f8"),
        None,
        "rank 8 is White's own half"
    );
    // "unobstructed": 20 40 60 evenly spaced on rank 12, with and without
    // Black's 7 between the first two.
    let p = [("b12", "w20C"), ("d12", "w40C"), ("g11", "w60C")];
    assert_eq!(
        formation("modern", &p, "g11-f12"),
        Some((Some("white"), "glorious"))
    );
    let p = [
        ("b12", "w20C"),
        ("c12", "b7C"),
        ("d12", "w40C"),
        ("g11", "w60C"),
    ];
    assert_eq!(formation("modern", &p, "g11-f12"), None, "c12 obstructs");
}

#[test]
fn glorious_triangle_and_the_mover_owns_an_end() {
    // 001: "or a triangle": an L with the middle term at the corner.
    let p = [("d14", "w20C"), ("d12", "w40C"), ("e11", "w60C")];
    assert_eq!(
        formation("modern", &p, "e11-f12"),
        Some((Some("white"), "glorious"))
    );
    // The corner is the piece that moves in.
    let p = [("d14", "w20C"), ("f12", "w60C"), ("e11", "w40C")];
    assert_eq!(
        formation("modern", &p, "e11-d12"),
        Some((Some("white"), "glorious"))
    );
    // "with one of your own pieces as one end": Black's ends and White's
    // middle on White's target half make nothing for White.
    let p = [("b12", "b20C"), ("c11", "w40C"), ("f12", "b60C")];
    assert_eq!(formation("modern", &p, "c11-d12"), None);
    // The other pieces may be Black's.
    let p = [("b12", "w20C"), ("d12", "b40C"), ("e11", "w60C")];
    assert_eq!(
        formation("modern", &p, "e11-f12"),
        Some((Some("white"), "glorious"))
    );
}

#[test]
fn boardspace_walks_the_triangle_like_a_line() {
    // boardspace.net: the middle term is the first piece met from the own
    // piece, every square between them empty; the squares between the
    // middle term and the far end are empty too; for the L as for a line.
    let glory = Some((Some("white"), "glorious"));
    // 20 on d14, 40 on d12 (d13 empty), 60 arriving on f12 (e12 empty).
    let clear = [("d14", "w20C"), ("d12", "w40C"), ("e11", "w60C")];
    for rules in ["modern", "boardspace"] {
        assert_eq!(formation(rules, &clear, "e11-f12"), glory, "{rules}");
    }
    // A piece on the first arm (d13) or on the second (e12): modern, whose
    // arms need not be empty, still counts the L; boardspace does not.
    for blocker in ["d13", "e12"] {
        let mut p = clear.to_vec();
        p.push((blocker, "b1000C"));
        assert_eq!(formation("modern", &p, "e11-f12"), glory, "{blocker}");
        assert_eq!(
            formation("boardspace", &p, "e11-f12"),
            None,
            "boardspace, {blocker} between"
        );
    }
    // The L is found whichever of its squares the move touched: here the
    // piece leaving the second arm (e12) opens it.
    let p = [
        ("d14", "w20C"),
        ("d12", "w40C"),
        ("f12", "w60C"),
        ("e12", "w7C"),
    ];
    assert_eq!(formation("boardspace", &p, "e12-f13"), glory);
}

#[test]
fn the_issue_13_formation_is_no_glorious_victory_on_boardspace() {
    // After these moves ludus once declared a glorious victory for Black:
    // the pyramid on c8 (its 49), White's 25 on c4 and White's pyramid on g4
    // (its 1), 49 25 1 in arithmetic progression, an L whose first arm
    // passes over c7, c6 and c5 (c7 and c6 hold White's pieces) and whose
    // second arm passes over d4, e4 and f4 (all held). boardspace.net counts
    // no such formation; modern, whose arms need not be empty, does.
    let moves = ["h13-e14", "f6-e7", "a13-b11", "d6-c7", "b11-c8"];
    for (rules, expect) in [
        ("boardspace", None),
        ("modern", Some((Some("black"), "glorious"))),
    ] {
        let mut g = Rithmomachy::new(&options(rules, &[])).unwrap();
        for m in moves {
            play(&mut g, m);
        }
        assert_eq!(ending(&g), expect, "{rules}");
    }
}

#[test]
fn boardspace_adds_diagonal_lines_and_constant_triples() {
    let p = [("b10", "w20C"), ("c11", "w40C"), ("e13", "w60C")];
    assert_eq!(
        formation("modern", &p, "e13-d12"),
        None,
        "diagonal in modern"
    );
    assert_eq!(
        formation("boardspace", &p, "e13-d12"),
        Some((Some("white"), "glorious")),
        "diagonal in boardspace"
    );
    let p = [("b12", "w9C"), ("d12", "w9C"), ("e11", "w9C")];
    assert_eq!(formation("modern", &p, "e11-f12"), None, "9 9 9 in modern");
    assert_eq!(
        formation("boardspace", &p, "e11-f12"),
        Some((Some("white"), "glorious")),
        "9 9 9 in boardspace"
    );
}

#[test]
fn when_both_sides_qualify_the_mover_wins() {
    // White's 4 steps into d4 between Black's 2 and 6 (a formation for
    // Black on White's half: 2 4 6, Black's own ends) and takes Black's 8 by
    // eruption for its fifteenth piece.
    let o = options("modern", &[]);
    let mut g = setup_taken(
        &o,
        "white",
        &[
            ("b4", "b2C"),
            ("f4", "b6C"),
            ("d5", "b8C"),
            ("c3", "w4C"),
            ("h16", "b3C"),
        ],
        &FOURTEEN,
        &[],
    );
    play(&mut g, "c3-d4");
    assert_eq!(captures(&g).len(), 1);
    assert_eq!(ending(&g), Some((Some("white"), "bodies")));
}

#[test]
fn victory_settings_override_the_preset() {
    // bodies=off: fifteen pieces no longer win.
    let o = options("modern", &[("glorious", "off"), ("bodies", "off")]);
    let mut g = setup_taken(&o, "white", &ERUPTION, &FOURTEEN, &[]);
    play(&mut g, "d8-e9");
    assert_eq!(ending(&g), None);
    // bodies=1: the first capture wins.
    let o = options("modern", &[("glorious", "off"), ("bodies", "1")]);
    let mut g = setup_with(&o, "white", &ERUPTION);
    play(&mut g, "d8-e9");
    assert_eq!(ending(&g), Some((Some("white"), "bodies")));
    // goods as one number per side.
    let o = options("modern", &[("glorious", "off"), ("goods_white", "16")]);
    let mut g = setup_with(&o, "white", &ERUPTION);
    play(&mut g, "d8-e9");
    assert_eq!(ending(&g), Some((Some("white"), "goods")));
    // quarrel: value and digits.
    for (digits, wins) in [("4", true), ("5", false)] {
        let o = options(
            "modern",
            &[
                ("glorious", "off"),
                ("quarrel_value", "100"),
                ("quarrel_digits", digits),
            ],
        );
        let mut g = setup_taken(&o, "white", &ERUPTION, &["90T"], &[]);
        play(&mut g, "d8-e9");
        assert_eq!(ending(&g).is_some(), wins, "digits {digits}");
    }
    // honour: value and pieces.
    let o = options(
        "modern",
        &[
            ("glorious", "off"),
            ("honour_value", "100"),
            ("honour_pieces", "2"),
        ],
    );
    let mut g = setup_taken(&o, "white", &ERUPTION, &["90T"], &[]);
    play(&mut g, "d8-e9");
    assert_eq!(ending(&g), Some((Some("white"), "honour")));
    // honour and quarrel: all three.
    let o = options(
        "modern",
        &[
            ("glorious", "off"),
            ("hq_value", "100"),
            ("hq_pieces", "2"),
            ("hq_digits", "4"),
        ],
    );
    let mut g = setup_taken(&o, "white", &ERUPTION, &["90T"], &[]);
    play(&mut g, "d8-e9");
    assert_eq!(ending(&g), Some((Some("white"), "honour-quarrel")));
    // Half a two-parameter victory is an error naming what is missing.
    let e = Rithmomachy::new(&options("modern", &[("quarrel_value", "100")])).unwrap_err();
    assert!(
        matches!(e, ludus::core::option_error::OptionError::Combination(_)),
        "{e:?}"
    );
    let e = e.to_string();
    assert!(e.contains("quarrel_digits"), "{e}");
}

#[test]
fn a_side_without_a_move_loses() {
    // Black's square on a16 can go to a13, d16, b13 or d15; White fills the
    // last of them.
    let mut g = setup(
        "modern",
        "white",
        &[
            ("a16", "b45S"),
            ("a13", "w1000C"),
            ("d16", "w700C"),
            ("b13", "w1100C"),
            ("e14", "w1300C"),
        ],
    );
    play(&mut g, "e14-d15");
    assert_eq!(ending(&g), Some((Some("white"), "no-move")));
}

#[test]
fn a_third_repetition_draws_in_boardspace() {
    let moves = ["a1-b2", "h16-g15", "b2-a1", "g15-h16"];
    let pieces = [("a1", "w4C"), ("h16", "b3C")];
    let mut g = setup("boardspace", "white", &pieces);
    for (i, m) in moves.iter().cycle().take(8).enumerate() {
        assert_eq!(ending(&g), None, "before move {}", i + 1);
        play(&mut g, m);
    }
    assert_eq!(ending(&g), Some((None, "repetition")));
    // modern has no such rule.
    let mut g = setup("modern", "white", &pieces);
    for m in moves.iter().cycle().take(12) {
        play(&mut g, m);
    }
    assert_eq!(ending(&g), None);
}

#[test]
fn the_cap_draws() {
    let o = options("boardspace", &[("cap", "3")]);
    let mut g = setup_with(&o, "white", &[("a1", "w4C"), ("h16", "b3C")]);
    for m in ["a1-b2", "h16-g15", "b2-c3"] {
        play(&mut g, m);
    }
    assert_eq!(ending(&g), Some((None, "cap")));
}
