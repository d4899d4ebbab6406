//! Partials are not trusted: `ludus merge` and `ludus run --resume` refuse
//! (exit 2, naming the file and the field) a partial that does not add up
//! as the games of a run make it, and never turn one into a wrong report;
//! a partial a real run wrote always passes. The red-team's tamperings of
//! issue #28 are here, sealed again as a deliberate forger would, and a
//! seeded mutation of real partials.

use std::path::{Path, PathBuf};

use ludus::runner::checkpoint::CellState;
use ludus::store::partial::Partial;
use serde_json::Value;

use crate::shards::same_csvs;
use crate::support::{ludus, scratch, stderr, write};

/// A bot that fails in about one decision of fifty.
const FLAKY: &str = "function choose(game, moves)\n  if math.random() < 0.02 then error(\"flaky\") end\n  return math.random(#moves)\nend\n";

/// Dice with payoffs and draws, seats of 2, 3 and 4, a game whose failing
/// seat retires (four seasons), board games, forfeits throughout.
fn experiment(dir: &Path, seed: u64, games: u64, max_plies: u32) -> String {
    let bot = write(dir, "flaky.lua", FLAKY);
    write(
        dir,
        &format!("e{seed}-{max_plies}.toml"),
        &format!(
            r#"
name = "partials"
seed = {seed}
games = {games}
max_plies = {max_plies}
on_bot_error = "forfeit"
[[cells]]
game = "hazard"
seats = ["lua:{bot}", "random"]
[[cells]]
game = "half-hazard"
seats = ["threshold:1", "lua:{bot}"]
[[cells]]
game = "tanto"
options = {{ rounds = 2 }}
seats = ["lua:{bot}", "random"]
[[cells]]
game = "mayor"
options = {{ players = 3, rounds = 3 }}
seats = ["lua:{bot}", "random", "random"]
[[cells]]
game = "hazard"
options = {{ players = 4, rounds = 2 }}
seats = ["random", "lua:{bot}", "random", "lua:{bot}"]
[[cells]]
game = "three-men"
seats = ["random", "lua:{bot}"]
[[cells]]
game = "four-seasons"
seats = ["lua:{bot}", "random", "lua:{bot}", "random"]
[[cells]]
game = "rithmomachy"
games = 7
"#
        ),
    )
}

/// Runs ludus and asserts success; a run may forfeit any share of its
/// games, as these experiments do on purpose.
fn ok(args: &[&str]) {
    let mut args = args.to_vec();
    if args[0] == "run" {
        args.extend(["--max-forfeits", "100"]);
    }
    let o = ludus(&args);
    assert!(o.status.success(), "ludus {args:?}: {}", stderr(&o));
}

