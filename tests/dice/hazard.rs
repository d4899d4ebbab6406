//! Hazard (004 e).

use ludus::core::game::{Game, Turn};
use ludus::core::options::Options;
use ludus::games::dice::hazard::Hazard;

use crate::support::{assert_rate, game, run, scripted};

// 004 e: "Jeśli pierwszy z graczy wyrzuci Hazard, wtedy wygrywa."
#[test]
fn first_thrower_wins_with_a_hazard() {
    let g: Hazard = game(&[("order", "fixed")]);
    // seat 1: 6-5-4 = 15, a Hazard.
    let (g, log) = scripted(g, &[6, 5, 4]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "hazard"), "{log:?}");
    assert_eq!(g.length(), 1);
    assert_eq!(g.turn(), Turn::Over);
}

// 004 e: "Jeśli natomiast wyrzuci którąś z pozostałych kombinacji, a drugi
// gracz wyrzuci Hazard wtedy drugi gracz wygrywa. Jeśli drugi wyrzuci którąś
// z pozostałych kombinacji, a trzeci wyrzuci Hazard, wtedy trzeci wygrywa"
#[test]
fn a_later_player_of_the_first_cycle_wins_with_a_hazard() {
    let g: Hazard = game(&[("order", "fixed"), ("players", "3")]);
    // seat 1: 7, seat 2: 14, seat 3: 2-2-2 = 6, a Hazard (low).
    let (g, _) = scripted(g, &[4, 2, 1, 6, 6, 2, 2, 2, 2]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(2), "hazard"));
    assert_eq!(g.length(), 3);
}

// 004 e: "W następnej kolejce wygrywa ta osoba, która jako pierwsza wyrzuci
// Hazard" — a Hazard in a later cycle wins for its thrower.
#[test]
fn a_hazard_in_a_later_cycle_wins() {
    let g: Hazard = game(&[("order", "fixed")]);
    // Cycle 1: seat 1: 9, seat 2: 10. Cycle 2: seat 1: 11 (nobody's),
    // seat 2: 1-1-1 = 3, a Hazard.
    let (g, _) = scripted(g, &[3, 3, 3, 4, 4, 2, 5, 5, 1, 1, 1, 1]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(1), "late-hazard"));
    assert_eq!(g.length(), 4);
}

// 004 e: "[...] lub której ReHazard zostanie wyrzucony przez któregoś z
// graczy" — one's own chance thrown by oneself wins.
#[test]
fn throwing_ones_own_chance_wins() {
    let g: Hazard = game(&[("order", "fixed")]);
    // Cycle 1: 9, 10. Cycle 2: seat 1 throws 6-2-1 = 9, his own chance.
    let (g, _) = scripted(g, &[3, 3, 3, 4, 4, 2, 6, 2, 1]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "own-chance"));
    assert_eq!(g.length(), 3);
}

// 004 e: "[...] której ReHazard zostanie wyrzucony przez któregoś z graczy"
// — another player's chance thrown wins for its owner.
#[test]
fn throwing_another_players_chance_wins_for_him() {
    let g: Hazard = game(&[("order", "fixed"), ("players", "3")]);
    // Cycle 1: 9, 10, 12. Cycle 2: seat 1 throws 12, seat 3's chance.
    let (g, log) = scripted(g, &[3, 3, 3, 4, 4, 2, 4, 4, 4, 6, 5, 1]);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason),
        (Some(2), "other-chance"),
        "{log:?}"
    );
    assert_eq!(g.length(), 4);
}

// 004 e: "jeśli dany ReHazard wyrzucił ktoś o innym ReHazardzie, wtedy jest
// remis i wyrzucony ReHazard się nie liczy (czyli kolejka idzie dalej)."
#[test]
fn a_chance_shared_by_others_does_not_count() {
    let g: Hazard = game(&[("order", "fixed"), ("players", "3")]);
    // Cycle 1: 9, 12, 12. Cycle 2: seat 1 throws 12 (seats 2 and 3 share it:
    // it does not count), seat 2 throws 7 (nobody's), seat 3 throws 9: seat 1's.
    let faces = [3, 3, 3, 4, 4, 4, 6, 5, 1, 6, 4, 2, 4, 2, 1, 5, 3, 1];
    let (g, _) = scripted(g, &faces);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "other-chance"));
    assert_eq!(g.length(), 6);
}

