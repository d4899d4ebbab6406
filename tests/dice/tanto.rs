//! Tanto en uno como en dos (004 c).

use ludus::core::game::Game;
use ludus::games::dice::tanto::Tanto;

use crate::support::{assert_rate, ended_by, game, run, scripted};

// "najpierw rzucamy jedną i odczytujemy wynik, potem rzucamy dwoma kośćmi i
// jeśli wypadnie na nich tyle samo ile na pierwszej, wygrywamy"; "pozostali
// gracze mają jednak prawo do ostatniego rzutu, aby zremisować"
#[test]
fn two_dice_matching_one_wins_after_the_others_last_throw() {
    // Seat 1: 5, then 4-1: a match. Seat 2's last throw: 3, then 1-1: no.
    let (g, _) = scripted(game::<Tanto>(&[]), &[5, 4, 1, 3, 1, 1]);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(0), "match", 4)
    );
    // A one on the single die is never matched: 1, then 1-1 totals 2.
    let (g, _) = scripted(game::<Tanto>(&[]), &[1, 1, 1, 4, 2, 2]);
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(1));
}

// "gracze rzucają tak długo dopóki nie wyłonią zwycięzcy"
#[test]
fn a_tie_by_the_last_throw_is_played_off() {
    // Seat 1 matches (5; 4-1), seat 2 ties (3; 2-1); play-off: seat 1 misses
    // (2; 1-2), seat 2 matches (4; 2-2).
    let faces = [5, 4, 1, 3, 2, 1, 2, 1, 2, 4, 2, 2];
    let (g, _) = scripted(game::<Tanto>(&[]), &faces);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(1), "playoff", 8)
    );
}

#[test]
fn last_throw_all_gives_the_earlier_players_a_throw_too() {
    // Three players: seat 1 misses, seat 2 matches, seat 3 misses its last
    // throw; with last_throw=all seat 1 throws again and matches: a tie
    // between seats 1 and 2, who play off: seat 1 misses, seat 2 matches.
    // In the play-off seat 1 again has a last throw after seat 2's match,
    // and misses it.
    let cycle = [2, 2, 2, 4, 3, 1, 6, 1, 1];
    let mut all = cycle.to_vec();
    all.extend([6, 3, 3, 2, 1, 2, 3, 1, 2, 5, 1, 1]);
    let (g, _) = scripted(
        game::<Tanto>(&[("players", "3"), ("last_throw", "all")]),
        &all,
    );
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(1), "playoff", 14)
    );
    let (g, _) = scripted(game::<Tanto>(&[("players", "3")]), &cycle);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(1), "match", 6)
    );
}

// p = 15/216. Two players, fixed order: with last_throw=all seat 1 wins with
// probability 1/(1 + q); with last_throw=cycle a game ends in a play-off with
// probability p/(p + 2q).
#[test]
fn win_and_playoff_rates_match_the_exact_law() {
    let p = 15.0 / 216.0;
    let q = 1.0 - p;
    let games = 200_000;
    let t = run::<Tanto>(&[("last_throw", "all")], &["random", "random"], games, 5);
    assert_rate("last_throw=all, seat 1", t.wins[0], games, 1.0 / (1.0 + q));
    let t = run::<Tanto>(&[], &["random", "random"], games, 6);
    assert_rate(
        "cycle, play-offs",
        ended_by(&t, "playoff"),
        games,
        p / (p + 2.0 * q),
    );
    assert_rate("cycle, seat 1", t.wins[0], games, 0.5);
}
