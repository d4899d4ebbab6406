//! The values a piece shows: the one-value tests the hot paths use answer
//! as the values laid out by `Shown` do.

use ludus::games::rithmomachy::piece::{Layer, Piece, Shape, Side};
use ludus::games::rithmomachy::rules::PyramidValues;
use ludus::games::rithmomachy::values::Shown;

/// Pyramids of one to six layers (seed 001's White pyramid among them) and
/// plain pieces.
fn pieces() -> Vec<Piece> {
    let l = |shape, value| Layer { shape, value };
    let stack = [
        l(Shape::Square, 36),
        l(Shape::Square, 25),
        l(Shape::Triangle, 16),
        l(Shape::Triangle, 9),
        l(Shape::Round, 4),
        l(Shape::Round, 1),
    ];
    let mut out: Vec<Piece> = (1..=stack.len())
        .map(|n| Piece::pyramid(Side::White, &stack[..n]).unwrap())
        .collect();
    out.push(Piece::pyramid(Side::Black, &[l(Shape::Square, 64), l(Shape::Round, 16)]).unwrap());
    out.push(Piece::plain(Side::Black, Shape::Triangle, 30));
    out
}

const MODES: [PyramidValues; 3] = [
    PyramidValues::Total,
    PyramidValues::LayersAndTotal,
    PyramidValues::BaseAndSums,
];

#[test]
fn one_value_tested_is_one_of_the_values_laid_out() {
    for p in pieces() {
        for mode in MODES {
            let whole = Shown::whole(&p, mode);
            for total in [false, true] {
                let attacker = Shown::as_attacker(&p, mode, total);
                let victim = Shown::as_victim(&p, mode, total);
                for x in 0..=200 {
                    assert_eq!(
                        Shown::attacks_with(&p, mode, total, x),
                        attacker.has(x),
                        "{p:?} {mode:?} total {total}: attacks with {x}"
                    );
                    // A quick test may say yes where no value matches, never no where one does.
                    let shown = victim.all().any(|(v, _)| v == x) || attacker.has(x);
                    if shown {
                        assert!(Shown::may_show(&p, mode, [x, 0]), "{p:?} {mode:?}: {x}");
                    }
                }
            }
            for x in 0..=200 {
                assert_eq!(
                    Shown::whole_shows(&p, mode, x),
                    whole.has(x),
                    "{p:?} {mode:?}: whole {x}"
                );
            }
        }
    }
}
