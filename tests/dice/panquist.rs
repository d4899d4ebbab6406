//! Panquist (004 i).

use ludus::core::game::Game;
use ludus::games::dice::panquist::{Panquist, TABLE, stakes};

use crate::support::{assert_rate, game, run, scripted, totals};

// The table with the one correction (under 7, "5-5-1" read as 5-1-1) lists
// every combination of 7-14 exactly once.
#[test]
fn the_corrected_table_covers_every_combination_of_7_to_14_once() {
    let mut combos = Vec::new();
    for a in 1..=6u8 {
        for b in 1..=a {
            for c in 1..=b {
                let t = a + b + c;
                if (7..=14).contains(&t) {
                    combos.push([a, b, c]);
                }
            }
        }
    }
    assert_eq!(combos.len(), 42);
    for c in &combos {
        let n = TABLE.iter().filter(|(k, _)| k == c).count();
        assert_eq!(n, 1, "{c:?} is listed {n} times");
    }
    assert_eq!(TABLE.len(), 42);
    assert!(TABLE.iter().all(|(_, s)| (1..=4).contains(s)));
    // The corrected entry: 5-1-1 takes 2 stakes, as "5-5-1 lub 4-2-1 to 2".
    assert_eq!(stakes([1, 5, 1]), 2);
    assert_eq!(stakes([5, 5, 1]), 3);
}

// "rzuca tak długo, aż nie przyporządkuje liczby z zakresu 7-14, najpierw
// sobie, a potem przeciwnikowi"; "gracze rzucają tak długo, dopóki któryś z
// nich nie wyrzuci kombinacji z liczby jaka została mu przyporządkowana";
// "Gracz, który nie może pokryć zakładów przegrywa."
#[test]
fn rounds_of_numbers_stakes_and_ruin() {
    let faces = [
        // Round 1, seat 1 throws: 3 (again), 7 his, 7 again (again), 8 seat 2's.
        1, 1, 1, 5, 1, 1, 5, 1, 1, 6, 1, 1, //
        // Seat 1 throws 6 (nothing), seat 2 throws 8, his own: stakes returned.
        2, 2, 2, 1, 1, 6, //
        // Round 2, seat 2 throws: 9 his, 10 seat 1's; 3-3-3, his 9: 3 stakes.
        6, 2, 1, 4, 4, 2, 3, 3, 3, //
        // Round 3, seat 1 throws: 7 his, 8 seat 2's; 18 (nothing), seat 2's 8.
        4, 2, 1, 5, 2, 1, 6, 6, 6, 4, 2,
        2,
        // Round 4: seat 1 has 1 left and cannot stake four: he loses.
    ];
    let (g, log) = scripted(
        game::<Panquist>(&[("order", "fixed"), ("funds", "4")]),
        &faces,
    );
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(1), "ruin"), "{log:#?}");
    assert_eq!((g.payoff(0), g.payoff(1)), (-3, 3));
    assert_eq!(g.length(), 13);
}

#[test]
fn the_thrower_takes_stakes_by_the_combination() {
    // Seat 1's 7 and seat 2's 8; seat 1 throws 3-3-1: Panquist, all four.
    // Round 2 (seat 2 throws, seat 1 stakes): 9 his, 10 seat 1's; seat 2
    // throws 3, seat 1 his 10: stakes returned. Round 3: seat 2 should
    // stake four with none left: he loses.
    let faces = [
        4, 2, 1, 5, 2, 1, 3, 3, 1, 6, 2, 1, 4, 4, 2, 1, 1, 1, 4, 4, 2,
    ];
    let (g, _) = scripted(
        game::<Panquist>(&[("order", "fixed"), ("funds", "4")]),
        &faces,
    );
    assert_eq!((g.payoff(0), g.payoff(1)), (4, -4));
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(0));
}

#[test]
fn with_staker_paid_the_thrower_pays_the_stakers_combination() {
    // Seat 1's 7, seat 2's 8; seat 1 throws 12, seat 2 throws 4-2-2, his 8
    // (3 by the table): seat 1 pays him 3 and, left with 3, cannot stake
    // four in round 2.
    let faces = [4, 2, 1, 5, 2, 1, 6, 5, 1, 4, 2, 2];
    let g: Panquist = game(&[("order", "fixed"), ("funds", "6"), ("staker", "paid")]);
    let (g, _) = scripted(g, &faces);
    assert_eq!((g.payoff(0), g.payoff(1)), (-3, 3));
    assert_eq!(g.outcome().unwrap().reason, "ruin");
    assert_eq!(g.length(), 4);
}

#[test]
fn funds_must_cover_four_stakes() {
    let o = ludus::core::options::Options::resolve(
        Panquist::option_specs(),
        &[("funds".into(), "10".into()), ("unit".into(), "3".into())],
    )
    .unwrap();
    let e = Panquist::new(&o).unwrap_err();
    assert!(
        matches!(e, ludus::core::option_error::OptionError::Combination(_)),
        "{e:?}"
    );
    assert!(e.to_string().contains("four stakes"), "{e}");
}

// A small Markov chain over (seat 1's money, who throws): per round the
// thrower's number a, the staker's b != a, the thrower first with chance
// p_a / (1 - (1-p_a)(1-p_b)), and k stakes by the table given a.
#[test]
fn the_first_throwers_win_rate_matches_the_exact_chain() {
    let funds = 6i64;
    let p = totals(3);
    let in_range: f64 = (7..=14).map(|t| p[t]).sum();
    // P(k stakes | total a) * p_a, from the 216 throws.
    let mut k_given = [[0.0f64; 5]; 19];
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            for c in 1..=6u8 {
                let t = (a + b + c) as usize;
                let k = stakes([a, b, c]) as usize;
                if (7..=14).contains(&t) {
                    k_given[t][k] += 1.0 / 216.0;
                }
            }
        }
    }
    // The thrower's gain in stakes: 0 (the staker's number first) or 1-4.
    let mut gain = [0.0f64; 5];
    for a in 7..=14 {
        for b in 7..=14 {
            if a == b {
                continue;
            }
            let numbers = p[a] / in_range * p[b] / (in_range - p[a]);
            let first = p[a] / (1.0 - (1.0 - p[a]) * (1.0 - p[b]));
            for k in 1..=4 {
                gain[k] += numbers * first * k_given[a][k] / p[a];
            }
        }
    }
    gain[0] = 1.0 - gain[1..].iter().sum::<f64>();
    // v[m][t]: seat 1 wins, from seat 1 holding m, seat t throwing.
    let total = 2 * funds;
    let mut v = vec![[0.0f64; 2]; total as usize + 1];
    for _ in 0..5_000 {
        let mut next = v.clone();
        for m in 0..=total {
            for (t, slot) in next[m as usize].iter_mut().enumerate() {
                let money = [m, total - m];
                let staker = 1 - t;
                *slot = if money[staker] < 4 {
                    if t == 0 { 1.0 } else { 0.0 }
                } else {
                    (0..=4)
                        .map(|k| {
                            let m2 = if t == 0 { m + k as i64 } else { m - k as i64 };
                            gain[k] * v[m2 as usize][staker]
                        })
                        .sum()
                };
            }
        }
        v = next;
    }
    let exact = v[funds as usize][0];
    let games = 100_000;
    let t = run::<Panquist>(
        &[("order", "fixed"), ("funds", "6")],
        &["random", "random"],
        games,
        17,
    );
    assert_rate("seat 1", t.wins[0], games, exact);
}
