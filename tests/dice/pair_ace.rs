//! Pair and Ace (004 h).

use ludus::core::game::{Game, Turn};
use ludus::games::dice::pair_ace::PairAce;

use crate::support::{assert_rate, game, run, scripted};

// 004 h: "Następnie gracze rzucają według kolejności. Ten, który jako
// pierwszy wyrzuci parę lub trójkę wygrywa."
#[test]
fn first_pair_wins_in_order() {
    let g: PairAce = game(&[("order", "fixed"), ("players", "3")]);
    // seat 1: 1-2-3, seat 2: 4-5-6, seat 3: 2-2-5 (a pair).
    let (g, log) = scripted(g, &[1, 2, 3, 4, 5, 6, 2, 2, 5]);
    let o = g.outcome().unwrap();
    assert_eq!(o.sole_winner(), Some(2), "{log:?}");
    assert_eq!(o.reason, "pair");
    assert_eq!(g.length(), 3);
    assert_eq!(g.turn(), Turn::Over);
}

#[test]
fn a_triple_wins_too_and_play_goes_round() {
    let g: PairAce = game(&[("order", "fixed")]);
    // seat 1: 1-2-3, seat 2: 1-2-4, seat 1 again: 5-5-5.
    let (g, _) = scripted(g, &[1, 2, 3, 1, 2, 4, 5, 5, 5]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "triple"));
}

// 004 h: "Gracze na początku rzucają kośćmi ustalając kolejność graczy [...]
// najwyższa wygrywa lub najniższa wygrywa."
#[test]
fn opening_throw_decides_who_throws_first() {
    let g: PairAce = game(&[("order", "highest")]);
    // Opening: seat 1 throws 3, seat 2 throws 18 -> seat 2 first, and wins at once.
    let (g, _) = scripted(g, &[1, 1, 1, 6, 6, 6, 3, 3, 1]);
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(1));
    let g: PairAce = game(&[("order", "lowest")]);
    let (g, _) = scripted(g, &[1, 1, 1, 6, 6, 6, 3, 3, 1]);
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(0));
}

#[test]
fn most_rounds_wins_and_a_tie_is_a_draw() {
    let g: PairAce = game(&[("order", "fixed"), ("rounds", "2")]);
    // Round 1: seat 1 pairs at once. Round 2: seat 1 misses, seat 2 pairs.
    let (g, _) = scripted(g, &[2, 2, 1, 1, 2, 3, 4, 4, 1]);
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, "tied-rounds");
    assert_eq!(o.winners.len(), 2);
}

// P(pair or triple) = 96/216 = 4/9; with fixed order the k-th of n throwers
// wins with probability (4/9)(5/9)^k / (1 - (5/9)^n).
#[test]
fn seat_win_rates_match_the_geometric_law() {
    for n in [2usize, 3] {
        let games = 200_000;
        let t = run::<PairAce>(
            &[("order", "fixed"), ("players", &n.to_string())],
            &vec!["random"; n],
            games,
            7,
        );
        let q: f64 = 5.0 / 9.0;
        for k in 0..n {
            let p = (4.0 / 9.0) * q.powi(k as i32) / (1.0 - q.powi(n as i32));
            assert_rate(&format!("{n} players, seat {}", k + 1), t.wins[k], games, p);
        }
    }
}
