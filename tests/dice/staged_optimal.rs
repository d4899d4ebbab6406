//! Optimal play solved by stages (src/analysis/staged_equilibrium.rs)
//! against the whole game's equilibrium (src/analysis/equilibrium.rs),
//! where both can be solved: the same value to every seat, for either
//! objective, with the order of play fixed and thrown for.

use ludus::analysis::equilibrium::{Objective, equilibrium};
use ludus::analysis::staged_equilibrium::staged_equilibrium;
use ludus::core::game::Game;
use ludus::core::options::Options;
use ludus::core::stages::Stages;
use ludus::games::dice::growing_hazard::GrowingHazard;
use ludus::games::dice::half_hazard::HalfHazard;

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
