//! The rules brief's first-move counts (../shared/BOARD-GAMES.md, derived
//! by hand there) and perft to depth 4.

use crate::support::{after, legal, perft};

#[test]
fn alquerque_first_mover_has_four_moves_all_into_the_centre() {
    // Brief §2: "P1 has 4 first moves, all into c3 (b2, c2, d2, d3)".
    for (first, expected) in [
        ("seat1", ["b2-c3", "c2-c3", "d2-c3", "d3-c3"]),
        ("seat2", ["b4-c3", "c4-c3", "d4-c3", "b3-c3"]),
    ] {
        let mut moves = legal(&after("alquerque", &[("first", first)], ""));
        moves.sort();
        let mut want: Vec<String> = expected.iter().map(|s| s.to_string()).collect();
        want.sort();
        assert_eq!(moves, want, "first={first}");
    }
}

#[test]
fn alquerque_replies_match_the_brief() {
    // Brief §2: after c2-c3 only c4xc2; after b2-c3 three (d4xb2, a3-b2,
    // b3-b2); after d2-c3 two captures (b4xd2, d4xd2 over d3); after d3-c3
    // two (b3xd3, d4-d3).
    let w = [("first", "seat1")];
    let sorted = |m: &str| {
        let mut v = legal(&after("alquerque", &w, m));
        v.sort();
        v
    };
    assert_eq!(sorted("c2-c3"), ["c4xc2"]);
    assert_eq!(sorted("b2-c3"), ["a3-b2", "b3-b2", "d4xb2"]);
    assert_eq!(sorted("d2-c3"), ["b4xd2", "d4xd2"]);
    assert_eq!(sorted("d3-c3"), ["b3xd3", "d4-d3"]);
}

#[test]
fn rabbit_first_moves_match_the_brief() {
    // Brief §3: the hare has 5 first moves for 10, 11, 12 hunters; moving
    // first, the hunters have 8 / 7 / 6 (12 / 11 / 10).
    for (hunters, hunters_first) in [("12", 8), ("11", 7), ("10", 6)] {
        assert_eq!(perft("rabbit", &[("hunters", hunters)], 1), 5);
        assert_eq!(
            perft("rabbit", &[("hunters", hunters), ("first", "hunters")], 1),
            hunters_first
        );
    }
    let mut hare = legal(&after("rabbit", &[], ""));
    hare.sort();
    assert_eq!(hare, ["c3-b3", "c3-b4", "c3-c4", "c3-d3", "c3-d4"]);
}

#[test]
fn nine_and_three_men_first_placements() {
    // Brief §4 "24 first placements"; §5 "9 first placements".
    assert_eq!(perft("nine-men", &[("first", "seat1")], 1), 24);
    assert_eq!(
        perft("nine-men", &[("rules", "ludii"), ("first", "seat1")], 1),
        24
    );
    assert_eq!(perft("three-men", &[("first", "seat1")], 1), 9);
}

#[test]
fn perft_to_depth_four() {
    // Placements without captures: 24*23*22*21 and 9*8*7*6 (no line can be
    // made in four plies, two men each). The alquerque board's games are
    // checked against the independent reference in `reference.rs`.
    type Case<'a> = (&'a str, &'a [(&'a str, &'a str)], [u64; 4]);
    let cases: [Case; 2] = [
        (
            "nine-men",
            &[("first", "seat1")],
            [24, 552, 12_144, 255_024],
        ),
        ("three-men", &[("first", "seat1")], [9, 72, 504, 3_024]),
    ];
    for (game, given, want) in cases {
        for (d, &n) in want.iter().enumerate() {
            assert_eq!(
                perft(game, given, d as u32 + 1),
                n,
                "{game} {given:?} depth {}",
                d + 1
            );
        }
    }
}

#[test]
fn alquerque_perft_counts_decisions_and_whole_turns_apart() {
    // The rules page: whole turns 4, 8, 33, 219 (a chain one turn); perft
    // counts decisions (each jump of a chain, and `stop`): 4, 8, 33, 210.
    let w = [("first", "seat1")];
    let decisions: Vec<u64> = (1..=4).map(|d| perft("alquerque", &w, d)).collect();
    assert_eq!(decisions, [4, 8, 33, 210]);
    let turns: Vec<u64> = (1..=4)
        .map(|d| crate::whole_turns::turn_perft("alquerque", &w, &mut Vec::new(), d))
        .collect();
    assert_eq!(turns, [4, 8, 33, 219]);
}
