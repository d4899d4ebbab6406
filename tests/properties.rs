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

/// Plays `games` random games of `G` under `given` options and checks, at
/// every decision, that drawing index `k` through [`Game::pick_move`]
/// gives the `k`-th listed move (where the game draws without listing).
fn drawn_equals_listed<G: ludus::core::game::Game>(given: &[(&str, &str)], games: u64) {
    use ludus::core::dice::Dice;
    use ludus::core::game::Turn;
    use ludus::core::log::Silent;
    use ludus::core::seed::{Stream, below, stream};
    let given: Vec<(String, String)> = given
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    let options = Options::resolve(G::option_specs(), &given).unwrap();
    let mut listed = Vec::new();
    for seed in 0..games {
        let mut game = G::new(&options).unwrap();
        let mut dice = Dice::seeded(stream(seed, Stream::Dice));
        let mut rng = stream(seed, Stream::Seat(0));
        loop {
            match game.turn() {
                Turn::Over => break,
                Turn::Chance => game.chance(&mut dice, &mut Silent),
                Turn::Decide(_) => {
                    game.legal_moves(&mut listed);
                    for k in 0..listed.len() {
                        let drawn = game.pick_move(&mut |n| {
                            assert_eq!(n, listed.len(), "{}: count differs", G::NAME);
                            k
                        });
                        if let Some(drawn) = drawn {
                            assert_eq!(drawn, listed[k], "{} {given:?} seed {seed}", G::NAME);
                        }
                    }
                    let k = below(&mut rng, listed.len() as u32) as usize;
                    game.play(listed[k], &mut Silent);
                }
            }
        }
    }
}

#[test]
fn a_drawn_move_is_the_listed_one_in_the_morris_family() {
    use ludus::games::morris::{Alquerque, NineMen, Rabbit, ThreeMen};
    for chain in ["optional", "must_continue", "off"] {
        for forced in ["false", "true"] {
            drawn_equals_listed::<Alquerque>(&[("chain", chain), ("forced_capture", forced)], 30);
        }
    }
    for hunters in ["10", "12"] {
        for hare_chain in ["true", "false"] {
            drawn_equals_listed::<Rabbit>(&[("hunters", hunters), ("hare_chain", hare_chain)], 40);
        }
    }
    for rules in ["seed", "ludii"] {
        for capture in ["preset", "both"] {
            drawn_equals_listed::<NineMen>(&[("rules", rules), ("capture", capture)], 30);
        }
    }
    drawn_equals_listed::<NineMen>(&[("flying", "on"), ("blocked", "passes")], 30);
    for diagonals in ["true", "false"] {
        for blocked in ["passes", "loses"] {
            drawn_equals_listed::<ThreeMen>(&[("diagonals", diagonals), ("blocked", blocked)], 100);
        }
    }
}
