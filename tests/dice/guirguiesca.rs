//! Guirguiesca (004 l).

use ludus::core::game::Game;
use ludus::games::dice::guirguiesca::Guirguiesca;

use crate::support::{assert_rate, game, run, scripted, totals};

fn fixed() -> Guirguiesca {
    game::<Guirguiesca>(&[("order", "fixed")])
}

// "Jeśli gracz wyrzuci Hazard przegrywa" (6-6, 6-5, 2-1, 1-1), at any time.
#[test]
fn a_hazard_loses_at_any_time() {
    for first in [[6, 6], [6, 5], [2, 1], [1, 1]] {
        let (g, _) = scripted(fixed(), &first);
        let o = g.outcome().unwrap();
        assert_eq!(
            (o.sole_winner(), o.reason, g.length()),
            (Some(1), "hazard", 1)
        );
    }
    // After the opponent's number is given.
    let (g, _) = scripted(fixed(), &[3, 4, 2, 1]);
    assert_eq!(g.outcome().unwrap().reason, "hazard");
    // After both numbers are given.
    let (g, _) = scripted(fixed(), &[3, 4, 4, 4, 5, 6]);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(1), "hazard", 3)
    );
}

// "przyporządkowuje ją przeciwnikowi, jeśli ponownie wyrzuci jakąkolwiek
// inną kombinację różną od tej przyporządkowanej przeciwnikowi, wtedy
// przyporządkowuje ją sobie"; "Jeśli wyrzuci liczbę, którą przyporządkował
// sobie wtedy wygrywa"; "Jeśli oboje mają przydzieloną liczbę i wyrzuci
// kolejną nie będąca Hazardem rzuca dalej."
#[test]
fn own_number_wins_and_a_repeat_before_it_is_thrown_again() {
    // 7 to the opponent; 7 again (thrown again); 8 his own; 4 nothing; 8 wins.
    let (g, _) = scripted(fixed(), &[3, 4, 5, 2, 4, 4, 2, 2, 4, 4]);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(0), "own-number", 5)
    );
}

// "Jeśli wyrzuci liczbę, którą przyporządkował przeciwnikowi wtedy przegrywa"
#[test]
fn the_opponents_number_loses() {
    let (g, _) = scripted(fixed(), &[3, 4, 4, 4, 6, 1]);
    let o = g.outcome().unwrap();
    assert_eq!(
        (o.sole_winner(), o.reason, g.length()),
        (Some(1), "opponent-number", 3)
    );
}

// "role graczy zamieniają się": the other player casts the next round.
#[test]
fn roles_swap_each_round() {
    // Round 1: seat 1 casts a hazard (seat 2 wins); round 2: seat 2 casts a
    // hazard (seat 1 wins): one round each, a draw.
    let (g, _) = scripted(
        game::<Guirguiesca>(&[("order", "fixed"), ("rounds", "2")]),
        &[1, 1, 6, 5],
    );
    let o = g.outcome().unwrap();
    assert_eq!((o.reason, o.winners.len()), ("tied-rounds", 2));
    // The opening throw with two dice: seat 2's 11 beats seat 1's 3; seat 2
    // casts first, and loses at once to a hazard.
    let (g, _) = scripted(game::<Guirguiesca>(&[]), &[1, 2, 5, 6, 1, 1]);
    assert_eq!(g.outcome().unwrap().sole_winner(), Some(0));
}

// The caster wins with probability: sum over o, x != o (non-hazards) of
// p_o * p_x/(1 - p_o) * p_x/(p_x + p_o + 1/6).
#[test]
fn the_casters_win_rate_matches_the_exact_law() {
    let p = totals(2);
    let hazard = p[2] + p[3] + p[11] + p[12];
    assert!((hazard - 6.0 / 36.0).abs() < 1e-12);
    let mut win = 0.0;
    for o in 4..=10 {
        for x in 4..=10 {
            if x != o {
                win += p[o] * p[x] / (1.0 - p[o]) * p[x] / (p[x] + p[o] + hazard);
            }
        }
    }
    let games = 200_000;
    let t = run::<Guirguiesca>(&[("order", "fixed")], &["random", "random"], games, 13);
    assert_rate("caster", t.wins[0], games, win);
}
