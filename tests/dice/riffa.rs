//! Riffa (004 g).

use ludus::core::game::Game;
use ludus::games::dice::riffa::Riffa;

use crate::support::{assert_rate, ended_by, game, run, scripted, unique_best};

// "rzut trzema kośćmi tak długo, dopóki na przynajmniej dwóch kościach nie
// będzie taka sama liczba oczek [...] zostawiając parę [...] lub którąkolwiek
// z kości (w przypadku trójki) i rzuca jeszcze raz [...] Wygrywa ta osoba
// której suma oczek będzie największa."
#[test]
fn throw_for_a_pair_then_the_third_die_highest_wins() {
    // Seat 1: 1-2-3 (no pair), 4-4-1, keeps 4-4, throws 6: 14.
    // Seat 2: 5-5-5, keeps two fives, throws 1: 11.
    let (g, log) = scripted(game::<Riffa>(&[]), &[1, 2, 3, 4, 4, 1, 6, 5, 5, 5, 1]);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(0), "highest", 5),
        "{log:?}"
    );
}

// "W przypadku remisu, gracze którzy zremisowali robią dogrywkę na tych
// samych zasadach."
#[test]
fn a_tie_is_played_off_by_the_same_rules() {
    // 3-3-1 + 2 = 8 and 4-1-1 + 6 = 8: a tie; then 2-2-6 + 1 = 5, 6-6-2 + 1 = 13.
    let faces = [3, 3, 1, 2, 4, 1, 1, 6, 2, 2, 6, 1, 6, 6, 2, 1];
    let (g, _) = scripted(game::<Riffa>(&[]), &faces);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(1), "playoff", 8)
    );
    // Only the tied play off: three players, the third lower.
    let faces = [3, 3, 1, 2, 4, 1, 1, 6, 1, 1, 2, 1, 2, 2, 6, 1, 6, 6, 2, 1];
    let (g, _) = scripted(game::<Riffa>(&[("players", "3")]), &faces);
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(1));
    assert_eq!(g.length(), 10);
}

// The kept face and the new die are independent and uniform (each face is
// the pair's face in 16 of the 96 throws with a pair): the score 2f + d.
#[test]
fn playoff_rates_match_the_exact_score_law() {
    let mut score = vec![0.0; 19];
    let mut pair_faces = [0u32; 7];
    for a in 1..=6u8 {
        for b in 1..=6u8 {
            for c in 1..=6u8 {
                if a == b || a == c {
                    pair_faces[a as usize] += 1;
                } else if b == c {
                    pair_faces[b as usize] += 1;
                }
            }
        }
    }
    assert!(pair_faces[1..].iter().all(|&n| n == 16));
    for f in 1..=6 {
        for d in 1..=6 {
            score[2 * f + d] += 1.0 / 36.0;
        }
    }
    let tie2: f64 = score.iter().map(|p| p * p).sum();
    assert!((tie2 - 92.0 / 1296.0).abs() < 1e-12);
    let games = 200_000;
    for players in [2, 3] {
        let t = run::<Riffa>(
            &[("players", &players.to_string())],
            &vec!["random"; players],
            games,
            9,
        );
        let p = unique_best(&score, players as i32, true);
        assert_rate(
            &format!("{players} players"),
            ended_by(&t, "highest"),
            games,
            p,
        );
    }
}
