//! Triga (Trójki, 004 d).

use ludus::core::game::{Game, Turn};
use ludus::core::options::Options;
use ludus::games::dice::triga::Triga;

use crate::support::{assert_rate, game, run, scripted};

// 004 d: "Ten z graczy, który wyrzuci Trójkę jako jedyny, wygrywa."
#[test]
fn a_lone_triple_wins() {
    let g: Triga = game(&[]);
    // seat 1: 6-5-4 = 15 (in the high group), seat 2: 2-2-2, a triple.
    let (g, log) = scripted(g, &[6, 5, 4, 2, 2, 2]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(1), "triple"), "{log:?}");
    assert_eq!(g.length(), 2);
    assert_eq!(g.turn(), Turn::Over);
}

// 004 d: "Bez względu na ustaloną przez graczy grupę Trójki zawsze
// wygrywają." A triple inside the group counts as a triple.
#[test]
fn a_triple_in_the_group_is_a_triple() {
    let g: Triga = game(&[("group", "high")]);
    // seat 1: 5-5-5 = 15, seat 2: 1-2-4 = 7.
    let (g, _) = scripted(g, &[5, 5, 5, 1, 2, 4]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "triple"));
}

// 004 d: "Jeśli któryś z graczy jako jedyny wyrzuci kombinację z ustalonej
// grupy, a nikt inny nie wyrzuci Trójki, wtedy wygrywa."
#[test]
fn a_lone_throw_in_the_group_wins() {
    for (group, faces, winner) in [
        ("low", [1, 1, 2, 6, 5, 1], 0),    // 4 vs 12
        ("middle", [6, 6, 5, 4, 2, 1], 1), // 17 vs 7
        ("high", [3, 2, 1, 6, 6, 4], 1),   // 6 vs 16
    ] {
        let g: Triga = game(&[("group", group)]);
        let (g, _) = scripted(g, &faces);
        let o = g.outcome().unwrap();
        assert_eq!(
            (o.sole_winner(), o.reason),
            (Some(winner), "group"),
            "{group}"
        );
        assert_eq!(g.length(), 2);
    }
}

// 004 d: "Jeśli wyrzucone zostały dwie lub więcej Trójek, mówimy o remisie, a
// kolejka powtarza się."
#[test]
fn two_triples_replay_the_cycle() {
    let g: Triga = game(&[("players", "3")]);
    // Cycle 1: 1-1-1, 4-4-4, 6-5-1: two triples, replay.
    // Cycle 2: 6-6-5 (group), 2-1-1, 3-3-3 (lone triple): seat 3 wins.
    let faces = [1, 1, 1, 4, 4, 4, 6, 5, 1, 6, 6, 5, 2, 1, 1, 3, 3, 3];
    let (g, _) = scripted(g, &faces);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(2), "triple"));
    assert_eq!(g.length(), 6);
}

// 004 d: "Dzieje się tak samo jeśli jest więcej rzutów z ustalonej grupy."
#[test]
fn two_group_throws_replay_the_cycle() {
    let g: Triga = game(&[]);
    // Cycle 1: 6-6-4 and 6-5-4, both high: replay. Cycle 2: 2-1-1, 6-6-3.
    let (g, _) = scripted(g, &[6, 6, 4, 6, 5, 4, 2, 1, 1, 6, 6, 3]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(1), "group"));
    assert_eq!(g.length(), 4);
}

// Interpretation: a cycle with no triple and nothing in the group is thrown
// again too.
#[test]
fn a_cycle_of_nothing_is_thrown_again() {
    let g: Triga = game(&[]);
    // Cycle 1: 7 and 12: nothing. Cycle 2: 6-6-6 and 6-6-5: the triple wins.
    let (g, _) = scripted(g, &[4, 2, 1, 6, 4, 2, 6, 6, 6, 6, 6, 5]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "triple"));
    assert_eq!(g.length(), 4);
}

// 004 d: "Gra składa się z tur zakończonych zwycięstwem przez któregoś z
// graczy." Several rounds: most round wins.
#[test]
fn most_rounds_win() {
    let g: Triga = game(&[("rounds", "3")]);
    // Rounds: seat 1 triple, seat 2 triple, seat 1 group.
    let faces = [2, 2, 2, 1, 2, 4, 1, 2, 4, 6, 6, 6, 6, 6, 5, 1, 2, 3];
    let (g, _) = scripted(g, &faces);
    let o = g.outcome().unwrap();
    assert_eq!(g.length(), 6);
    assert_eq!(o.reason, "most-rounds");
    // Seat 1 won rounds 1 and 3.
    assert_eq!(o.sole_winner(), Some(0));
    let g: Triga = game(&[("rounds", "2")]);
    let (g, _) = scripted(g, &[2, 2, 2, 1, 2, 4, 1, 2, 4, 6, 6, 6]);
    assert_eq!(g.outcome().unwrap().reason, "tied-rounds");
}

#[test]
fn options_are_validated() {
    use ludus::core::option_error::OptionError;
    // Refused as a bad value of that very option, or as no option of
    // Triga at all.
    let bad = |k: &str, v: &str| match Options::resolve(
        Triga::option_specs(),
        &[(k.to_string(), v.to_string())],
    ) {
        Err(OptionError::Value { key, .. }) => key == k,
        Err(OptionError::Unknown { key, .. }) => key == k && k == "order",
        _ => false,
    };
    assert!(bad("players", "1"));
    assert!(bad("players", "7"));
    assert!(bad("group", "top"));
    assert!(bad("rounds", "0"));
    assert!(bad("order", "fixed"));
}

/// Of the 216 throws: (triples, non-triples in the group) for the group.
fn counts(low: usize, high: usize) -> (u32, u32) {
    let (mut t, mut g) = (0, 0);
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                if a == b && b == c {
                    t += 1;
                } else if (low..=high).contains(&(a + b + c)) {
                    g += 1;
                }
            }
        }
    }
    (t, g)
}

// P(a round ends by a triple) = A / (A + B), with A = n t (1-t)^(n-1) the
// chance a cycle has exactly one triple and B = n g (1-t-g)^(n-1) the chance it
// has no triple and exactly one group throw.
#[test]
fn triple_endings_match_the_exact_law() {
    assert_eq!(counts(15, 18), (6, 18));
    assert_eq!(counts(3, 6), (6, 18));
    assert_eq!(counts(7, 14), (6, 174));
    for n in [2i32, 3] {
        for (group, low, high) in [("low", 3, 6), ("middle", 7, 14), ("high", 15, 18)] {
            let (t, g) = counts(low, high);
            let (t, g) = (f64::from(t) / 216.0, f64::from(g) / 216.0);
            let a = f64::from(n) * t * (1.0 - t).powi(n - 1);
            let b = f64::from(n) * g * (1.0 - t - g).powi(n - 1);
            let p = a / (a + b);
            let games = 100_000;
            let seats = vec!["random"; n as usize];
            let t = run::<Triga>(
                &[("players", &n.to_string()), ("group", group)],
                &seats,
                games,
                5,
            );
            let hits = t.ended_by("triple");
            assert_rate(&format!("{n} players, group {group}"), hits, games, p);
        }
    }
}
