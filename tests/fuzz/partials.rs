//! Partials (`ludus merge`, `ludus run --resume`), from those ludus wrote
//! itself: two shards of an experiment at each metrics level, a whole
//! run's checkpoint, two shards of a tournament. Each read and merged with its other shard as
//! `ludus merge` does; a sample merged and resumed through the binary.
//! A second test tampers with the tallies alone (a count changed, wins
//! swapped between seats): `ludus merge` must refuse every such partial.

use std::path::{Path, PathBuf};

use ludus::plan::experiment::Experiment;
use ludus::plan::tournament::Tournament;
use ludus::store::merge::merge;
use ludus::store::partial::{self, Partial};
use serde_json::Value;

use crate::harness::{Fuzz, binary_cases, cases, on_main_sized_stack, write};
use crate::mutate::Syntax;
use crate::rng::Rng;

const EXPERIMENT: &str = r#"name = "fz"
seed = 3
games = 12
[[cells]]
game = "three-men"
options = { first = "seat1" }
seats = "random"
[[cells]]
game = "hazard"
seats = "random"
sweep = { players = [2, 3] }
[[cells]]
game = "rithmomachy"
seats = ["random", "random"]
games = 2
"#;

const TOURNAMENT: &str = r#"name = "fz-t"
seed = 4
game = "three-men"
options = { first = "seat1" }
policies = ["random", "mcts:5", "alphabeta:2"]
games = 8
"#;

/// A partial ludus wrote, and the folder of the shard it merges with.
struct Seed {
    text: Vec<u8>,
    partner: Option<PathBuf>,
}

/// Runs ludus in `dir` to write the seeds.
fn write_seeds(fuzz: &mut Fuzz) -> Vec<Seed> {
    let dir = fuzz.dir().to_path_buf();
    write(&dir, "e.toml", EXPERIMENT.as_bytes());
    write(&dir, "t.toml", TOURNAMENT.as_bytes());
    for args in [
        "run e.toml --shard 1/2 --out s1 -q --threads 1",
        "run e.toml --shard 2/2 --out s2 -q --threads 1",
        "run e.toml --out full -q --threads 1",
        "run e.toml --shard 1/2 --metrics all --out a1 -q --threads 1",
        "run e.toml --shard 2/2 --metrics all --out a2 -q --threads 1",
        "tournament t.toml --shard 1/2 --out t1 -q --threads 1",
        "tournament t.toml --shard 2/2 --out t2 -q --threads 1",
    ] {
        let args: Vec<String> = args.split(' ').map(str::to_string).collect();
        assert_eq!(fuzz.binary(0, b"", &args, &dir), Some(0), "ludus {args:?}");
    }
    let read = |d: &str| std::fs::read(dir.join(d).join(partial::FILE)).expect("a partial");
    [
        ("s1", Some("s2")),
        ("s2", Some("s1")),
        ("full", None),
        ("a1", Some("a2")),
        ("a2", Some("a1")),
        ("t1", Some("t2")),
        ("t2", Some("t1")),
    ]
    .into_iter()
    .map(|(d, partner)| Seed {
        text: read(d),
        partner: partner.map(|p| dir.join(p)),
    })
    .collect()
}

/// What `ludus merge` does before it writes the report.
fn check(path: &Path, partner: Option<&Path>) -> Result<(), String> {
    let Ok(p) = Partial::read(path) else {
        return Ok(());
    };
    let _ = p.states();
    let mut list = vec![(path.display().to_string(), p)];
    if let Some(other) = partner {
        let file = other.join(partial::FILE);
        let q = Partial::read(&file).map_err(|e| format!("the unchanged partner: {e}"))?;
        list.push((file.display().to_string(), q));
    }
    let Ok(merged) = merge(&list, env!("CARGO_PKG_VERSION"), true) else {
        return Ok(());
    };
    let m = &merged.manifest;
    if m.kind == partial::TOURNAMENT {
        let _ = Tournament::parse_played(&m.experiment_text, &m.source);
    } else {
        let _ = Experiment::parse_played(&m.experiment_text, &m.source);
    }
    Ok(())
}

/// Split into a pick of seed and a mutation of it, so that the partner
/// stays that of the seed mutated.
fn input(rng: &mut Rng, seeds: &[Seed]) -> (usize, Vec<u8>) {
    let k = rng.below(seeds.len());
    let texts = [seeds[k].text.clone()];
    (k, Fuzz::input(rng, &texts, Syntax::Json))
}

