//! Rule options for the historical rule sets, on the engine that plays seed
//! 001: each checked against the seed 000 sentence it encodes, on a rule set
//! built as data.

use crate::support::{at, captures, play, setup_rules};
use ludus::games::rithmomachy::rules::{
    CaptureRule, Distance, EruptionAttacker, Rules, SiegeSides,
};

/// Seed 001's modern rules with only these captures and no victory but the cap.
fn rules_with(captures: Vec<CaptureRule>) -> Rules {
    let mut r = Rules::preset("modern").unwrap();
    r.captures = captures;
    r.victory.bodies = None;
    r.victory.goods_white = None;
    r.victory.goods_black = None;
    r.victory.glorious = None;
    r
}

fn assault(attacker: EruptionAttacker) -> Rules {
    rules_with(vec![CaptureRule::Eruption {
        distance: Distance::Between,
        attacker,
    }])
}

#[test]
fn assault_counts_the_vacant_squares_between() {
    // 000: "If a piece with a small value, multiplied by the number of vacant
    // spaces between it and another larger piece is equal to the larger
    // piece, the larger piece is captured." 4 with three empty squares
    // (e11-e13) between it and 12: 4 x 3 = 12.
    let pieces = [
        ("d9", "w4C"),
        ("e14", "b12T"),
        ("a1", "w2C"),
        ("h16", "b3C"),
    ];
    let mut g = setup_rules(assault(EruptionAttacker::Smaller), "white", &pieces);
    play(&mut g, "d9-e10");
    assert_eq!(
        captures(&g),
        vec![("e14".to_string(), 12, "eruption", true)]
    );
    // Counted with both end squares (seed 001) the distance is 5: 4 x 5 = 20.
    let both_ends = rules_with(vec![CaptureRule::Eruption {
        distance: Distance::BothEnds,
        attacker: EruptionAttacker::Smaller,
    }]);
    let mut g = setup_rules(both_ends, "white", &pieces);
    play(&mut g, "d9-e10");
    assert!(captures(&g).is_empty());
}

#[test]
fn adjacent_pieces_have_no_vacant_square_for_an_assault() {
    // 000: "the number of vacant spaces between": none between neighbours,
    // and no multiple of nothing makes a value.
    let pieces = [
        ("d11", "w6C"),
        ("e13", "b12T"),
        ("a1", "w2C"),
        ("h16", "b3C"),
    ];
    let mut g = setup_rules(assault(EruptionAttacker::Smaller), "white", &pieces);
    play(&mut g, "d11-e12");
    assert!(captures(&g).is_empty());
    assert_eq!(at(g.position(), "e13"), "b12T");
}

#[test]
fn in_an_assault_only_the_larger_piece_is_captured() {
    // 000: "... the larger piece is captured": White's 9 three vacant squares
    // from Black's 3 (3 x 3 = 9) does not take the 3, which is the smaller.
    let pieces = [("d9", "w9C"), ("e14", "b3C"), ("a1", "w2C"), ("h16", "b5C")];
    let mut g = setup_rules(assault(EruptionAttacker::Smaller), "white", &pieces);
    play(&mut g, "d9-e10");
    assert!(captures(&g).is_empty());
    // Where either may be the mover's (seed 001's eruption), it does.
    let mut g = setup_rules(assault(EruptionAttacker::Either), "white", &pieces);
    play(&mut g, "d9-e10");
    assert_eq!(captures(&g), vec![("e14".to_string(), 3, "eruption", true)]);
}

#[test]
fn siege_on_four_orthogonal_sides_only() {
    // 000: "If a piece is surrounded on all four sides, it is removed."
    // Four diagonal neighbours do not surround it.
    let orthogonal = || {
        rules_with(vec![CaptureRule::Siege {
            edge: false,
            sides: SiegeSides::Orthogonal,
        }])
    };
    let diagonal = [
        ("e10", "b7C"),
        ("d9", "w100C"),
        ("f9", "w200C"),
        ("d11", "w300C"),
        ("g12", "w500C"),
        ("h16", "b3C"),
    ];
    let mut g = setup_rules(orthogonal(), "white", &diagonal);
    play(&mut g, "g12-f11");
    assert!(captures(&g).is_empty());
    let square = [
        ("e10", "b7C"),
        ("d10", "w100C"),
        ("f10", "w200C"),
        ("e9", "w300C"),
        ("f12", "w500C"),
        ("h16", "b3C"),
    ];
    let mut g = setup_rules(orthogonal(), "white", &square);
    play(&mut g, "f12-e11");
    assert_eq!(captures(&g), vec![("e10".to_string(), 7, "siege", true)]);
}
