//! Helpers for the two betting games with a decision (004 j, k).

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Transcript;
use ludus::core::options::Options;
use ludus::policies::policy_spec::PolicySpec;
use ludus::registry;
use ludus::runner::play_one::OneGame;

/// How many of the 216 throws of three dice make each total 7..14.
pub const COUNTS_7_14: [u64; 8] = [15, 21, 25, 27, 27, 25, 21, 15];

/// Plays scripted faces and, at each decision, the next of `moves`, until the
/// game ends or both run out; asserts that every face and move was used.
pub fn drive_script<G: Game>(mut g: G, faces: &[u8], moves: &[G::Move]) -> (G, Transcript) {
    let mut dice = Dice::scripted(faces);
    let mut log = Transcript::default();
    let mut next = 0;
    loop {
        match g.turn() {
            Turn::Over => break,
            Turn::Chance => {
                if dice.script_left() == 0 {
                    break;
                }
                g.chance(&mut dice, &mut log)
            }
            Turn::Decide(_) => {
                let Some(&mv) = moves.get(next) else { break };
                next += 1;
                g.play(mv, &mut log);
            }
        }
    }
    assert_eq!(dice.script_left(), 0, "unused faces: {:#?}", log.lines);
    assert_eq!(next, moves.len(), "unused moves: {:#?}", log.lines);
    (g, log)
}

/// Random and threshold play over many seeds and option sets never panics,
/// conserves money, and agrees with the outcome: a sole winner gained, the
/// loser lost, a draw left both even.
pub fn money_is_conserved(name: &str, option_sets: &[Vec<(&str, &str)>]) {
    let entry = registry::find(name).unwrap();
    let pairs = [
        ["random", "random"],
        ["threshold:1", "random"],
        ["threshold:3", "threshold:0"],
    ];
    for opts in option_sets {
        let given: Vec<(String, String)> = opts
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        let options = Options::resolve(entry.option_specs(), &given).unwrap();
        for pair in pairs {
            let seats: Vec<PolicySpec> =
                pair.iter().map(|p| PolicySpec::parse(p).unwrap()).collect();
            for seed in 0..300u64 {
                let g = entry
                    .play_one(
                        &OneGame {
                            options: &options,
                            seats: &seats,
                            seed,
                            max_plies: u32::MAX,
                        },
                        &mut Transcript::default(),
                    )
                    .unwrap();
                let what = format!("{name} {opts:?} {pair:?} seed {seed}");
                assert_eq!(g.payoffs.iter().sum::<i64>(), 0, "{what}");
                match g.outcome.sole_winner() {
                    Some(w) => {
                        assert!(g.payoffs[w] > 0 && g.payoffs[1 - w] < 0, "{what}: {g:?}");
                    }
                    None => {
                        assert_eq!(g.outcome.reason, "even", "{what}");
                        assert_eq!(g.payoffs, vec![0, 0], "{what}");
                    }
                }
            }
        }
    }
}
