//! Rule options for the historical rule sets, on the engine that plays seed
//! 001: each checked against the seed 000 sentence it encodes, on a rule set
//! built as data.

use crate::support::{at, captures, play, setup_rules, setup_rules_taken};
use ludus::core::game::Game;
use ludus::games::rithmomachy::rules::{
    CaptureRule, Distance, EruptionAttacker, Honour, HonourQuarrel, Limits, Quarrel, Rules,
    SiegeSides,
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
            safe: false,
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

/// White's 8 erupts on Black's 16 (seed 001's counting) when it moves d8-e9.
const ERUPTION: [(&str, &str); 3] = [("e10", "b16T"), ("d8", "w8C"), ("h16", "b3C")];

fn winner(g: &ludus::games::rithmomachy::Rithmomachy) -> Option<&'static str> {
    g.outcome().map(|o| o.reason)
}

/// Eruption only, and the common victories of seed 000 with `limits`.
fn common(limits: Limits, set: impl Fn(&mut Rules)) -> Rules {
    let mut r = rules_with(vec![CaptureRule::Eruption {
        distance: Distance::BothEnds,
        attacker: EruptionAttacker::Either,
    }]);
    r.victory.limits = limits;
    set(&mut r);
    r
}

#[test]
fn de_lite_with_fewer_digits_than_agreed() {
    // 000: De Lite: "captures enough pieces to add up to or exceed a certain
    // value ..., and the number of digits in his captured pieces' values are
    // less than a number set by both players". 90 + 16 = 106 in 4 digits.
    for (digits, wins) in [("5", true), ("4", false)] {
        let r = common(Limits::LessThan, |r| {
            r.victory.quarrel = Some(Quarrel {
                value: 100,
                digits: digits.parse().unwrap(),
            })
        });
        let mut g = setup_rules_taken(r, "white", &ERUPTION, &["90T"], &[]);
        play(&mut g, "d8-e9");
        let expected = wins.then_some("quarrel");
        assert_eq!(winner(&g), expected, "fewer than {digits} digits");
    }
}

#[test]
fn de_honore_with_fewer_pieces_than_agreed() {
    // 000: De Honore: "... and the number of pieces he captured are less than
    // a certain number set by both players". 106 in 2 pieces.
    for (pieces, wins) in [(3, true), (2, false)] {
        let r = common(Limits::LessThan, |r| {
            r.victory.honour = Some(Honour { value: 100, pieces })
        });
        let mut g = setup_rules_taken(r, "white", &ERUPTION, &["90T"], &[]);
        play(&mut g, "d8-e9");
        assert_eq!(
            winner(&g),
            wins.then_some("honour"),
            "fewer than {pieces} pieces"
        );
    }
    // The value must still be reached: 16 alone in one piece is not enough.
    let r = common(Limits::LessThan, |r| {
        r.victory.honour = Some(Honour {
            value: 100,
            pieces: 3,
        })
    });
    let mut g = setup_rules(r, "white", &ERUPTION);
    play(&mut g, "d8-e9");
    assert_eq!(winner(&g), None);
}

#[test]
fn de_honore_liteque_with_fewer_digits_and_pieces() {
    // 000: De Honore Liteque: the value, "the number of digits ... less than
    // a number set by both players, and the number of pieces he captured are
    // less than a certain number". 106 in 2 pieces and 4 digits.
    for (pieces, digits, wins) in [(3, 5, true), (2, 5, false), (3, 4, false)] {
        let r = common(Limits::LessThan, |r| {
            r.victory.honour_quarrel = Some(HonourQuarrel {
                value: 100,
                pieces,
                digits,
            })
        });
        let mut g = setup_rules_taken(r, "white", &ERUPTION, &["90T"], &[]);
        play(&mut g, "d8-e9");
        assert_eq!(
            winner(&g),
            wins.then_some("honour-quarrel"),
            "fewer than {pieces} pieces and {digits} digits"
        );
    }
}

fn adjacent_ambush() -> Rules {
    use ludus::games::rithmomachy::rules::{AmbushReach, Op};
    rules_with(vec![CaptureRule::Ambush {
        reach: AmbushReach::Adjacent,
        ops: vec![Op::Sum, Op::Product],
    }])
}

