//! Tournament files (`ludus tournament FILE`), from those under
//! data/tournaments and an experiment file's `[tournament]` table: parsed,
//! every seating set up; a sample played two games a pairing through the
//! binary.

use ludus::registry;
use ludus::runner::tournament::{MAX_POLICIES, Tournament};

use crate::experiments::cheap;
use crate::harness::{Fuzz, binary_cases, cases, on_main_sized_stack, write};
use crate::mutate::Syntax;

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
    let entry = registry::find(t.game).ok_or("accepted an unregistered game")?;
    if let Ok(plans) = t.seatings() {
        for plan in plans.iter().take(8) {
            if entry.players(&plan.options).is_ok() {
                let _ = entry.cell_job(plan);
            }
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
        let mut fuzz = Fuzz::new("tournaments");
        for case in 0..cases(2_500) as u64 {
            let mut rng = fuzz.rng(case);
            let input = Fuzz::input(&mut rng, &seeds, Syntax::Toml);
            fuzz.in_process(case, &input, || match std::str::from_utf8(&input) {
                Ok(text) => check(text),
                Err(_) => Ok(()),
            });
        }
        let dir = fuzz.dir().to_path_buf();
        let root = std::env::current_dir().expect("the package folder");
        let mut ran = 0;
        let mut case = 1u64 << 32;
        while ran < binary_cases(24) {
            case += 1;
            let mut rng = fuzz.rng(case);
            let input = Fuzz::input(&mut rng, &seeds, Syntax::Toml);
            if let Some(Ok(t)) = std::str::from_utf8(&input)
                .ok()
                .map(|s| Tournament::parse(s, "fuzz.toml"))
                && (t.policies.len() > 4 || !t.policies.iter().all(cheap))
            {
                continue;
            }
            ran += 1;
            let file = write(&dir, "tournament.toml", &input);
            let out = dir.join(format!("report-{case}"));
            let args: Vec<String> = [
                "tournament",
                &file,
                "--games",
                "2",
                "--threads",
                "1",
                "-q",
                "--out",
                out.to_str().expect("UTF-8"),
            ]
            .map(str::to_string)
            .to_vec();
            fuzz.binary(case, &input, &args, &root);
            let _ = std::fs::remove_dir_all(&out);
        }
        fuzz.finish();
    });
}
