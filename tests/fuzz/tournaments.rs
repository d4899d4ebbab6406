//! Tournament files (`ludus tournament FILE`), from those under
//! data/tournaments and an experiment file's `[tournament]` table: parsed,
//! every seating set up; a sample played two games a pairing through the
//! binary.

use ludus::plan::tournament::{MAX_POLICIES, Tournament};

use crate::experiments::cheap;
use crate::harness::{TomlFamily, on_main_sized_stack};

/// Small tournaments beside those under data/.
const SMALL: &[&str] = &[
    r#"name = "fz-t"
seed = 5
game = "nine-men"
options = { first = "seat1", cap = 100 }
policies = ["random", "mcts:5", "lua:scripts/morris/greedy.lua"]
games = 4
max_plies = 300
on_bot_error = "forfeit"
"#,
    r#"name = "fz-exp"
seed = 2
games = 2
[[cells]]
game = "hazard"
seats = "random"
[tournament]
game = "half-hazard"
policies = ["random", "threshold:2"]
games = 6
"#,
];

fn seeds() -> Vec<Vec<u8>> {
    let mut out: Vec<Vec<u8>> = SMALL.iter().map(|s| s.as_bytes().to_vec()).collect();
    for entry in std::fs::read_dir("data/tournaments").expect("data/tournaments") {
        out.push(std::fs::read(entry.expect("an entry").path()).expect("a readable file"));
    }
    out
}

/// What `ludus tournament` does with the file before it plays.
fn check(text: &str) -> Result<(), String> {
    let Ok(t) = Tournament::parse(text, "fuzz.toml") else {
        return Ok(());
    };
    if t.policies.len() < 2 || t.policies.len() > MAX_POLICIES {
        return Err(format!("accepted with {} policies", t.policies.len()));
    }
    let entry = t.game;
    let plans = t.seatings();
    for plan in plans.iter().take(8) {
        if entry.players(&plan.cell.options).is_ok() {
            let _ = plan.job();
        }
    }
    Tournament::parse_played(text, "fuzz.toml")
        .map(|_| ())
        .map_err(|e| format!("accepted, but not as a played tournament: {e}"))
}

#[test]
fn tournament_files() {
    on_main_sized_stack(|| {
        let seeds = seeds();
        for s in SMALL {
            Tournament::parse(s, "small.toml").expect("the small tournaments are valid");
        }
        let family = TomlFamily {
            family: "tournaments",
            command: "tournament",
            file: "tournament.toml",
            games: "2",
            cases: 2_500,
        };
        family.run(&seeds, check, |text| {
            Tournament::parse(text, "fuzz.toml").map_or(true, |t| {
                t.policies.len() <= 4 && t.policies.iter().all(cheap)
            })
        });
    });
}