#[test]
fn ambush_by_lower_neighbours_whose_sum_or_product_makes_the_victim() {
    // 002: "In ambush, any higher numbered piece adjacent to lower numbered
    // enemy pieces whose sum or product were equal to it could be captured.
    // For example, 45S could be captured by either 30T, 12T, & 3C (sum) or
    // 5C & 9C (product)."
    let sum = [
        ("e10", "b45S"),
        ("d10", "w30T"),
        ("f11", "w12T"),
        ("c12", "w3C"),
        ("a1", "w2C"),
        ("h16", "b5C"),
    ];
    let mut g = setup_rules(adjacent_ambush(), "white", &sum);
    play(&mut g, "c12-d11");
    assert_eq!(captures(&g), vec![("e10".to_string(), 45, "ambush", true)]);
    let product = [
        ("e10", "b45S"),
        ("d9", "w5C"),
        ("g12", "w9C"),
        ("a1", "w2C"),
        ("h16", "b3C"),
    ];
    let mut g = setup_rules(adjacent_ambush(), "white", &product);
    play(&mut g, "g12-f11");
    assert_eq!(captures(&g), vec![("e10".to_string(), 45, "ambush", true)]);
    // Two of the three (30 + 12 = 42) are not enough.
    let mut g = setup_rules(adjacent_ambush(), "white", &sum[..5]);
    play(&mut g, "a1-b2");
    assert!(captures(&g).is_empty(), "{:?}", captures(&g));
    // "lower numbered": a higher neighbour does not count (50 - 5 is no sum).
    let higher = [
        ("e10", "b45S"),
        ("d9", "w50C"),
        ("g12", "w5C"),
        ("h16", "b3C"),
    ];
    let mut g = setup_rules(adjacent_ambush(), "white", &higher);
    play(&mut g, "g12-f11");
    assert!(captures(&g).is_empty());
}

#[test]
fn de_lite_by_a_set_of_digits() {
    // 002: "De Lite: capture pieces with a set number of digits which the
    // players have agreed to beforehand. For example, if the players agree
    // to the digits 1, 2, & 3, White may win by capturing 12T & 3C, or 120S
    // & 36T, or 225S & 361S, etc."
    use ludus::games::rithmomachy::captured::{Captured, digit_set};
    use ludus::games::rithmomachy::piece::{Layer, Shape};
    let want = digit_set(123);
    for pair in [[12, 3], [120, 36], [225, 361]] {
        let mut c = Captured::default();
        for value in pair {
            c.add(Layer {
                shape: Shape::Square,
                value,
            });
        }
        assert_eq!(c.digit_set & want, want, "{pair:?}");
    }
    // In play: White has taken 23 and now takes 16 (digits 1 6): 1, 2, 3 shown.
    let r = common(Limits::AtLeast, |r| r.victory.digit_set = Some(123));
    let mut g = setup_rules_taken(r, "white", &ERUPTION, &["23T"], &[]);
    assert_eq!(winner(&g), None, "2 and 3 only");
    play(&mut g, "d8-e9");
    assert_eq!(winner(&g), Some("digit-set"));
}

#[test]
fn honore_liteque_by_the_sum_of_the_digits() {
    // 002: "Honore Liteque: the sum of the digits of the captured pieces must
    // meet or exceed a numerical total which the players have agreed to
    // beforehand." 49 shows 4 + 9 = 13; with 16 (1 + 6) the sum is 20.
    for (total, wins) in [(20, true), (21, false)] {
        let r = common(Limits::AtLeast, |r| r.victory.digit_sum = Some(total));
        let mut g = setup_rules_taken(r, "white", &ERUPTION, &["49C"], &[]);
        play(&mut g, "d8-e9");
        assert_eq!(winner(&g), wins.then_some("digit-sum"), "digit sum {total}");
    }
}

#[test]
fn a_pyramid_moves_as_its_bottom_piece() {
    // 002: "Pyramids move the same way as their bottom-most piece moves."
    use crate::support::targets;
    use ludus::games::rithmomachy::rules::PyramidMoves;
    let bottom = || {
        let mut r = rules_with(Rules::preset("modern").unwrap().captures);
        r.movement.pyramid = PyramidMoves::Bottom;
        r
    };
    // A triangle under a round: only the triangle's moves (modern's two
    // orthogonal steps and knight's leaps), no diagonal step.
    let pieces = [("e10", "wP:16T,4C"), ("g12", "b16C"), ("a1", "w2C")];
    let g = setup_rules(bottom(), "white", &pieces);
    let t = targets(&g, "e10");
    assert!(
        t.contains(&"e12".to_string()) && t.contains(&"f12".to_string()),
        "{t:?}"
    );
    assert!(!t.contains(&"d11".to_string()), "{t:?}");
    // Black's 16 takes the bottom 16 by equality; the round left is the
    // bottom now, and the pyramid moves as a round.
    let mut g = setup_rules(bottom(), "black", &pieces);
    play(&mut g, "g12-f11");
    assert_eq!(
        captures(&g),
        vec![("e10".to_string(), 16, "equality", false)]
    );
    assert_eq!(targets(&g, "e10"), vec!["d11", "d9", "f9"]);
}