#[test]
fn partials() {
    on_main_sized_stack(|| {
        let mut fuzz = Fuzz::new("partials");
        let seeds = write_seeds(&mut fuzz);
        let dir = fuzz.dir().to_path_buf();
        let case_dir = dir.join("case");
        std::fs::create_dir_all(&case_dir).expect("scratch");
        let path = case_dir.join(partial::FILE);
        for case in 0..cases(2_000) as u64 {
            let mut rng = fuzz.rng(case);
            let (k, input) = input(&mut rng, &seeds);
            std::fs::write(&path, &input).expect("scratch");
            let partner = seeds[k].partner.as_deref();
            fuzz.in_process(case, &input, || check(&path, partner));
        }
        for case in 0..binary_cases(30) as u64 {
            let case = case + (1 << 32);
            let mut rng = fuzz.rng(case);
            let (k, input) = input(&mut rng, &seeds);
            let here = dir.join(format!("case-{case}"));
            std::fs::create_dir_all(&here).expect("scratch");
            write(&here, partial::FILE, &input);
            let out = format!("merged-{case}");
            let mut args = vec!["merge".to_string(), format!("case-{case}")];
            match &seeds[k].partner {
                Some(p) => args.push(p.display().to_string()),
                // A whole run's checkpoint: resumed as well as merged.
                None => {
                    let resume: Vec<String> =
                        format!("run e.toml --resume --out case-{case} -q --threads 1")
                            .split(' ')
                            .map(str::to_string)
                            .collect();
                    fuzz.binary(case, &input, &resume, &dir);
                    write(&here, partial::FILE, &input);
                }
            }
            args.extend(["--allow-partial", "-q", "--out", &out].map(str::to_string));
            fuzz.binary(case, &input, &args, &dir);
            let _ = std::fs::remove_dir_all(dir.join(&out));
            let _ = std::fs::remove_dir_all(&here);
        }
        fuzz.finish();
    });
}

/// One tally of one cell changed, so that it no longer adds up: a count
/// of wins, draws, places, endings or lengths one more or 2^64-1, or two
/// seats' wins swapped (which then disagree with their places).
fn tamper(rng: &mut Rng, text: &[u8]) -> Option<Vec<u8>> {
    let mut v: Value = serde_json::from_slice(text).ok()?;
    let cells = v.get_mut("cells")?.as_array_mut()?;
    let i = rng.below(cells.len());
    let c = &mut cells[i];
    if rng.one_in(6) {
        let wins = c.get_mut("wins")?.as_array_mut()?;
        if wins.len() < 2 || wins[0] == wins[1] {
            return None;
        }
        wins.swap(0, 1);
    } else {
        let pick = |a: &mut Vec<Value>, rng: &mut Rng| {
            let j = rng.below(a.len());
            a.get_mut(j).map(|x| x as *mut Value)
        };
        let target: *mut Value = match rng.below(5) {
            0 => pick(c.get_mut("wins")?.as_array_mut()?, rng)?,
            1 => pick(c.get_mut("draws")?.as_array_mut()?, rng)?,
            2 => {
                let row = pick(c.get_mut("places")?.as_array_mut()?, rng)?;
                // SAFETY: `row` points into `v`, borrowed by nothing else here.
                pick(unsafe { &mut *row }.as_array_mut()?, rng)?
            }
            3 => {
                let e = pick(c.get_mut("endings")?.as_array_mut()?, rng)?;
                // SAFETY: as above.
                unsafe { &mut *e }.get_mut("count")? as *mut Value
            }
            _ => {
                let l = pick(c.get_mut("lengths")?.as_array_mut()?, rng)?;
                // SAFETY: as above.
                unsafe { &mut *l }.get_mut(1)? as *mut Value
            }
        };
        // SAFETY: as above; `v` outlives this and nothing else borrows it.
        let target = unsafe { &mut *target };
        let old = target.as_u64()?;
        *target = Value::from(if rng.one_in(3) { u64::MAX } else { old + 1 });
    }
    serde_json::to_vec(&v).ok()
}

#[test]
fn tampered_partials_are_refused() {
    let mut fuzz = Fuzz::new("tampered");
    let seeds = write_seeds(&mut fuzz);
    let dir = fuzz.dir().to_path_buf();
    let mut case = 1u64 << 32;
    let mut ran = 0;
    while ran < binary_cases(30) {
        case += 1;
        let mut rng = fuzz.rng(case);
        let k = rng.below(seeds.len());
        let Some(input) = tamper(&mut rng, &seeds[k].text) else {
            continue;
        };
        ran += 1;
        let here = dir.join(format!("case-{case}"));
        std::fs::create_dir_all(&here).expect("scratch");
        write(&here, partial::FILE, &input);
        let args: Vec<String> = match &seeds[k].partner {
            Some(p) => format!("merge case-{case} {} -q --out merged-{case}", p.display()),
            None => format!("run e.toml --resume --out case-{case} -q --threads 1"),
        }
        .split(' ')
        .map(str::to_string)
        .collect();
        if fuzz.binary(case, &input, &args, &dir) == Some(0) {
            fuzz.wrong(
                case,
                &format!("`ludus {}`", args.join(" ")),
                "accepted a tampered partial (exit 0)",
                &input,
            );
        }
        let _ = std::fs::remove_dir_all(dir.join(format!("merged-{case}")));
    }
    fuzz.finish();
}
