//! Hazard for stakes (004 e, "forma hazardowa").

use ludus::core::game::{Game, Turn};
use ludus::core::options::Options;
use ludus::games::dice::hazard_stakes::HazardStakes;

use crate::hazard::two_player_round_law;
use crate::support::{assert_rate, game, run, scripted};

// 004 e: "w przypadku formy hazardowej do wyczerpania zakładów" — rounds are
// played until a player cannot stake; "Zwycięzcą jest ten, który [...]
// zbierze największe fundusze" — then the most money wins.
#[test]
fn the_game_ends_when_a_player_cannot_stake() {
    let g: HazardStakes = game(&[("order", "fixed"), ("funds", "2"), ("stake", "1")]);
    // Round 1: seat 1 throws 6-6-6, a Hazard: he has 3, seat 2 has 1.
    // Round 2: seat 1 throws 7, seat 2 1-1-1, a Hazard: 2 and 2.
    // Round 3: seat 1 throws 6-5-4, a Hazard: 3 and 1. Round 4: seat 1 a
    // Hazard again: 4 and 0; seat 2 cannot stake.
    let (g, log) = scripted(g, &[6, 6, 6, 4, 2, 1, 1, 1, 1, 6, 5, 4, 5, 5, 5]);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason),
        (Some(0), "most-funds"),
        "{log:?}"
    );
    assert_eq!((g.payoff(0), g.payoff(1)), (2, -2));
    assert_eq!(g.length(), 5);
    assert_eq!(g.turn(), Turn::Over);
}

// "Zwycięzcą jest ten, który [...] zbierze największe fundusze": among three
// players, the first short of a stake ends the game, and the two others tied
// for the most draw.
#[test]
fn players_tied_for_the_most_money_draw() {
    let g: HazardStakes = game(&[
        ("order", "fixed"),
        ("players", "3"),
        ("funds", "1"),
        ("stake", "1"),
    ]);
    // Round 1: seat 1 throws a Hazard and takes the pot of 3: 3, 0, 0.
    let (g, _) = scripted(g, &[6, 6, 6]);
    let o = g.outcome().unwrap();
    assert_eq!((o.sole_winner(), o.reason), (Some(0), "most-funds"));
    let g: HazardStakes = game(&[
        ("order", "fixed"),
        ("players", "3"),
        ("funds", "2"),
        ("stake", "2"),
    ]);
    let (g, _) = scripted(g, &[6, 6, 6]);
    assert_eq!(g.payoff(0), 4);
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, "most-funds");
    // Seat 1 wins round 1 (8, 2, 2), seat 2 round 2 (6, 6, 0): seat 3
    // cannot stake, and seats 1 and 2 share the most money.
    let g: HazardStakes = game(&[
        ("order", "fixed"),
        ("players", "3"),
        ("funds", "4"),
        ("stake", "2"),
    ]);
    let (g, log) = scripted(g, &[6, 6, 6, 4, 2, 1, 6, 6, 6]);
    let o = g.outcome().unwrap();
    assert_eq!(o.reason, "tied-funds", "{log:?}");
    assert_eq!(o.sole_winner(), None);
    assert_eq!((g.payoff(0), g.payoff(1), g.payoff(2)), (2, 2, -4));
}

#[test]
fn funds_must_cover_a_stake() {
    let given = [
        ("funds".to_string(), "2".to_string()),
        ("stake".to_string(), "3".to_string()),
    ];
    let options = Options::resolve(HazardStakes::option_specs(), &given).unwrap();
    let err = HazardStakes::new(&options).unwrap_err();
    assert!(
        matches!(err, ludus::core::option_error::OptionError::Combination(_)),
        "{err:?}"
    );
    let err = err.to_string();
    assert!(err.contains("funds=2"), "{err}");
}

// Two players in fixed order: each round is one round of Hazard, won by
// seat 1 with the exact p of `hazard`; with k stakes each, the money is a
// gambler's ruin, and seat 1 wins with (1 - r^k) / (1 - r^(2k)), r = q/p.
#[test]
fn two_player_win_rate_is_the_gamblers_ruin_of_hazard() {
    let (p, _) = two_player_round_law();
    let r = (1.0 - p) / p;
    let k = 3;
    let exact = (1.0 - r.powi(k)) / (1.0 - r.powi(2 * k));
    let games = 100_000;
    let t = run::<HazardStakes>(
        &[("order", "fixed"), ("funds", "3"), ("stake", "1")],
        &["random", "random"],
        games,
        29,
    );
    assert_rate("seat 1 wins", t.wins[0], games, exact);
    assert_rate("seat 2 wins", t.wins[1], games, 1.0 - exact);
}

// With the order thrown before every round the seats are alike.
#[test]
fn thrown_order_makes_the_seats_alike() {
    let games = 60_000;
    let t = run::<HazardStakes>(&[], &["random", "random"], games, 31);
    assert_rate("seat 1 wins", t.wins[0], games, 0.5);
}
