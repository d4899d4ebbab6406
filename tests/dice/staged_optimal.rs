//! Optimal play solved by stages (src/analysis/staged_equilibrium.rs)
//! against the whole game's equilibrium (src/analysis/equilibrium.rs),
//! where both can be solved: the same value to every seat, for either
//! objective, with the order of play fixed and thrown for.

use ludus::analysis::equilibrium::{Objective, equilibrium};
use ludus::analysis::exact::{Exact, exact};
use ludus::analysis::staged_equilibrium::staged_equilibrium;
use ludus::analysis::staged_play::{StagedSeat, staged_exact};
use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::native_policies::NativePolicies;
use ludus::core::options::Options;
use ludus::core::seed::{Stream, stream};
use ludus::core::stages::Stages;
use ludus::core::state_key::StateKey;
use ludus::games::dice::growing_hazard::GrowingHazard;
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::policies::policy_spec::PolicySpec;
use rand_core::RngCore;

fn same_values<G: Game + Stages>(given: &[(&str, &str)]) {
    let o = Options::of(G::option_specs(), given).unwrap();
    let g = G::new(&o).unwrap();
    for objective in [Objective::Win, Objective::Payoff] {
        let whole = equilibrium(&g, objective, 5_000_000).unwrap();
        let staged = staged_equilibrium(&g, objective, 5_000_000)
            .unwrap()
            .expect("the game plays in stages");
        for (seat, (a, b)) in whole.value.iter().zip(staged.value()).enumerate() {
            assert!(
                (a - b).abs() < 1e-12,
                "{given:?} {objective:?} seat {}: whole {a}, staged {b}",
                seat + 1
            );
        }
    }
}

#[test]
fn half_hazard_by_stages_is_the_whole_equilibrium() {
    same_values::<HalfHazard>(&[("rounds", "2"), ("order", "fixed")]);
    same_values::<HalfHazard>(&[
        ("rounds", "3"),
        ("pot", "8"),
        ("unit", "1"),
        ("funds", "12"),
    ]);
}

#[test]
fn growing_hazard_by_stages_is_the_whole_equilibrium() {
    same_values::<GrowingHazard>(&[("rounds", "2")]);
    same_values::<GrowingHazard>(&[("rounds", "3"), ("funds", "10"), ("order", "fixed")]);
}

/// Exact play of the staged equilibrium against `policy` in either seat
/// (src/analysis/staged_play.rs) gives what exact play of the whole game
/// gives, and no seat does better against optimal play than optimal play.
fn same_play<G: Game + Stages + NativePolicies>(given: &[(&str, &str)], policy: &str) {
    let o = Options::of(G::option_specs(), given).unwrap();
    let g = G::new(&o).unwrap();
    for (objective, name) in [
        (Objective::Win, "optimal"),
        (Objective::Payoff, "optimal:payoff"),
    ] {
        let staged = staged_equilibrium(&g, objective, 5_000_000)
            .unwrap()
            .unwrap();
        let other = PolicySpec::parse(policy)
            .unwrap()
            .build_for::<G>(&o)
            .unwrap();
        let optimal = |_: usize| PolicySpec::parse(name).unwrap().build_for::<G>(&o).unwrap();
        let both = staged_exact(
            &[StagedSeat::Optimal(&staged), StagedSeat::Optimal(&staged)],
            5_000_000,
        )
        .unwrap();
        let worth = |e: &Exact, s: usize| match objective {
            Objective::Win => e.seats[s].win,
            Objective::Payoff => e.seats[s].payoff,
        };
        for seat in 0..2 {
            assert!((worth(&both, seat) - staged.value()[seat]).abs() < 1e-12);
        }
        for seat in 0..2 {
            let mut by_stages = vec![StagedSeat::Optimal(&staged), StagedSeat::Optimal(&staged)];
            by_stages[seat] = StagedSeat::Policy(other.as_ref());
            let mut whole = vec![optimal(0), optimal(1)];
            whole[seat] = PolicySpec::parse(policy)
                .unwrap()
                .build_for::<G>(&o)
                .unwrap();
            let a = staged_exact(&by_stages, 5_000_000).unwrap();
            let b = exact(&g, &whole, 5_000_000).unwrap();
            for s in 0..2 {
                assert!(
                    (a.seats[s].win - b.seats[s].win).abs() < 1e-12,
                    "{policy} win"
                );
                assert!(
                    (a.seats[s].draw - b.seats[s].draw).abs() < 1e-12,
                    "{policy} draw"
                );
                assert!(
                    (a.seats[s].payoff - b.seats[s].payoff).abs() < 1e-9,
                    "{policy} payoff"
                );
            }
            assert!((a.mean_length - b.mean_length).abs() < 1e-9);
            assert!(
                worth(&a, seat) <= worth(&both, seat) + 1e-9,
                "{policy} in seat {} beats {name}",
                seat + 1
            );
        }
    }
}

#[test]
fn play_by_stages_is_play_of_the_whole_game() {
    let small = [
        ("rounds", "2"),
        ("pot", "8"),
        ("unit", "1"),
        ("funds", "12"),
    ];
    for policy in ["random", "threshold:0", "threshold:2"] {
        same_play::<HalfHazard>(&small, policy);
        same_play::<GrowingHazard>(&[("rounds", "2"), ("funds", "10")], policy);
    }
}

/// What `optimal` plays in a game solved by stages (each decision found
/// by settling the rest of its stage) is what the whole game's
/// equilibrium chooses, at every decision of 200 games played at random.
#[test]
fn optimal_by_stages_chooses_as_the_whole_equilibrium() {
    let o = Options::of(
        HalfHazard::option_specs(),
        &[
            ("rounds", "3"),
            ("pot", "8"),
            ("unit", "1"),
            ("funds", "12"),
        ],
    )
    .unwrap();
    let start = HalfHazard::new(&o).unwrap();
    for objective in [Objective::Win, Objective::Payoff] {
        let whole = equilibrium(&start, objective, 5_000_000).unwrap();
        let staged = staged_equilibrium(&start, objective, 5_000_000)
            .unwrap()
            .unwrap();
        let mut dice = Dice::seeded(stream(7, Stream::Dice));
        let mut rng = stream(8, Stream::Dice);
        let (mut moves, mut key, mut checked) = (Vec::new(), StateKey::default(), 0);
        for _ in 0..200 {
            let mut g = start.clone();
            loop {
                match g.turn() {
                    Turn::Over => break,
                    Turn::Chance => g.chance(&mut dice, &mut Silent),
                    Turn::Decide(_) => {
                        key.clear();
                        g.rules_key(&mut key);
                        let by_stages = staged.choices_from(&g).unwrap().unwrap()[0].1 as usize;
                        assert_eq!(whole.choice(&key), Some(by_stages));
                        checked += 1;
                        g.legal_moves(&mut moves);
                        let m = moves[(rng.next_u64() % moves.len() as u64) as usize];
                        g.play(m, &mut Silent);
                    }
                }
            }
        }
        assert!(checked > 100, "{checked} decisions checked");
    }
}
