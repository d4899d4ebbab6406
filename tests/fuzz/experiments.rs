//! Experiment files (`ludus run FILE`), from those under data/ and a few
//! small ones with sweeps, seat lists and scripts: parsed and checked as
//! `ludus run` does before it plays, every cell's game set up; a sample
//! played one game a cell through the binary.

use ludus::plan::experiment::{Experiment, MAX_CELLS};
use ludus::policies::policy_spec::PolicySpec;

use crate::harness::{TomlFamily, on_main_sized_stack};

/// Small experiments beside those under data/: sweeps of options and of
/// seats, a script, an evaluator judging the lead, a tournament table
/// beside the cells.
const SMALL: &[&str] = &[
    r#"name = "fz"
seed = 3
games = 12
max_plies = 500
on_bot_error = "forfeit"
[[cells]]
game = "three-men"
options = { first = "seat1" }
seats = "random"
[[cells]]
game = "hazard"
seats = "random"
sweep = { players = [2, 3], order = ["highest", "fixed"] }
"#,
    r#"name = "fz-seats"
seed = 9223372036854775807
games = 4
[[cells]]
game = "nine-men"
games = 2
sweep = { seats = [["random", "mcts:5"], ["lua:scripts/morris/greedy.lua", "random"]] }
[[cells]]
game = "four-seasons"
seats = ["random", "random", "random", "random"]
"#,
    r#"name = "fz-judged"
seed = 4
games = 3
max_plies = 60
metrics = "all"
metrics_evaluator = "mcts:3"
[[cells]]
game = "three-men"
seats = "random"
[[cells]]
game = "half-hazard"
seats = ["threshold:2", "random"]
"#,
    r#"name = "fz-both"
seed = 0
games = 2
max_plies = 40
[[cells]]
game = "grande-acedrex"
seats = "random"
[tournament]
game = "three-men"
policies = ["random", "mcts:10"]
games = 2
"#,
];

/// The seeds: data/experiments/*.toml and [`SMALL`].
pub fn seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = SMALL.iter().map(|s| s.as_bytes().to_vec()).collect();
    for entry in std::fs::read_dir("data/experiments").expect("data/experiments") {
        out.push(std::fs::read(entry.expect("an entry").path()).expect("a readable file"));
    }
    out
}

/// Whether one game of each seat's policy is quick in a debug build.
pub fn cheap(spec: &PolicySpec) -> bool {
    let text = spec.to_string();
    let budget = |prefix: &str, max: u64| {
        text.strip_prefix(prefix).is_none_or(|rest| {
            rest.split(|c: char| !c.is_ascii_digit())
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .is_some_and(|n| n <= max)
        })
    };
    budget("mcts:", 50) && budget("alphabeta:", 3) && !text.contains("cap=")
}

/// What `ludus run` does with the file before it plays.
fn check(text: &str) -> Result<(), String> {
    let Ok(exp) = Experiment::parse(text, "fuzz.toml") else {
        return Ok(());
    };
    if exp.cells.is_empty() || exp.cells.len() > MAX_CELLS {
        return Err(format!("accepted with {} cells", exp.cells.len()));
    }
    for plan in exp.cells.iter().take(8) {
        let entry = plan.game;
        if entry.players(&plan.cell.options).is_ok() {
            let _ = plan.job();
        }
    }
    Experiment::parse_played(text, "fuzz.toml")
        .map(|_| ())
        .map_err(|e| format!("accepted, but not as a played experiment: {e}"))
}

#[test]
fn experiment_files() {
    on_main_sized_stack(|| {
        let seeds = seeds();
        for s in SMALL {
            Experiment::parse(s, "small.toml").expect("the small experiments are valid");
        }
        let family = TomlFamily {
            family: "experiments",
            command: "run",
            file: "experiment.toml",
            games: "1",
            cases: 2_500,
        };
        // Only what plays quickly goes through the binary: refused files,
        // or a few cheap cells.
        family.run(&seeds, check, |text| {
            Experiment::parse(text, "fuzz.toml").map_or(true, |exp| {
                exp.cells.len() <= 8 && exp.cells.iter().flat_map(|c| &c.cell.seats).all(cheap)
            })
        });
    });
}