fn path(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// Plays the experiment whole and in `n` shards; returns the folders.
fn play(exp: &str, dir: &Path, n: u64) -> (PathBuf, Vec<PathBuf>) {
    let whole = dir.join("whole");
    ok(&["run", exp, "-q", "--threads", "2", "--out", path(&whole)]);
    let shards = (1..=n)
        .map(|k| {
            let out = dir.join(format!("s{k}"));
            let spec = format!("{k}/{n}");
            ok(&["run", exp, "-q", "--shard", &spec, "--out", path(&out)]);
            out
        })
        .collect();
    (whole, shards)
}

fn read(dir: &Path) -> Partial {
    serde_json::from_slice(&std::fs::read(dir.join("partial.json")).unwrap()).unwrap()
}

#[test]
fn partials_that_real_runs_write_always_pass() {
    // Long games and games stopped at max_plies (pots unsplit), shards of
    // several cuts, both thread counts.
    for (seed, games, max_plies) in [(1, 40, 1_000_000), (2, 61, 7), (3, 30, 1)] {
        let dir = scratch(&format!("partials-real-{seed}"));
        let exp = experiment(&dir, seed, games, max_plies);
        let (whole, shards) = play(&exp, &dir, 3);
        let merged = dir.join("merged");
        let mut args = vec!["merge"];
        args.extend(shards.iter().map(|s| path(s)));
        args.extend(["--out", path(&merged), "-q"]);
        ok(&args);
        same_csvs(&whole, &merged);
        // A whole run's partial and a merge's merge again.
        ok(&[
            "merge",
            path(&whole),
            "--out",
            path(&dir.join("again")),
            "-q",
        ]);
        ok(&[
            "merge",
            path(&merged),
            "--out",
            path(&dir.join("twice")),
            "-q",
        ]);
        same_csvs(&whole, &dir.join("twice"));
    }
    let dir = scratch("partials-real-tournament");
    let bot = write(&dir, "flaky.lua", FLAKY);
    let file = write(
        &dir,
        "t.toml",
        &format!(
            "name = \"t\"\nseed = 3\ngame = \"half-hazard\"\non_bot_error = \"forfeit\"\n\
             policies = [\"random\", \"threshold:1\", \"lua:{bot}\"]\ngames = 32\n"
        ),
    );
    for k in 1..=2 {
        let spec = format!("{k}/2");
        let out = dir.join(format!("t{k}"));
        ok(&[
            "tournament",
            &file,
            "-q",
            "--shard",
            &spec,
            "--out",
            path(&out),
        ]);
    }
    ok(&[
        "merge",
        path(&dir.join("t1")),
        path(&dir.join("t2")),
        "--out",
        path(&dir.join("merged")),
        "-q",
    ]);
}

/// The first cell of a partial where `pick` holds, by index.
fn cell_where(p: &Partial, pick: impl Fn(&ludus::store::cell_record::CellRecord) -> bool) -> usize {
    p.cells
        .iter()
        .position(pick)
        .expect("a cell to tamper with")
}

#[test]
fn tampered_partials_are_refused_naming_the_file_and_the_field() {
    let dir = scratch("partials-tampered");
    let exp = experiment(&dir, 5, 120, 1_000_000);
    let (_, shards) = play(&exp, &dir, 2);
    let real = read(&shards[0]);
    let out = dir.join("out");
    type Tamper = Box<dyn Fn(&mut Partial) -> usize>;
    let two = |c: &ludus::store::cell_record::CellRecord| c.players == 2;
    let cases: Vec<(&str, Tamper, &str)> = vec![
        (
            "a length of 500 million plies",
            Box::new(move |p| {
                let c = cell_where(p, |c| c.game == "three-men");
                p.cells[c].lengths.last_mut().unwrap()[0] = 500_000_000;
                c
            }),
            "lengths[",
        ),
        (
            "a length of 3 billion throws",
            Box::new(move |p| {
                p.cells[0].lengths.last_mut().unwrap()[0] = 3_000_000_000;
                0
            }),
            "lengths[",
        ),
        (
            "three players for two seats",
            Box::new(move |p| {
                let c = cell_where(p, two);
                let r = &mut p.cells[c];
                r.players = 3;
                for v in [&mut r.wins, &mut r.draws, &mut r.draw_shares] {
                    v.push(0);
                }
                r.payoff_sum.push(0);
                r.payoff_sq.push("0".into());
                for row in &mut r.places {
                    row.push(0);
                }
                r.places.push(vec![0, 0, r.games]);
                c
            }),
            "players: 3",
        ),
        (
            "wins swapped between seats",
            Box::new(move |p| {
                let c = cell_where(p, |c| c.players == 2 && c.wins[0] != c.wins[1]);
                p.cells[c].wins.swap(0, 1);
                c
            }),
            "wins[0]",
        ),
        (
            "wins of 2^64 - 1",
            Box::new(move |p| {
                p.cells[0].wins[0] = u64::MAX;
                0
            }),
            "wins[0]",
        ),
        (
            "a game moved to an ending of the other seat",
            Box::new(move |p| {
                let c = cell_where(p, |c| {
                    c.players == 2 && c.endings.iter().any(|e| e.winner == Some(1) && e.count > 1)
                });
                let e = &mut p.cells[c].endings;
                let from = e.iter().position(|e| e.winner == Some(1)).unwrap();
                let to = e.iter().position(|e| e.winner == Some(2)).unwrap();
                e[from].count -= 1;
                e[to].count += 1;
                c
            }),
            "wins[",
        ),
        (
            "a game moved past max_plies",
            Box::new(move |p| {
                let c = cell_where(p, |c| c.game == "three-men");
                let l = &mut p.cells[c].lengths;
                l[0][1] -= 1;
                if l[0][1] == 0 {
                    l.remove(0);
                }
                l.push([2_000_000, 1]);
                c
            }),
            "lengths[",
        ),
        (
            "absurd draw shares",
            Box::new(move |p| {
                let c = cell_where(p, |c| c.draws[0] > 0);
                p.cells[c].draw_shares[0] *= 10;
                c
            }),
            "draw_shares[0]",
        ),
        (
            "absurd payoffs",
            Box::new(move |p| {
                let c = cell_where(p, |c| c.game == "half-hazard");
                p.cells[c].payoff_sum[0] += 1_000_000_000_000_000;
                p.cells[c].payoff_sum[1] -= 1_000_000_000_000_000;
                c
            }),
            "payoff_sum[0]",
        ),
        (
            "absurd squares of payoffs",
            Box::new(move |p| {
                let c = cell_where(p, |c| c.game == "half-hazard");
                let sq: u128 = p.cells[c].payoff_sq[0].parse().unwrap();
                p.cells[c].payoff_sq[0] = (sq * 4).to_string();
                c
            }),
            "payoff_sq",
        ),
        (
            "Hazard's positions looked up at the basic level",
            Box::new(move |p| {
                let c = cell_where(p, |c| c.game == "hazard");
                let r = &mut p.cells[c].metrics.repetition;
                (r.games, r.sum, r.sq) = (1, "0".into(), "0".into());
                c
            }),
            "repetition.games: 1, but a run of `--metrics basic` measures no repetition",
        ),
        (
            "Hazard judged at the basic level",
            Box::new(move |p| {
                let c = cell_where(p, |c| c.game == "hazard");
                let d = p.cells[c].metrics.judged.get_mut("drama").unwrap();
                (d.games, d.sum, d.sq) = (2, "0".into(), "0".into());
                c
            }),
            "judged.drama.games: 2",
        ),
        (
            "a forfeit hidden",
            Box::new(move |p| {
                let c = cell_where(p, |c| c.forfeits > 0 && c.players == 2);
                p.cells[c].forfeits -= 1;
                c
            }),
            "forfeits",
        ),
        (
            "the first forfeit moved to another game",
            Box::new(move |p| {
                let c = cell_where(p, |c| c.first_forfeit.is_some());
                let f = p.cells[c].first_forfeit.as_mut().unwrap();
                f.game_index += 1;
                c
            }),
            "first_forfeit.game_",
        ),
        (
            "games claimed that the shard did not play",
            Box::new(move |p| {
                let c = 0;
                let r = &mut p.cells[c];
                r.ranges.last_mut().unwrap()[1] += 1;
                c
            }),
            "ranges[",
        ),
    ];
    for (k, (what, tamper, field)) in cases.iter().enumerate() {
        let mut p = real.clone();
        let c = tamper(&mut p);
        let t = dir.join(format!("t{k}"));
        std::fs::create_dir_all(&t).unwrap();
        std::fs::write(t.join("partial.json"), p.to_json()).unwrap();
        let o = ludus(&[
            "merge",
            path(&t),
            path(&shards[1]),
            "--out",
            path(&out),
            "-q",
        ]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{what}: {err}");
        let named = format!("{}: cells[{c}].", t.join("partial.json").display());
        assert!(
            err.contains(&named) && err.contains(field),
            "{what}: {err} names {named}...{field}"
        );
        assert!(!out.join("summary.csv").exists(), "{what}: nothing written");
    }
    // Changed by hand, not sealed again: refused even where it adds up.
    let text = std::fs::read_to_string(shards[0].join("partial.json")).unwrap();
    assert!(text.contains("\"complete\":true"));
    let t = dir.join("unsealed");
    std::fs::create_dir_all(&t).unwrap();
    let changed = text.replacen("\"complete\":true", "\"complete\":false", 1);
    std::fs::write(t.join("partial.json"), changed).unwrap();
    let o = ludus(&["merge", path(&t), "--out", path(&out), "-q"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("seal"), "{}", stderr(&o));
    // A tampered checkpoint is refused by --resume too.
    let mut p = read(&shards[1]);
    p.cells[0].wins.swap(0, 1);
    p.cells[0].wins[0] += 1;
    std::fs::write(shards[1].join("partial.json"), p.to_json()).unwrap();
    let o = ludus(&[
        "run",
        &exp,
        "-q",
        "--shard",
        "2/2",
        "--resume",
        "--out",
        path(&shards[1]),
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("partial.json: cells[0].wins[0]"), "{err}");
}

#[test]
fn merge_refuses_to_write_over_one_of_its_partials() {
    let dir = scratch("partials-out");
    let exp = experiment(&dir, 6, 20, 1_000_000);
    let (_, shards) = play(&exp, &dir, 2);
    let before = std::fs::read(shards[0].join("partial.json")).unwrap();
    let s1 = path(&shards[0]);
    let s2 = path(&shards[1]);
    let dot = format!("{s1}/.");
    let file = format!("{s1}/partial.json");
    let link = dir.join("link");
    std::os::unix::fs::symlink(&shards[0], &link).unwrap();
    for out in [s1, &dot, path(&link)] {
        for first in [s1, &file] {
            let o = ludus(&["merge", first, s2, "--out", out, "-q"]);
            assert_eq!(o.status.code(), Some(2), "--out {out}: {}", stderr(&o));
            assert!(stderr(&o).contains("overwrite"), "{}", stderr(&o));
        }
    }
    assert_eq!(
        std::fs::read(shards[0].join("partial.json")).unwrap(),
        before
    );
    assert!(!shards[0].join("summary.csv").exists());
    // Beside or inside the inputs, nothing is overwritten: written.
    ok(&[
        "merge",
        s1,
        s2,
        "--out",
        path(&shards[0].join("merged")),
        "-q",
    ]);
    ok(&["merge", s1, s2, "--out", path(&dir), "-q"]);
    ok(&["merge", s1, s2, "--out", path(&dir.join("m")), "-q"]);
    assert_eq!(
        std::fs::read(shards[0].join("partial.json")).unwrap(),
        before
    );
    ok(&["merge", s1, s2, "--out", path(&dir.join("m2")), "-q"]);
}

/// Every leaf of a JSON value, as paths of keys and indices.
fn leaves(v: &Value, at: &mut Vec<String>, out: &mut Vec<Vec<String>>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                at.push(k.clone());
                leaves(x, at, out);
                at.pop();
            }
        }
        Value::Array(a) => {
            out.push(at.clone());
            for (i, x) in a.iter().enumerate() {
                at.push(i.to_string());
                leaves(x, at, out);
                at.pop();
            }
        }
        _ => out.push(at.clone()),
    }
}

fn get_mut<'a>(v: &'a mut Value, path: &[String]) -> &'a mut Value {
    path.iter().fold(v, |v, k| match v {
        Value::Object(m) => m.get_mut(k).unwrap(),
        Value::Array(a) => &mut a[k.parse::<usize>().unwrap()],
        _ => unreachable!(),
    })
}

