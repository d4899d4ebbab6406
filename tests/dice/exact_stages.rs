//! Stages solved apart (src/core/stages.rs, src/analysis/stage_solution.rs)
//! give what the whole chain gives: the same odds, payoffs and mean length
//! to 1e-12, the same distribution of lengths (each length's chance to
//! 1e-14, though by stages it comes through the generating function), for Half Hazard, Growing
//! Hazard and Hazard for stakes, under random play and `threshold:k`; and
//! states merged with their mirrors give what they give listed apart. The
//! whole chain, or the mirrors apart, are forced by seats that decline to
//! be solved so while choosing exactly as the policy they wrap.

use ludus::analysis::exact::{Exact, exact};
use ludus::core::game::Game;
use ludus::core::native_policies::NativePolicies;
use ludus::core::options::Options;
use ludus::core::policy::{BotError, Policy};
use ludus::core::seed::Rng;
use ludus::core::stages::Stages;
use ludus::games::dice::growing_hazard::GrowingHazard;
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::games::dice::hazard_stakes::HazardStakes;
use ludus::policies::policy_spec::PolicySpec;

/// A policy that chooses as the one it wraps but is not known to play
/// alike from either seat (states are not merged with their mirrors),
/// and, as its flags say, may not be solved by stages nor merge states by
/// the rules' key.
struct Declining<G: Game> {
    policy: Box<dyn Policy<G>>,
    stages: bool,
    rules_key: bool,
}

impl<G: Game> Policy<G> for Declining<G> {
    fn choose(&mut self, game: &G, moves: &[G::Move], rng: &mut Rng) -> Result<usize, BotError> {
        self.policy.choose(game, moves, rng)
    }
    fn knows_distribution(&self) -> bool {
        true
    }
    fn distribution(&self, game: &G, moves: &[G::Move], out: &mut Vec<f64>) -> bool {
        self.policy.distribution(game, moves, out)
    }
    fn reads_rules_only(&self) -> bool {
        self.rules_key && self.policy.reads_rules_only()
    }
    fn stage_local(&self) -> bool {
        self.stages && self.policy.stage_local()
    }
}

/// `names` seated, each declining as the flags say.
fn declining<G: Game + NativePolicies>(
    options: &Options,
    names: &[&str],
    stages: bool,
    rules_key: bool,
) -> Vec<Box<dyn Policy<G>>> {
    seats::<G>(options, names)
        .into_iter()
        .map(|policy| {
            Box::new(Declining {
                policy,
                stages,
                rules_key,
            }) as Box<dyn Policy<G>>
        })
        .collect()
}

fn seats<G: Game + NativePolicies>(options: &Options, names: &[&str]) -> Vec<Box<dyn Policy<G>>> {
    names
        .iter()
        .map(|n| {
            PolicySpec::parse(n)
                .unwrap()
                .build_for::<G>(options)
                .unwrap()
        })
        .collect()
}

/// Solves `G` under `given` with `names` seated, by stages and whole,
/// and checks they agree; returns the states each listed.
fn agree<G: Game + NativePolicies + Stages>(
    given: &[(&str, &str)],
    names: &[&str],
) -> (usize, usize) {
    let options = Options::of(G::option_specs(), given).unwrap();
    let game = G::new(&options).unwrap();
    let staged = exact(&game, &seats::<G>(&options, names), 2_000_000).unwrap();
    let whole = exact(
        &game,
        &declining::<G>(&options, names, false, true),
        2_000_000,
    )
    .unwrap();
    let what = format!("{} {given:?} {names:?}", G::NAME);
    compare(&staged, &whole, &what);
    assert!(
        staged.states < whole.states,
        "{what}: {} states by stages, {} whole",
        staged.states,
        whole.states
    );
    (staged.states, whole.states)
}