// 004 e: "jeśli to któryś z nich wyrzucił ten ReHazard, wtedy on (ten który
// wyrzucił) wygrywa"
#[test]
fn a_shared_chance_thrown_by_one_of_its_owners_wins_for_him() {
    let g: Hazard = game(&[("order", "fixed"), ("players", "3")]);
    // Cycle 1: 9, 12, 12. Cycle 2: seat 1: 7 (nobody's), seat 2 throws 12.
    let faces = [3, 3, 3, 4, 4, 4, 6, 5, 1, 4, 2, 1, 6, 3, 3];
    let (g, _) = scripted(g, &faces);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(1), "own-chance"));
    assert_eq!(g.length(), 5);
}

// Two players with the same chance: whoever throws it wins.
#[test]
fn equal_chances_of_two_players() {
    let g: Hazard = game(&[("order", "fixed")]);
    // Cycle 1: 10, 10. Cycle 2: seat 1: 8, seat 2: 5-4-1 = 10.
    let (g, _) = scripted(g, &[4, 4, 2, 5, 3, 2, 6, 1, 1, 5, 4, 1]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(1), "own-chance"));
}

// 004 e: "Gracze na początku tury rzucają kośćmi ustalając kolejność graczy
// [...] najwyższa wygrywa lub najniższa wygrywa." Opening throws count in the
// length.
#[test]
fn opening_throws_set_the_order() {
    let g: Hazard = game(&[("order", "highest")]);
    // Opening: seat 1: 3, seat 2: 18 -> seat 2 first; he throws 6-6-6.
    let (g, _) = scripted(g, &[1, 1, 1, 6, 6, 6, 6, 6, 6]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(1), "hazard"));
    assert_eq!(g.length(), 3);
    let g: Hazard = game(&[("order", "lowest")]);
    let (g, _) = scripted(g, &[1, 1, 1, 6, 6, 6, 6, 6, 6]);
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(0));
}

// 004 e: "W kolejnych turach gracze zapamiętują nowe ReHazardy z pierwszych
// kolejki danych tur." and "Zwycięzcą jest ten, który wygra najwięcej tur".
#[test]
fn rounds_have_new_order_and_new_chances() {
    let g: Hazard = game(&[("order", "highest"), ("rounds", "2")]);
    let faces = [
        // Round 1 opening: seat 1: 4, seat 2: 5 -> seat 2 first; seat 2 throws 18.
        2, 1, 1, 2, 2, 1, 6, 6, 6, // Round 2 opening: seat 1: 5, seat 2: 4 -> seat 1 first.
        2, 2, 1, 2, 1, 1,
        // Cycle 1: seat 1: 9, seat 2: 10. Cycle 2: seat 1 throws 10 -> seat 2.
        3, 3, 3, 4, 4, 2, 5, 4, 1,
    ];
    let (g, _) = scripted(g, &faces);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(1), "most-rounds"));
    assert_eq!(g.length(), 8);
    let g: Hazard = game(&[("order", "fixed"), ("rounds", "2")]);
    // Round 1: seat 1 throws a Hazard; round 2: seat 1 7, seat 2 a Hazard.
    let (g, _) = scripted(g, &[6, 6, 6, 4, 2, 1, 1, 1, 1]);
    assert_eq!(g.outcome().unwrap().reason, "tied-rounds");
}

#[test]
fn options_are_validated() {
    use ludus::core::option_error::OptionError;
    // Refused as a bad value of that very option, or as no option of
    // Hazard at all.
    let bad = |k: &str, v: &str| match Options::resolve(
        Hazard::option_specs(),
        &[(k.to_string(), v.to_string())],
    ) {
        Err(OptionError::Value { key, .. }) => key == k,
        Err(OptionError::Unknown { key, .. }) => key == k && k == "stake",
        _ => false,
    };
    assert!(bad("players", "1"));
    assert!(bad("players", "7"));
    assert!(bad("order", "random"));
    assert!(bad("rounds", "0"));
    assert!(bad("stake", "1"));
}

/// How many of the 216 throws of three dice make each total.
fn ways() -> [u32; 19] {
    let mut w = [0u32; 19];
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                w[a + b + c] += 1;
            }
        }
    }
    w
}

