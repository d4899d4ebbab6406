//! Properties every game must have, checked through the game-agnostic
//! registry: random play never panics and ends, a game replayed from its seed
//! is the same game, and money is conserved.

use ludus::core::log::Transcript;
use ludus::core::options::Options;
use ludus::registry;
use ludus::runner::policy_spec::PolicySpec;

fn random_seats(players: usize) -> Vec<PolicySpec> {
    vec![PolicySpec::parse("random").unwrap(); players]
}

#[test]
fn random_play_ends_and_replays_identically_for_every_game() {
    for entry in registry::games() {
        let options = Options::defaults(entry.option_specs());
        let players = entry.players(&options).unwrap();
        let seats = random_seats(players);
        for seed in 0..200u64 {
            let mut first = Transcript::default();
            let a = entry
                .play_one(&options, &seats, seed, 1_000_000, &mut first)
                .unwrap();
            let mut second = Transcript::default();
            let b = entry
                .play_one(&options, &seats, seed, 1_000_000, &mut second)
                .unwrap();
            assert_eq!(
                first.lines,
                second.lines,
                "{} seed {seed}: the replay differs",
                entry.name()
            );
            assert_eq!(
                (a.outcome, a.length, &a.payoffs),
                (b.outcome, b.length, &b.payoffs)
            );
            assert!(
                !a.outcome.winners.is_empty(),
                "{} seed {seed}: nobody won or drew",
                entry.name()
            );
            assert!(a.outcome.winners.iter().all(|s| s < players));
            assert_eq!(
                a.payoffs.iter().sum::<i64>(),
                0,
                "{} seed {seed}: money is not conserved",
                entry.name()
            );
            assert!(
                !first.lines.is_empty(),
                "{} seed {seed}: nothing was narrated",
                entry.name()
            );
        }
    }
}

#[test]
fn every_option_value_at_its_bounds_plays() {
    use ludus::core::options::OptionKind;
    for entry in registry::games() {
        for spec in entry.option_specs() {
            let values: Vec<String> = match spec.kind {
                OptionKind::Int { min, max } => vec![min.to_string(), max.min(min + 6).to_string()],
                OptionKind::Choice(names) => names.iter().map(|n| n.to_string()).collect(),
                OptionKind::IntOr { min, max, words } => words
                    .iter()
                    .map(|w| w.to_string())
                    .chain([min.to_string(), max.to_string()])
                    .collect(),
            };
            for v in values {
                let Ok(options) =
                    Options::resolve(entry.option_specs(), &[(spec.name.to_string(), v.clone())])
                else {
                    panic!(
                        "{}: {}={v} is declared valid but rejected",
                        entry.name(),
                        spec.name
                    );
                };
                // A game may reject a combination (e.g. an odd pot); then it says why.
                let Ok(players) = entry.players(&options) else {
                    continue;
                };
                for seed in 0..20 {
                    entry
                        .play_one(
                            &options,
                            &random_seats(players),
                            seed,
                            5_000,
                            &mut Transcript::default(),
                        )
                        .unwrap();
                }
            }
        }
    }
}