fn compare(staged: &Exact, whole: &Exact, what: &str) {
    for (a, b) in staged.seats.iter().zip(&whole.seats) {
        for (x, y) in [(a.win, b.win), (a.draw, b.draw), (a.loss, b.loss)] {
            assert!((x - y).abs() < 1e-12, "{what}: {a:?} staged, {b:?} whole");
        }
        assert!(
            (a.payoff - b.payoff).abs() < 1e-10,
            "{what}: {a:?} staged, {b:?} whole"
        );
    }
    assert!(
        (staged.mean_length - whole.mean_length).abs() < 1e-10 * whole.mean_length,
        "{what}: mean length {} staged, {} whole",
        staged.mean_length,
        whole.mean_length
    );
    // Lengths compared one by one, a length one side leaves out counted
    // as of chance 0 there.
    let (s, w) = (&staged.length, &whole.length);
    let mut by_length: std::collections::BTreeMap<u64, (f64, f64)> = Default::default();
    for &(l, p) in &s.probabilities {
        by_length.entry(l).or_default().0 = p;
    }
    for &(l, p) in &w.probabilities {
        by_length.entry(l).or_default().1 = p;
    }
    let worst = by_length
        .iter()
        .map(|(&l, &(ps, pw))| (l, (ps - pw).abs()))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .unwrap_or((0, 0.0));
    assert!(
        worst.1 < 1e-14,
        "{what}: length {}: off by {}",
        worst.0,
        worst.1
    );
    // By stages, through the generating function, lengths of chance below
    // 1e-15 are left to the tail.
    assert!(
        s.tail < 1e-12 && w.tail < 1e-13,
        "{what}: tails {} {}",
        s.tail,
        w.tail
    );
}

#[test]
fn half_hazard_by_turns_is_half_hazard_whole() {
    let small = [("rounds", "3"), ("pot", "8"), ("funds", "12")];
    let (staged, whole) = agree::<HalfHazard>(&small, &["random", "random"]);
    assert!(staged < whole, "{staged} states by turns, {whole} whole");
    agree::<HalfHazard>(&small, &["threshold:1", "random"]);
    // Ruin ends a game of little money early: a turn that cannot start
    // is played whole, not apart.
    agree::<HalfHazard>(
        &[
            ("rounds", "6"),
            ("pot", "8"),
            ("funds", "8"),
            ("hazard_pay", "escalate"),
        ],
        &["threshold:2", "threshold:0"],
    );
}

#[test]
fn growing_hazard_by_turns_is_growing_hazard_whole() {
    for cover in ["halves", "alternate"] {
        let given = [("rounds", "3"), ("funds", "5"), ("cover", cover)];
        agree::<GrowingHazard>(&given, &["random", "random"]);
        let given = [("rounds", "2"), ("funds", "5"), ("cover", cover)];
        agree::<GrowingHazard>(&given, &["threshold:3", "random"]);
    }
}

#[test]
fn hazard_for_stakes_by_rounds_is_hazard_for_stakes_whole() {
    let (staged, whole) = agree::<HazardStakes>(&[("funds", "6")], &["random", "random"]);
    assert!(staged < whole, "{staged} states by rounds, {whole} whole");
    agree::<HazardStakes>(
        &[("funds", "3"), ("players", "3"), ("order", "fixed")],
        &["random"; 3],
    );
    // Whole, the money's walk is one component of 3,000 states or more, past a
    // dense system: solved by sparse elimination.
    let (_, whole) = agree::<HazardStakes>(
        &[("funds", "12"), ("order", "fixed")],
        &["random", "random"],
    );
    assert!(whole > 3_000, "{whole} states whole");
}

/// Random seats merge states by the rules' key, which in the banking
/// games also merges mirrored numbers (t and 21 - t): the same odds and
/// lengths as states told apart by the full state key.
#[test]
fn mirrored_numbers_merged_change_no_odds() {
    let one_turn = [("rounds", "1"), ("order", "fixed")];
    for pay in ["add-one", "escalate"] {
        merged_agrees::<HalfHazard>(&[one_turn[0], one_turn[1], ("hazard_pay", pay)]);
    }
    merged_agrees::<GrowingHazard>(&one_turn);
}

/// `G` under `given`, random seats, solved with states merged by the
/// rules' key and told apart by the full key: fewer states, same odds.
fn merged_agrees<G: Game + NativePolicies + Stages>(given: &[(&str, &str)]) {
    let options = Options::of(G::option_specs(), given).unwrap();
    let game = G::new(&options).unwrap();
    let merged = exact(&game, &seats::<G>(&options, &["random"; 2]), 100_000).unwrap();
    let apart = declining::<G>(&options, &["random"; 2], false, false);
    let full = exact(&game, &apart, 100_000).unwrap();
    assert!(
        merged.states < full.states,
        "{} {}",
        merged.states,
        full.states
    );
    compare(&merged, &full, &format!("{} {given:?}", G::NAME));
}

