//! The triumphs (proper victories) of seeds 000, 002 and 003, as rule
//! options on rule sets built as data, each tied to the sentence it encodes.

use crate::support::{play, setup_rules};
use ludus::core::game::Game;
use ludus::games::rithmomachy::Rithmomachy;
use ludus::games::rithmomachy::rules::{
    GreatProgressions, Region, Rules, Spacing, Triumph, TriumphLevel,
};

/// No captures and no victory but the triumph `t`.
fn rules(t: Triumph) -> Rules {
    let mut r = Rules::preset("modern").unwrap();
    r.captures.clear();
    let v = &mut r.victory;
    (v.bodies, v.goods_white, v.goods_black, v.glorious) = (None, None, None, None);
    v.triumph = Some(t);
    r
}

/// Seed 000's proper victories: lines in the opponent's half, victoria
/// magna by an arithmetic progression.
fn medieval(level: TriumphLevel) -> Triumph {
    Triumph {
        level,
        region: Region::Half,
        spacing: Spacing::Adjacent,
        great: GreatProgressions::Arithmetic,
        square: false,
        after_pyramid: false,
        announced: false,
    }
}

fn ending(g: &Rithmomachy) -> Option<&'static str> {
    g.outcome().map(|o| o.reason)
}

/// White's men on c10 and d10, a third moving f9-e10 beside them.
fn line_of_three(a: &str, b: &str, c: &str) -> [(&'static str, String); 4] {
    [
        ("c10", format!("w{a}C")),
        ("d10", format!("w{b}C")),
        ("f9", format!("w{c}C")),
        ("h16", "b5C".to_string()),
    ]
}

fn game(t: Triumph, pieces: &[(&str, String)]) -> Rithmomachy {
    let p: Vec<(&str, &str)> = pieces.iter().map(|(s, l)| (*s, l.as_str())).collect();
    setup_rules(rules(t), "white", &p)
}

#[test]
fn victoria_magna_three_in_arithmetic_progression() {
    // 000: "Victoria Magna ... three pieces that are arranged are in an
    // arithmetic progression" in "the opponent's side of the board".
    let mut g = game(medieval(TriumphLevel::Great), &line_of_three("2", "3", "4"));
    assert_eq!(ending(&g), None);
    play(&mut g, "f9-e10");
    assert_eq!(ending(&g), Some("great-triumph"));
    // A geometric line is not a victoria magna.
    let mut g = game(
        medieval(TriumphLevel::Great),
        &line_of_three("4", "8", "16"),
    );
    play(&mut g, "f9-e10");
    assert_eq!(ending(&g), None);
}

#[test]
fn the_great_triumph_in_any_progression() {
    // 002: "three pieces lined up to form one of the progressions", e.g.
    // "4C, 8C, & 16C" and the harmonic 3 4 6.
    let any = Triumph {
        great: GreatProgressions::Any,
        ..medieval(TriumphLevel::Great)
    };
    for (a, b, c) in [("4", "8", "16"), ("3", "4", "6"), ("2", "3", "4")] {
        let mut g = game(any, &line_of_three(a, b, c));
        play(&mut g, "f9-e10");
        assert_eq!(ending(&g), Some("great-triumph"), "{a} {b} {c}");
    }
    // No progression, no triumph.
    let mut g = game(any, &line_of_three("2", "3", "5"));
    play(&mut g, "f9-e10");
    assert_eq!(ending(&g), None);
}

#[test]
fn a_triumph_stands_in_the_opponents_half_and_in_a_connected_line() {
    // 000: "in the opponent's side of the board": rank 8 is White's own.
    let pieces = [
        ("c8", "w2C".to_string()),
        ("d8", "w3C".to_string()),
        ("f7", "w4C".to_string()),
        ("h16", "b5C".to_string()),
    ];
    let mut g = game(medieval(TriumphLevel::Great), &pieces);
    play(&mut g, "f7-e8");
    assert_eq!(ending(&g), None);
    // A gap breaks the line (003: "a connected line").
    let pieces = [
        ("b10", "w2C".to_string()),
        ("d10", "w3C".to_string()),
        ("f9", "w4C".to_string()),
        ("h16", "b5C".to_string()),
    ];
    let mut g = game(medieval(TriumphLevel::Great), &pieces);
    play(&mut g, "f9-e10");
    assert_eq!(ending(&g), None);
}

/// White's men on c10, d10 and e10, a fourth moving g9-f10 to end the line.
fn line_of_four(values: [&str; 4]) -> [(&'static str, String); 5] {
    [
        ("c10", format!("w{}C", values[0])),
        ("d10", format!("w{}C", values[1])),
        ("e10", format!("w{}C", values[2])),
        ("g9", format!("w{}C", values[3])),
        ("h16", "b5C".to_string()),
    ]
}

#[test]
fn victoria_major_four_with_two_kinds_of_progression() {
    // 000: "Victoria Major ... four pieces that are arranged have three
    // pieces that are in a certain progression, and another three pieces
    // that are in another type of progression": 6 9 12 arithmetic and
    // 6 8 12 harmonic.
    let mut g = game(
        medieval(TriumphLevel::Greater),
        &line_of_four(["6", "8", "9", "12"]),
    );
    play(&mut g, "g9-f10");
    assert_eq!(ending(&g), Some("greater-triumph"));
    // 2 4 6 10 shows one kind only (2 4 6 and 2 6 10, arithmetic).
    let mut g = game(
        medieval(TriumphLevel::Greater),
        &line_of_four(["2", "4", "6", "10"]),
    );
    play(&mut g, "g9-f10");
    assert_eq!(
        ending(&g),
        None,
        "a great triumph is less than the greater agreed on"
    );
}

#[test]
fn victoria_excellentissima_four_with_all_three_kinds() {
    // 000: "Victoria Excellentissima ... four pieces ... have all three types
    // of mathematical progressions in three different groups": 3 6 9
    // arithmetic, 4 6 9 geometric, 3 4 6 harmonic.
    let mut g = game(
        medieval(TriumphLevel::Greatest),
        &line_of_four(["3", "4", "6", "9"]),
    );
    play(&mut g, "g9-f10");
    assert_eq!(ending(&g), Some("greatest-triumph"));
    // Two kinds do not make the greatest.
    let mut g = game(
        medieval(TriumphLevel::Greatest),
        &line_of_four(["6", "8", "9", "12"]),
    );
    play(&mut g, "g9-f10");
    assert_eq!(ending(&g), None);
    // A higher triumph than the one agreed on wins too.
    let mut g = game(
        medieval(TriumphLevel::Great),
        &line_of_four(["3", "4", "6", "9"]),
    );
    play(&mut g, "g9-f10");
    assert_eq!(ending(&g), Some("greatest-triumph"));
}

#[test]
fn triumphs_only_once_the_opponents_pyramid_is_captured() {
    // 002: "A triumph cannot occur until the opponent's entire pyramid has
    // been captured."
    let after = Triumph {
        great: GreatProgressions::Any,
        after_pyramid: true,
        ..medieval(TriumphLevel::Great)
    };
    let mut pieces = line_of_three("2", "3", "4").to_vec();
    pieces.push(("a16", "bP:64S,49S".to_string()));
    let mut g = game(after, &pieces);
    play(&mut g, "f9-e10");
    assert_eq!(ending(&g), None);
    let mut g = game(after, &line_of_three("2", "3", "4"));
    play(&mut g, "f9-e10");
    assert_eq!(ending(&g), Some("great-triumph"));
}

#[test]
fn fulke_triumphs_in_the_camp_and_as_a_square() {
    // 003: "his camp being ... his back six rows" (ranks 11-16 for White),
    // and four men "may instead make a square".
    let fulke = Triumph {
        level: TriumphLevel::Greater,
        region: Region::Camp,
        spacing: Spacing::Adjacent,
        great: GreatProgressions::Any,
        square: true,
        after_pyramid: false,
        announced: false,
    };
    let square = |ranks: (u8, u8)| {
        vec![
            ("c".to_string() + &ranks.1.to_string(), "w6C".to_string()),
            ("d".to_string() + &ranks.1.to_string(), "w8C".to_string()),
            ("c".to_string() + &ranks.0.to_string(), "w9C".to_string()),
            (
                "e".to_string() + &(ranks.0 - 1).to_string(),
                "w12C".to_string(),
            ),
            ("h16".to_string(), "b5C".to_string()),
        ]
    };
    let run = |t: Triumph, ranks: (u8, u8), mv: &str| {
        let owned = square(ranks);
        let p: Vec<(&str, &str)> = owned
            .iter()
            .map(|(a, b)| (a.as_str(), b.as_str()))
            .collect();
        let mut g = setup_rules(rules(t), "white", &p);
        play(&mut g, mv);
        ending(&g)
    };
    // 6 8 / 9 12 on c12 d12 / c11 d11: 6 9 12 arithmetic, 6 8 12 harmonic.
    assert_eq!(run(fulke, (11, 12), "e10-d11"), Some("greater-triumph"));
    assert_eq!(
        run(
            Triumph {
                square: false,
                ..fulke
            },
            (11, 12),
            "e10-d11"
        ),
        None
    );
    // Ranks 10 and 11: rank 10 is outside the camp.
    assert_eq!(run(fulke, (10, 11), "e9-d10"), None);
    // ... but inside the opponent's half.
    let half = Triumph {
        region: Region::Half,
        ..fulke
    };
    assert_eq!(run(half, (10, 11), "e9-d10"), Some("greater-triumph"));
}
