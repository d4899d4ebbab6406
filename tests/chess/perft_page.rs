//! The perft figures grande_acedrex.md ("Anchors") gives, pinned: the
//! rules page and the engine must not drift apart.

use crate::support::perft;

#[test]
fn perft_under_the_defaults_is_the_pages() {
    for (depth, nodes) in [(1, 59), (2, 3_481), (3, 206_091)] {
        assert_eq!(perft("grande-acedrex", &[], depth), nodes, "depth {depth}");
    }
}

#[test]
fn perft_3_under_the_other_readings_is_the_pages() {
    for (opt, value, nodes) in [
        ("aanca", "any_orthogonal", 218_464),
        ("unicorn", "outward", 206_209),
        ("unicorn", "murray", 183_084),
        ("king_leap", "cazaux", 206_091),
        ("king_leap", "forward", 205_737),
        ("lion", "murray", 185_938),
        ("giraffe", "murray", 226_615),
        ("pawn_double", "true", 361_175),
    ] {
        assert_eq!(
            perft("grande-acedrex", &[(opt, value)], 3),
            nodes,
            "{opt}={value}"
        );
    }
}