// A first-cycle throw is a Hazard with probability 40/216.
#[test]
fn forty_hazards_in_216_throws() {
    let w = ways();
    let h: u32 = (3..=6).chain(15..=18).map(|s| w[s]).sum();
    assert_eq!(h, 40);
}

/// Two players, fixed order, one round: seat 1's exact win probability, from
/// the 64 pairs of chances and the geometric series of the later cycles; and
/// the probability that the round ends by a later Hazard.
pub fn two_player_round_law() -> (f64, f64) {
    let w = ways();
    let p = |s: usize| f64::from(w[s]) / 216.0;
    let h = 40.0 / 216.0;
    let mut p1 = h; // seat 1 throws a Hazard first
    let mut late_hazard = 0.0;
    for a in 7..=14 {
        for b in 7..=14 {
            let pair = p(a) * p(b);
            // Per throw: x = wins for the thrower, y = wins for the other.
            let (x1, y1) = (h + p(a), if a != b { p(b) } else { 0.0 });
            let (x2, y2) = (h + p(b), if a != b { p(a) } else { 0.0 });
            let (r1, r2) = (1.0 - x1 - y1, 1.0 - x2 - y2);
            let cycle = 1.0 - r1 * r2;
            p1 += pair * (x1 + r1 * y2) / cycle;
            // P(the round ends by a later Hazard): each throw's Hazard share.
            late_hazard += pair * (h + r1 * h) / cycle;
        }
    }
    (p1, late_hazard)
}

#[test]
fn two_player_win_rate_matches_the_exact_law() {
    let (p1, late_hazard) = two_player_round_law();
    let h = 40.0 / 216.0;
    let games = 200_000;
    let t = run::<Hazard>(&[("order", "fixed")], &["random", "random"], games, 11);
    assert_rate("seat 1 wins", t.wins[0], games, p1);
    assert_rate("seat 2 wins", t.wins[1], games, 1.0 - p1);
    let hazard = t.ended_by("hazard");
    assert_rate("first-cycle hazard", hazard, games, h + (1.0 - h) * h);
    let late = t.ended_by("late-hazard");
    assert_rate("late hazard", late, games, late_hazard);
}

// Three players, fixed order, one round: each seat's exact win probability.
// For each triple of chances (a, b, c), seat s's throw wins for seat j with
// probability w[s][j] (a Hazard or his own chance for j = s; the chance of j
// alone among the others), and passes with r[s] = 1 - sum_j w[s][j]; the
// later cycles are then a geometric series over whole cycles.
#[test]
fn three_player_win_rates_match_the_exact_law() {
    let w = ways();
    let p = |s: usize| f64::from(w[s]) / 216.0;
    let h = 40.0 / 216.0;
    let mut win = [h, (1.0 - h) * h, (1.0 - h) * (1.0 - h) * h];
    for a in 7..=14 {
        for b in 7..=14 {
            for c in 7..=14 {
                let ch = [a, b, c];
                let pr = p(a) * p(b) * p(c);
                let mut wt = [[0.0f64; 3]; 3];
                for s in 0..3 {
                    wt[s][s] += h;
                    for x in 7..=14 {
                        if ch[s] == x {
                            wt[s][s] += p(x);
                            continue;
                        }
                        let others: Vec<usize> = (0..3).filter(|&j| j != s && ch[j] == x).collect();
                        if others.len() == 1 {
                            wt[s][others[0]] += p(x);
                        }
                    }
                }
                let r: Vec<f64> = wt.iter().map(|row| 1.0 - row.iter().sum::<f64>()).collect();
                let cycle = 1.0 - r[0] * r[1] * r[2];
                for (j, wj) in win.iter_mut().enumerate() {
                    let later = wt[0][j] + r[0] * wt[1][j] + r[0] * r[1] * wt[2][j];
                    *wj += pr * later / cycle;
                }
            }
        }
    }
    assert!((win.iter().sum::<f64>() - 1.0).abs() < 1e-12);
    let games = 150_000;
    let t = run::<Hazard>(
        &[("order", "fixed"), ("players", "3")],
        &["random"; 3],
        games,
        13,
    );
    for (j, &pj) in win.iter().enumerate() {
        assert_rate(&format!("seat {}", j + 1), t.wins[j], games, pj);
    }
}
