//! Marlota (004 f).

use ludus::core::game::Game;
use ludus::games::dice::marlota::Marlota;

use crate::support::{assert_rate, ended_by, game, run, scripted, totals};

// "rzuca tak długo, aż trafi którąś z powyższych kombinacji tyle razy, ilu
// jest graczy. Począwszy od gracza ostatniego w kolejce, a kończąc na sobie
// przyporządkowuje kolejno wyrzucone liczby. Jeśli któryś z graczy ma już
// daną liczbę, należy rzucać do skutku"; "Wygrywa ten z graczy, którego
// liczba zostanie wyrzucona jako pierwsza."
#[test]
fn numbers_go_from_the_last_player_back_and_the_first_thrown_wins() {
    let faces = [
        1, 1, 1, // 3: not 7-14, again
        6, 1, 1, // 8: seat 3's
        6, 1, 1, // 8 again: already given
        5, 4, 1, // 10: seat 2's
        6, 6, 1, // 13: seat 1's
        1, 1, 2, // seat 1 throws 4: nobody's
        5, 2, 1, // seat 2 throws 8: seat 3's number
    ];
    let (g, _) = scripted(
        game::<Marlota>(&[("players", "3"), ("order", "fixed")]),
        &faces,
    );
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(2), "other-number", 7)
    );
    // The thrower's own number.
    let faces = [6, 1, 1, 5, 4, 1, 3, 3, 4];
    let (g, _) = scripted(game::<Marlota>(&[("order", "fixed")]), &faces);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(0), "own-number", 3)
    );
}

#[test]
fn the_opening_throw_picks_the_first_thrower() {
    // Opening: seat 1 throws 4, seat 2 throws 15: seat 2 hands out numbers,
    // 8 to seat 1 (the last in order), then 10 to himself; seat 2 throws 10.
    let faces = [2, 1, 1, 5, 5, 5, 6, 1, 1, 5, 4, 1, 5, 4, 1];
    let (g, _) = scripted(game::<Marlota>(&[]), &faces);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(1), "own-number", 5)
    );
}

// Whoever throws, a given number wins for its owner: with two players in
// fixed order, seat 2 gets the first total a, seat 1 the next b != a, and
// seat 2 wins with probability p_a / (p_a + p_b).
#[test]
fn win_rates_match_the_exact_law() {
    let p = totals(3);
    let in_range: f64 = (7..=14).map(|t| p[t]).sum();
    assert!((in_range - 176.0 / 216.0).abs() < 1e-12);
    let mut seat2 = 0.0;
    for a in 7..=14 {
        for b in 7..=14 {
            if a != b {
                let assigned = p[a] / in_range * p[b] / (in_range - p[a]);
                seat2 += assigned * p[a] / (p[a] + p[b]);
            }
        }
    }
    let games = 200_000;
    let t = run::<Marlota>(&[("order", "fixed")], &["random", "random"], games, 11);
    assert_rate("seat 2", t.wins[1], games, seat2);
    // The first thrower throws first: he throws the deciding number more
    // often, but the ending does not change who wins.
    assert!(ended_by(&t, "own-number") + ended_by(&t, "other-number") == games);
}