/// SplitMix64: the test's own seeded stream.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One mutation at `path`: a number or string changed, an array's entry
/// removed, repeated or two swapped.
fn mutate(v: &mut Value, path: &[String], rng: &mut u64) {
    let r = next(rng);
    match get_mut(v, path) {
        Value::Number(n) => {
            let x = n.as_u64().unwrap_or(0);
            let to = match r % 9 {
                0 => serde_json::json!(0),
                1 => serde_json::json!(x + 1),
                2 => serde_json::json!(x.saturating_sub(1)),
                3 => serde_json::json!(x + 2),
                4 => serde_json::json!(x.saturating_mul(2)),
                5 => serde_json::json!(u64::MAX),
                6 => serde_json::json!(next(rng) % 1000),
                7 => serde_json::json!(-1 - (next(rng) % 100) as i64),
                _ => serde_json::json!(next(rng)),
            };
            *get_mut(v, path) = to;
        }
        Value::String(s) => {
            *s = match r % 4 {
                0 => String::new(),
                1 => format!("{s}0"),
                2 => s.chars().rev().collect(),
                _ => (next(rng) % 100_000).to_string(),
            };
        }
        Value::Array(a) if !a.is_empty() => {
            let i = (next(rng) % a.len() as u64) as usize;
            let j = (next(rng) % a.len() as u64) as usize;
            match r % 3 {
                0 => {
                    a.remove(i);
                }
                1 => a.insert(i, a[j].clone()),
                _ => a.swap(i, j),
            }
        }
        Value::Bool(b) => *b = !*b,
        Value::Null => *get_mut(v, path) = serde_json::json!(0),
        _ => {}
    }
}