/// Seats that play alike merge each state with its mirror, the second
/// seat's turns read from the first's (src/core/stages.rs): the same odds,
/// seat for seat, and the same lengths as the states listed apart, in
/// fewer states. Also where the first thrower is fixed, so that the
/// seats' odds differ and a mirror read the wrong way round would show.
#[test]
fn mirrored_seats_merged_change_no_odds() {
    for order in ["fixed", "highest"] {
        let half = [
            ("rounds", "4"),
            ("pot", "8"),
            ("funds", "12"),
            ("order", order),
        ];
        mirror_agrees::<HalfHazard>(&half, "random");
        mirror_agrees::<HalfHazard>(&half, "threshold:2");
        for cover in ["halves", "alternate"] {
            let growing = [
                ("rounds", "4"),
                ("funds", "6"),
                ("cover", cover),
                ("order", order),
            ];
            mirror_agrees::<GrowingHazard>(&growing, "random");
        }
    }
}

/// `G` under `given` with `policy` in both seats, solved with mirrored
/// states merged and listed apart: fewer states, the same odds.
fn mirror_agrees<G: Game + NativePolicies + Stages>(given: &[(&str, &str)], policy: &str) {
    let options = Options::of(G::option_specs(), given).unwrap();
    let game = G::new(&options).unwrap();
    let names = [policy; 2];
    let merged = exact(&game, &seats::<G>(&options, &names), 2_000_000).unwrap();
    let apart = declining::<G>(&options, &names, true, true);
    let listed_apart = exact(&game, &apart, 2_000_000).unwrap();
    let what = format!("{} {given:?} {policy}", G::NAME);
    assert!(
        merged.states < listed_apart.states,
        "{what}: {} states merged, {} apart",
        merged.states,
        listed_apart.states
    );
    compare(&merged, &listed_apart, &what);
    if given.contains(&("order", "fixed")) {
        let [first, second] = [&merged.seats[0], &merged.seats[1]];
        assert!(
            (first.win - second.win).abs() > 1e-6,
            "{what}: the first thrower's odds differ from the second's"
        );
    }
}

/// The states a round game certainly reaches (every split of the round
/// wins, `Stages::states_at_least`) are never more than exact analysis
/// lists: a bound past the truth would refuse a game that fits. For each
/// game whose rounds always go to a seat, of 2 and 3 seats and 2 and 3
/// rounds (those that list within 20,000 states); and a limit below the
/// bound is refused.
#[test]
fn round_games_reach_every_split_of_their_round_wins() {
    use ludus::analysis::exact::{Bounds, exact_within};
    use ludus::core::stages::Stages;
    use ludus::games::dice::{
        guirguiesca::Guirguiesca, hazard::Hazard, marlota::Marlota, pair_ace::PairAce,
        riffa::Riffa, tanto::Tanto, triga::Triga,
    };

    fn check<G: Stages + NativePolicies>() -> usize {
        let mut checked = 0;
        let specs = G::option_specs();
        let most = if specs.iter().any(|s| s.name == "players") {
            3
        } else {
            2
        };
        for players in 2..=most {
            for rounds in 2..=3 {
                let mut given = vec![("rounds".to_string(), rounds.to_string())];
                if most > 2 {
                    given.push(("players".to_string(), players.to_string()));
                }
                let o = Options::resolve(specs, &given).unwrap();
                let g = G::new(&o).unwrap();
                let seats: Vec<Box<dyn Policy<G>>> = (0..g.players())
                    .map(|_| {
                        PolicySpec::parse("random")
                            .unwrap()
                            .build_for::<G>(&o)
                            .unwrap()
                    })
                    .collect();
                let bound = g.states_at_least();
                assert!(bound > 1, "{} {given:?}", G::NAME);
                let listed = match exact_within(&g, &seats, Bounds::states(20_000)) {
                    Ok(e) => e.states as u64,
                    Err(_) => continue,
                };
                assert!(bound <= listed, "{} {given:?}: {bound} > {listed}", G::NAME);
                let refused = exact_within(&g, &seats, Bounds::states(bound as usize - 1));
                assert!(
                    matches!(
                        refused,
                        Err(ludus::analysis::exact_error::ExactError::TooManyStates { limit })
                            if limit == bound as usize - 1
                    ),
                    "{} {given:?}",
                    G::NAME
                );
                checked += 1;
            }
        }
        checked
    }
    let checked = [
        check::<Tanto>(),
        check::<Hazard>(),
        check::<Marlota>(),
        check::<PairAce>(),
        check::<Riffa>(),
        check::<Triga>(),
        check::<Guirguiesca>(),
    ];
    // Each game checked at least once, most of them at every size.
    assert!(checked.iter().all(|&c| c > 0), "{checked:?}");
    assert!(checked.iter().sum::<usize>() >= 18, "{checked:?}");
}
