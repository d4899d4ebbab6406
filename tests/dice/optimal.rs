//! Optimal play (src/analysis/equilibrium.rs) is an equilibrium: against
//! `optimal`, no `threshold:K` does better in either seat, for either
//! objective, and its value is what exact play of it gives.

use ludus::analysis::equilibrium::{Objective, equilibrium};
use ludus::analysis::exact::exact;
use ludus::core::game::Game;
use ludus::core::native_policies::NativePolicies;
use ludus::core::options::Options;
use ludus::core::policy::Policy;
use ludus::core::stages::Stages;
use ludus::games::dice::growing_hazard::GrowingHazard;
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::policies::policy_spec::PolicySpec;

fn options<G: Game>(given: &[(&str, &str)]) -> Options {
    Options::of(G::option_specs(), given).unwrap()
}

fn seats<G: Game + NativePolicies>(o: &Options, a: &str, b: &str) -> Vec<Box<dyn Policy<G>>> {
    [a, b]
        .iter()
        .map(|p| PolicySpec::parse(p).unwrap().build_for::<G>(o).unwrap())
        .collect()
}

/// The equilibrium holds: against `optimal`, no `threshold:K` does
/// better in either seat than `optimal` itself, for either objective.
fn no_threshold_beats_optimal<G: Game + NativePolicies + Stages>(given: &[(&str, &str)]) {
    let o = options::<G>(given);
    let g = G::new(&o).unwrap();
    for (objective, name) in [
        (Objective::Win, "optimal"),
        (Objective::Payoff, "optimal:payoff"),
    ] {
        let worth = |e: &ludus::analysis::exact::Exact, s: usize| match objective {
            Objective::Win => e.seats[s].win,
            Objective::Payoff => e.seats[s].payoff,
        };
        let both = exact(&g, &seats::<G>(&o, name, name), 10_000_000).unwrap();
        let s = equilibrium(&g, objective, 10_000_000).unwrap();
        for seat in 0..2 {
            assert!((worth(&both, seat) - s.value[seat]).abs() < 1e-9);
        }
        for k in 0..8 {
            let t = format!("threshold:{k}");
            let first = exact(&g, &seats::<G>(&o, &t, name), 10_000_000).unwrap();
            let second = exact(&g, &seats::<G>(&o, name, &t), 10_000_000).unwrap();
            assert!(
                worth(&first, 0) <= worth(&both, 0) + 1e-9,
                "{t} as seat 1 beats {name}"
            );
            assert!(
                worth(&second, 1) <= worth(&both, 1) + 1e-9,
                "{t} as seat 2 beats {name}"
            );
        }
    }
}

#[test]
fn no_threshold_beats_optimal_in_half_hazard() {
    no_threshold_beats_optimal::<HalfHazard>(&[("rounds", "1"), ("pot", "8"), ("unit", "1")]);
}

#[test]
fn no_threshold_beats_optimal_in_growing_hazard() {
    no_threshold_beats_optimal::<GrowingHazard>(&[("rounds", "1"), ("funds", "10")]);
}