/// What a merge reports of a partial: every cell's games and tally, not
/// the seconds (they measure the machine).
fn figures(states: &[CellState]) -> Vec<(String, String)> {
    states
        .iter()
        .map(|s| (format!("{:?}", s.done), format!("{:?}", s.tally)))
        .collect()
}

/// What the figures cannot tell, sealed again (reports/README.md): a
/// game moved between lengths, an ending renamed, the payoffs of two
/// seats swapped (in a game of two, one's are the other's negated), where
/// and by which seat the first forfeit failed, the decisions and first
/// movers within their bounds, and so the sums behind metrics.csv.
fn figures_cannot_tell(path: &[String]) -> bool {
    let p: Vec<&str> = path.iter().map(String::as_str).collect();
    matches!(
        p.as_slice(),
        ["cells", _, "lengths", _, "0"]
            | ["cells", _, "endings", _, "reason"]
            | ["cells", _, "payoff_sum"]
            | ["cells", _, "first_forfeit", "seat" | "ply" | "message"]
            | [
                "cells",
                _,
                "decisions" | "decisions_sq" | "first_moves" | "first_wins" | "metrics",
                ..
            ]
    )
}

/// The seconds measure the machine: neither sealed nor figures.
fn seconds(path: &[String]) -> bool {
    path.last()
        .is_some_and(|k| k == "thread_seconds" || k == "wall_seconds")
}

