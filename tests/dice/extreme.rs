//! Mayor and Menor (004 a, b).

use ludus::core::game::{Game, Turn};
use ludus::core::option_error::OptionError;
use ludus::core::options::Options;
use ludus::games::dice::extreme::{Mayor, Menor};

use crate::support::{assert_rate, ended_by, game, run, scripted, totals, unique_best};

// 004 a: "ten który wyrzuci najwięcej wygrywa"; b: "ten który wyrzuci
// najmniej wygrywa".
#[test]
fn the_highest_or_the_lowest_total_wins() {
    let faces = [1, 2, 3, 6, 6, 5, 4, 4, 4]; // 6, 17, 12
    let (g, _) = scripted(game::<Mayor>(&[("players", "3")]), &faces);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(1), "highest", 3)
    );
    assert_eq!(g.turn(), Turn::Over);
    let (g, _) = scripted(game::<Menor>(&[("players", "3")]), &faces);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(0), "lowest", 3)
    );
}

// "o ilości kości decydują gracze": the number of dice is an option.
#[test]
fn the_players_choose_the_number_of_dice() {
    let (g, _) = scripted(game::<Mayor>(&[("dice", "2")]), &[6, 6, 1, 2]);
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(0));
    let (g, _) = scripted(game::<Mayor>(&[("dice", "1")]), &[2, 5]);
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(1));
    for bad in ["0", "7"] {
        let given = [("dice".to_string(), bad.to_string())];
        let e = Options::resolve(Mayor::option_specs(), &given).unwrap_err();
        assert!(
            matches!(e, OptionError::Value { key: "dice", .. }),
            "dice={bad}: {e:?}"
        );
    }
    let given = [("players".to_string(), "1".to_string())];
    let e = Options::resolve(Menor::option_specs(), &given).unwrap_err();
    assert!(
        matches!(e, OptionError::Value { key: "players", .. }),
        "{e:?}"
    );
}

// Interpretation: players tied for the best throw again among themselves.
#[test]
fn players_tied_for_best_play_off_alone() {
    // One die each: 6, 6, 2; seats 1 and 2 throw again: 3, 5.
    let (g, _) = scripted(
        game::<Mayor>(&[("players", "3"), ("dice", "1")]),
        &[6, 6, 2, 3, 5],
    );
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(1), "playoff", 5)
    );
    // Menor: 1, 4, 1; seats 1 and 3 tie twice (2, 2) then 5, 3.
    let (g, _) = scripted(
        game::<Menor>(&[("players", "3"), ("dice", "1")]),
        &[1, 4, 1, 2, 2, 5, 3],
    );
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(2), "playoff", 7)
    );
}

#[test]
fn rounds_are_won_by_most_round_wins() {
    let (g, _) = scripted(
        game::<Mayor>(&[("dice", "1"), ("rounds", "3")]),
        &[6, 1, 2, 3, 4, 1],
    );
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "most-rounds"));
}

// The first throw decides unless the best total is shared: with totals
// distributed as p, that happens with the exact chance of a unique best.
#[test]
fn playoff_rates_match_the_exact_chance_of_a_shared_best() {
    let games = 200_000;
    for (players, dice) in [(2, 3), (3, 1), (3, 3)] {
        let opts = [("players", players.to_string()), ("dice", dice.to_string())];
        let opts: Vec<(&str, &str)> = opts.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let p = unique_best(&totals(dice), players, true);
        let t = run::<Mayor>(&opts, &vec!["random"; players as usize], games, 3);
        assert_rate(
            &format!("mayor {players}p {dice}d"),
            ended_by(&t, "highest"),
            games,
            p,
        );
        let t = run::<Menor>(&opts, &vec!["random"; players as usize], games, 4);
        assert_rate(
            &format!("menor {players}p {dice}d"),
            ended_by(&t, "lowest"),
            games,
            p,
        );
    }
    // The closed form for two players and three dice, as the rules give it.
    let exact = unique_best(&totals(3), 2, true);
    assert!((exact - (1.0 - 4332.0 / 46656.0)).abs() < 1e-12);
}
