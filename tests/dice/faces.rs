//! The seeded dice themselves: every face equally likely, and pairs of
//! consecutive dice independent (twelve dice come from one random number).

use ludus::core::dice::Dice;
use ludus::core::seed::{Stream, stream};

use crate::support::assert_rate;

#[test]
fn faces_and_consecutive_pairs_are_uniform() {
    let mut dice = Dice::seeded(stream(42, Stream::Dice));
    let n = 1_200_000u64;
    let mut faces = [0u64; 7];
    let mut pairs = [[0u64; 7]; 7];
    let mut last = dice.die();
    for _ in 0..n {
        let d = dice.die();
        faces[d as usize] += 1;
        pairs[last as usize][d as usize] += 1;
        last = d;
    }
    for f in 1..=6 {
        assert_rate(&format!("face {f}"), faces[f], n, 1.0 / 6.0);
        for (g, &count) in pairs[f].iter().enumerate().skip(1) {
            assert_rate(&format!("{f} then {g}"), count, n, 1.0 / 36.0);
        }
    }
}