#[test]
fn mutated_partials_are_refused_or_merge_into_the_same_figures() {
    let dir = scratch("partials-mutated");
    let exp = experiment(&dir, 9, 90, 1_000_000);
    let (whole, shards) = play(&exp, &dir, 2);
    let mut rng = 28u64;
    let mut counts = [0usize; 3];
    for (k, source) in [&whole, &shards[1]].into_iter().enumerate() {
        let text = std::fs::read_to_string(source.join("partial.json")).unwrap();
        let real: Value = serde_json::from_str(&text).unwrap();
        let truth = figures(
            &Partial::read(&source.join("partial.json"))
                .unwrap()
                .states()
                .unwrap(),
        );
        // Only cells of two seats: of three or more, a sum of squares of
        // payoffs changed by an even number can be another possible one.
        let two = |path: &[String]| {
            path.first().is_none_or(|f| f != "cells")
                || path.len() < 2
                || real["cells"][path[1].parse::<usize>().unwrap()]["players"] == 2
        };
        let mut all = Vec::new();
        leaves(&real, &mut Vec::new(), &mut all);
        all.retain(|p| two(p) && !seconds(p));
        let file = dir.join(format!("m{k}")).join("partial.json");
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        for round in 0..1500 {
            let at = &all[(next(&mut rng) % all.len() as u64) as usize];
            let mut v = real.clone();
            mutate(&mut v, at, &mut rng);
            if v == real {
                continue;
            }
            // As changed by hand: the seal no longer matches.
            std::fs::write(&file, serde_json::to_vec(&v).unwrap()).unwrap();
            assert!(
                Partial::read(&file).is_err(),
                "{at:?} changed and unsealed: accepted"
            );
            if round < 10 {
                let o = ludus(&["merge", path(&file), "--out", path(&dir.join("o")), "-q"]);
                let err = stderr(&o);
                assert_eq!(o.status.code(), Some(2), "{at:?}: {err}");
                assert!(err.contains("partial.json"), "{at:?}: {err}");
            }
            // As a forger would: sealed again.
            if figures_cannot_tell(at) {
                continue;
            }
            let Ok(p) = serde_json::from_value::<Partial>(v) else {
                counts[0] += 1;
                continue;
            };
            std::fs::write(&file, p.to_json()).unwrap();
            match Partial::read(&file) {
                Err(_) => counts[1] += 1,
                Ok(p) => {
                    counts[2] += 1;
                    assert_eq!(
                        figures(&p.states().unwrap()),
                        truth,
                        "{at:?} mutated, sealed again: accepted with other figures"
                    );
                }
            }
        }
    }
    // Most mutations are of a figure, and refused.
    assert!(counts[1] > counts[2], "{counts:?}");
}

#[test]
fn length_tables_past_their_bound_together_are_refused_before_they_are_made() {
    // 140 cells of one game each, every game claimed 999,999 plies long
    // (each within max_plies): 140 million table entries, past 2^27.
    let dir = scratch("partials-tables");
    let cells: String = (0..140)
        .map(|_| "[[cells]]\ngame = \"three-men\"\n")
        .collect();
    let exp = write(
        &dir,
        "e.toml",
        &format!("name = \"tables\"\nseed = 1\ngames = 1\n{cells}"),
    );
    let run = dir.join("run");
    ok(&["run", &exp, "-q", "--out", path(&run)]);
    let mut p = read(&run);
    for c in &mut p.cells {
        c.lengths = vec![[999_999, 1]];
    }
    std::fs::write(run.join("partial.json"), p.to_json()).unwrap();
    let o = ludus(&["merge", path(&run), "--out", path(&dir.join("m")), "-q"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("lengths: the cells up to this one"), "{err}");
}
