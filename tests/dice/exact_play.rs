//! Exact play (src/analysis/exact.rs) adds up: the mean length by the
//! linear system equals the mean of the length distribution, each seat's
//! odds sum to 1, payoffs to 0; and a state limit is kept.

use ludus::analysis::exact::exact;
use ludus::analysis::exact_error::ExactError;
use ludus::core::game::Game;
use ludus::core::options::Options;
use ludus::core::policy::Policy;
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::games::dice::hazard::Hazard;
use ludus::policies::random::UniformRandom;

fn randoms<G: Game>(n: usize) -> Vec<Box<dyn Policy<G>>> {
    (0..n)
        .map(|_| Box::new(UniformRandom) as Box<dyn Policy<G>>)
        .collect()
}

fn options<G: Game>(given: &[(&str, &str)]) -> Options {
    Options::of(G::option_specs(), given).unwrap()
}

/// The mean length by the linear system and by the distribution agree,
/// and every seat's chances add up to 1, for Hazard of three seats
/// with its opening throws and for Half Hazard with its decisions.
#[test]
fn the_mean_length_agrees_with_its_distribution() {
    let hazard = Hazard::new(&options::<Hazard>(&[("players", "3")])).unwrap();
    let half = HalfHazard::new(&options::<HalfHazard>(&[("rounds", "2")])).unwrap();
    let results = [
        exact(&hazard, &randoms(3), 1_000_000).unwrap(),
        exact(&half, &randoms(2), 1_000_000).unwrap(),
    ];
    for e in results {
        assert!(e.length.tail < 1e-14, "{}", e.length.tail);
        assert!(
            (e.length.mean() - e.mean_length).abs() < 1e-10,
            "{} by the distribution, {} by the system",
            e.length.mean(),
            e.mean_length
        );
        for s in &e.seats {
            assert!((s.win + s.draw + s.loss - 1.0).abs() < 1e-12, "{s:?}");
        }
        let payoffs: f64 = e.seats.iter().map(|s| s.payoff).sum();
        assert!(payoffs.abs() < 1e-9, "{payoffs}");
    }
}

#[test]
fn a_state_limit_is_kept() {
    let hazard = Hazard::new(&options::<Hazard>(&[])).unwrap();
    assert_eq!(
        exact(&hazard, &randoms(2), 10),
        Err(ExactError::TooManyStates { limit: 10 })
    );
    assert_eq!(
        exact(&hazard, &randoms(3), 10),
        Err(ExactError::Seats {
            listed: 3,
            seats: 2
        })
    );
}
