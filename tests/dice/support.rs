//! Helpers shared by the dice-game tests.

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Transcript;
use ludus::core::native_policies::NativePolicies;
use ludus::core::options::Options;
use ludus::policies::policy_spec::PolicySpec;
use ludus::runner::batch::run_cell;
use ludus::runner::cell::Cell;
use ludus::runner::tally::Tally;

/// A game of `G` with the given `key=value` options.
pub fn game<G: Game + NativePolicies>(opts: &[(&str, &str)]) -> G {
    let given: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    G::new(&Options::resolve(G::option_specs(), &given).unwrap()).unwrap()
}

/// Resolves chance from scripted faces until the game ends or needs a
/// decision; asserts that every scripted face was used.
pub fn scripted<G: Game + NativePolicies>(mut g: G, faces: &[u8]) -> (G, Transcript) {
    let mut dice = Dice::scripted(faces);
    let mut log = Transcript::default();
    while g.turn() == Turn::Chance {
        g.chance(&mut dice, &mut log);
    }
    assert_eq!(
        dice.script_left(),
        0,
        "unused faces; transcript: {:#?}",
        log.lines
    );
    (g, log)
}

/// Plays `games` seeded games with `seats` policies and returns the tally.
pub fn run<G: Game + NativePolicies>(
    opts: &[(&str, &str)],
    seats: &[&str],
    games: u64,
    seed: u64,
) -> Tally {
    let given: Vec<(String, String)> = opts
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let plan = Cell::single::<G>(
        Options::resolve(G::option_specs(), &given).unwrap(),
        seats
            .iter()
            .map(|s| PolicySpec::parse(s).unwrap())
            .collect(),
        games,
        seed,
    )
    .unwrap();
    run_cell::<G>(&plan).unwrap()
}

/// Asserts that `hits` out of `n` is within 5 standard errors of `p`.
pub fn assert_rate(what: &str, hits: u64, n: u64, p: f64) {
    let observed = hits as f64 / n as f64;
    let se = (p * (1.0 - p) / n as f64).sqrt();
    assert!(
        (observed - p).abs() <= 5.0 * se,
        "{what}: observed {observed:.5} over {n} games, exact {p:.5} (5 SE = {:.5})",
        5.0 * se
    );
}

/// How many games of a tally ended by `reason`.
pub fn ended_by(t: &Tally, reason: &str) -> u64 {
    t.ended_by(reason)
}

/// The distribution of the total of `n` dice, indexed by total.
pub fn totals(n: usize) -> Vec<f64> {
    let mut d = vec![1.0];
    for _ in 0..n {
        let mut next = vec![0.0; d.len() + 6];
        for (t, p) in d.iter().enumerate() {
            for f in 1..=6 {
                next[t + f] += p / 6.0;
            }
        }
        d = next;
    }
    d
}

/// The chance that the best of `n` independent draws from `dist` is unique:
/// the sum over v of n p(v) P(worse than v)^(n-1); `high` says which end is best.
pub fn unique_best(dist: &[f64], n: i32, high: bool) -> f64 {
    let mut total = 0.0;
    for v in 0..dist.len() {
        let worse: f64 = if high {
            dist[..v].iter().sum()
        } else {
            dist[v + 1..].iter().sum()
        };
        total += n as f64 * dist[v] * worse.powi(n - 1);
    }
    total
}
