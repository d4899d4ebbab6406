//! `ludus run --shard K/N` and `ludus merge`: shards summed give, byte for
//! byte, the CSVs of one run whatever the threads; partials of other runs,
//! overlapping or missing shards are refused, naming the file.

use std::path::Path;

use crate::support::{ludus, manifest, refused, scratch, stderr, write};

/// Cells of several kinds: seats of 2 and 3, draws, payoffs, a native
/// policy, a game count that 4 does not divide.
const EXPERIMENT: &str = r#"
name = "shards"
seed = 11
games = 1001
[[cells]]
game = "hazard"
sweep = { players = [2, 3] }
[[cells]]
game = "half-hazard"
seats = ["threshold:1", "random"]
[[cells]]
game = "three-men"
games = 303
"#;

pub use crate::common_csvs::{CSVS, same_csvs};

fn run(args: &[&str]) {
    let o = ludus(args);
    assert!(o.status.success(), "ludus {args:?}: {}", stderr(&o));
}

/// Plays shard `k` of `n` into `dir/s{k}` with `threads` threads.
fn shard(exp: &str, dir: &Path, k: u64, n: u64, threads: &str, extra: &[&str]) -> String {
    let out = dir.join(format!("s{k}-of-{n}{}", extra.join("")));
    let spec = format!("{k}/{n}");
    let mut args = vec![
        "run",
        exp,
        "-q",
        "--threads",
        threads,
        "--shard",
        &spec,
        "--out",
        out.to_str().unwrap(),
    ];
    args.extend(extra);
    run(&args);
    assert!(!out.join("summary.csv").exists(), "a shard writes no CSV");
    out.to_str().unwrap().to_string()
}

#[test]
fn one_shard_of_one_merged_is_the_run() {
    let dir = scratch("shard-1-1");
    let exp = write(&dir, "e.toml", EXPERIMENT);
    let full = dir.join("full");
    run(&["run", &exp, "-q", "--out", full.to_str().unwrap()]);
    let s = shard(&exp, &dir, 1, 1, "2", &[]);
    let merged = dir.join("merged");
    run(&["merge", &s, "--out", merged.to_str().unwrap(), "-q"]);
    same_csvs(&full, &merged);
    // The partial's tallies are the run's own checkpoint's.
    let cells = |p: &Path| {
        let v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(p.join("partial.json")).unwrap()).unwrap();
        let mut cells = v["cells"].as_array().unwrap().clone();
        for c in &mut cells {
            let c = c.as_object_mut().unwrap();
            c.remove("thread_seconds");
            c.remove("wall_seconds");
        }
        (v["format"].clone(), v["version"].clone(), cells)
    };
    let (format, version, from_shard) = cells(Path::new(&s));
    assert_eq!(
        (format.as_str(), version.as_u64()),
        (
            Some("ludus-partial"),
            Some(u64::from(ludus::store::partial::VERSION))
        )
    );
    assert_eq!(from_shard, cells(&full).2);
    let m = manifest(&merged);
    assert_eq!(m["complete"], true);
    assert_eq!(m["merged"]["games_missing"], 0);
    for chart in [
        "win-rates-0.svg",
        "lengths-1.svg",
        "endings-2.svg",
        "index.html",
    ] {
        assert!(merged.join(chart).exists(), "{chart}");
    }
}

#[test]
fn four_shards_merged_are_the_run_with_one_and_two_threads() {
    let dir = scratch("shard-4");
    let exp = write(&dir, "e.toml", EXPERIMENT);
    let one = dir.join("one");
    let two = dir.join("two");
    run(&[
        "run",
        &exp,
        "-q",
        "--threads",
        "1",
        "--out",
        one.to_str().unwrap(),
    ]);
    run(&[
        "run",
        &exp,
        "-q",
        "--threads",
        "2",
        "--out",
        two.to_str().unwrap(),
    ]);
    same_csvs(&one, &two);
    let shards: Vec<String> = (1..=4)
        .map(|k| shard(&exp, &dir, k, 4, if k % 2 == 0 { "1" } else { "2" }, &[]))
        .collect();
    // Shard 2 of 4 plays games 250..500 of a 1001-game cell and 75..151 of 303.
    let p: serde_json::Value =
        serde_json::from_slice(&std::fs::read(Path::new(&shards[1]).join("partial.json")).unwrap())
            .unwrap();
    assert_eq!(
        p["manifest"]["shard"],
        serde_json::json!({"index": 2, "count": 4})
    );
    assert_eq!(p["cells"][0]["ranges"], serde_json::json!([[250, 500]]));
    assert_eq!(p["cells"][3]["ranges"], serde_json::json!([[75, 151]]));
    assert_eq!(p["manifest"]["seed"], 11);
    assert_eq!(p["manifest"]["complete"], true);
    // In any order.
    let merged = dir.join("merged");
    run(&[
        "merge",
        &shards[2],
        &shards[0],
        &shards[3],
        &shards[1],
        "--out",
        merged.to_str().unwrap(),
        "-q",
    ]);
    same_csvs(&one, &merged);
    assert_eq!(
        manifest(&merged)["merged"]["shards"],
        serde_json::json!(["3/4", "1/4", "4/4", "2/4"])
    );
}

#[test]
fn merge_refuses_other_runs_overlaps_missing_shards_and_other_versions() {
    let dir = scratch("shard-refuse");
    let exp = write(&dir, "e.toml", EXPERIMENT);
    let s: Vec<String> = (1..=3).map(|k| shard(&exp, &dir, k, 3, "2", &[])).collect();
    let out = dir.join("out");
    let out_s = out.to_str().unwrap();
    let refused = |args: &[&str], file: &str, words: &[&str]| {
        let mut all = vec!["merge"];
        all.extend(args);
        all.extend(["--out", out_s, "-q"]);
        let o = ludus(&all);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{all:?}: {err}");
        assert!(err.contains(file), "{err} names {file}");
        for w in words {
            assert!(err.contains(w), "{err} says {w}");
        }
        assert!(!out.join("summary.csv").exists(), "nothing written");
    };
    // Another seed.
    let other = shard(&exp, &dir, 2, 3, "2", &["--seed", "12"]);
    refused(&[&s[0], &other, &s[2]], &other, &["seed 12, not 11"]);
    // Another game count.
    let fewer = shard(&exp, &dir, 2, 3, "2", &["--games", "99"]);
    refused(&[&s[0], &fewer, &s[2]], &fewer, &["game counts"]);
    // A shard twice.
    refused(&[&s[0], &s[1], &s[1], &s[2]], &s[1], &["overlapping"]);
    // A shard of another cut that overlaps.
    let half = shard(&exp, &dir, 1, 2, "2", &[]);
    refused(&[&s[0], &half], &half, &["overlapping"]);
    // A shard missing.
    refused(&[&s[0], &s[2]], &s[0], &["shard 2/3", "--allow-partial"]);
    // A partial of another ludus version (sealed as that ludus would).
    let tampered = dir.join("tampered.json");
    let text = std::fs::read_to_string(Path::new(&s[1]).join("partial.json")).unwrap();
    let mut other: ludus::store::partial::Partial = serde_json::from_str(&text).unwrap();
    other.manifest.ludus_version = "9.9.9".into();
    std::fs::write(&tampered, other.to_json()).unwrap();
    let t = tampered.to_str().unwrap();
    refused(&[&s[0], t, &s[2]], t, &["9.9.9"]);
    // The same changed by hand: its seal no longer matches.
    let version = format!("\"ludus_version\":\"{}\"", env!("CARGO_PKG_VERSION"));
    assert!(text.contains(&version));
    std::fs::write(
        &tampered,
        text.replace(&version, "\"ludus_version\":\"9.9.9\""),
    )
    .unwrap();
    refused(&[&s[0], t, &s[2]], t, &["seal"]);
    // A tally changed by hand no longer adds up.
    let bad = dir.join("bad.json");
    std::fs::write(&bad, text.replacen("\"games\":", "\"games\":1", 1)).unwrap();
    refused(
        &[&s[0], bad.to_str().unwrap(), &s[2]],
        bad.to_str().unwrap(),
        &[],
    );
    // Not a partial at all.
    refused(&[&exp], &exp, &["not JSON"]);
}

#[test]
fn allow_partial_writes_the_games_there_are_and_says_what_is_missing() {
    let dir = scratch("shard-allow");
    let exp = write(&dir, "e.toml", EXPERIMENT);
    let s1 = shard(&exp, &dir, 1, 4, "2", &[]);
    let s3 = shard(&exp, &dir, 3, 4, "2", &[]);
    let out = dir.join("out");
    let o = ludus(&[
        "merge",
        &s1,
        &s3,
        "--allow-partial",
        "--out",
        out.to_str().unwrap(),
        "-q",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stderr(&o).contains("missing"), "{}", stderr(&o));
    let m = manifest(&out);
    assert_eq!(m["complete"], false);
    assert!(
        m["error"].as_str().unwrap().contains("--allow-partial"),
        "{m}"
    );
    // 1001 games: shards 2 and 4 are 250..500 and 750..1001; of 303, 75..151 and 227..303.
    assert_eq!(
        m["merged"]["missing"][0],
        serde_json::json!({"cell": 0, "ranges": [[250, 500], [750, 1001]]})
    );
    assert_eq!(
        m["merged"]["missing"][3],
        serde_json::json!({"cell": 3, "ranges": [[75, 151], [227, 303]]})
    );
    assert_eq!(m["merged"]["games_missing"], 3 * 501 + 152);
    let summary = crate::support::read_csv(&out.join("summary.csv"));
    assert_eq!(summary[0]["games"], "500");
    let cells = crate::support::read_csv(&out.join("cells.csv"));
    assert_eq!(cells[3]["games"], "151");
}

#[test]
fn tournament_shards_merged_give_the_standings_of_one_tournament() {
    let dir = scratch("shard-tournament");
    let file = write(
        &dir,
        "t.toml",
        r#"
name = "tt"
seed = 4
game = "three-men"
options = { first = "seat1" }
policies = ["random", "mcts:20", "alphabeta:2"]
games = 102
"#,
    );
    let whole = dir.join("whole");
    run(&[
        "tournament",
        &file,
        "-q",
        "--threads",
        "2",
        "--out",
        whole.to_str().unwrap(),
    ]);
    let shards: Vec<String> = (1..=3)
        .map(|k| {
            let out = dir.join(format!("t{k}"));
            let spec = format!("{k}/3");
            let threads = if k == 2 { "2" } else { "1" };
            let o = out.to_str().unwrap();
            run(&[
                "tournament",
                &file,
                "-q",
                "--threads",
                threads,
                "--shard",
                &spec,
                "--out",
                o,
            ]);
            assert!(
                !out.join("standings.csv").exists(),
                "a shard writes no standings"
            );
            o.to_string()
        })
        .collect();
    let merged = dir.join("merged");
    let m = merged.to_str().unwrap();
    run(&[
        "merge", &shards[1], &shards[2], &shards[0], "--out", m, "-q",
    ]);
    for f in ["standings.csv", "pairings.csv"] {
        assert!(
            std::fs::read(whole.join(f)).unwrap() == std::fs::read(merged.join(f)).unwrap(),
            "{f} differs"
        );
    }
    assert!(merged.join("standings.svg").exists());
    // Shard 2 missing; an experiment's partial among a tournament's.
    let o = ludus(&["merge", &shards[0], &shards[2], "--out", m, "-q"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("shard 2/3"), "{}", stderr(&o));
    let exp = write(&dir, "e.toml", EXPERIMENT);
    let s = shard(&exp, &dir, 2, 3, "2", &[]);
    let o = ludus(&["merge", &shards[0], &s, &shards[2], "--out", m, "-q"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&s) && stderr(&o).contains("not a tournament"),
        "{}",
        stderr(&o)
    );
    // A tournament measures the basic metrics: a shard resealed with
    // judged games, or claiming `--metrics all`, is refused.
    let forged = dir.join("forged");
    std::fs::create_dir_all(&forged).unwrap();
    let real: ludus::store::partial::Partial =
        serde_json::from_slice(&std::fs::read(Path::new(&shards[0]).join("partial.json")).unwrap())
            .unwrap();
    let mut judged = real.clone();
    let d = judged.cells[1].metrics.judged.get_mut("drama").unwrap();
    (d.games, d.sum, d.sq) = (1, "0".into(), "0".into());
    let mut all = real;
    all.manifest.metrics = "all".into();
    for (p, said) in [
        (
            judged,
            "cells[1].metrics.judged.drama.games: 1, but a run of `--metrics basic`",
        ),
        (
            all,
            "manifest.metrics: `all`, but a tournament measures `basic`",
        ),
    ] {
        std::fs::write(forged.join("partial.json"), p.to_json()).unwrap();
        let f = forged.to_str().unwrap();
        let o = ludus(&["merge", f, &shards[1], &shards[2], "--out", m, "-q"]);
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains(said), "{}", stderr(&o));
    }
    // A sequential test cannot be cut into shards.
    let o = ludus(&["tournament", &file, "--shard", "1/2", "--sprt", "0,50"]);
    refused(&o, 2, "--sprt");
}

#[test]
fn merge_refuses_a_shard_played_with_another_script_and_needs_no_script_itself() {
    let dir = scratch("shard-script");
    let bot = dir.join("bot.lua");
    let script = "function choose(game, moves)\n  return math.random(#moves)\nend\n";
    std::fs::write(&bot, script).unwrap();
    let exp = write(
        &dir,
        "e.toml",
        &format!(
            "name = \"lua\"\nseed = 1\ngames = 40\n[[cells]]\ngame = \"half-hazard\"\nseats = [\"lua:{}\", \"random\"]\n",
            bot.display()
        ),
    );
    let s1 = shard(&exp, &dir, 1, 2, "2", &[]);
    let s2 = shard(&exp, &dir, 2, 2, "2", &[]);
    std::fs::write(&bot, format!("{script}-- changed\n")).unwrap();
    let changed = shard(&exp, &dir, 2, 2, "2", &["--progress-every", "5"]);
    let out = dir.join("out");
    let out_s = out.to_str().unwrap();
    let o = ludus(&["merge", &s1, &changed, "--out", out_s, "-q"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(&changed) && stderr(&o).contains("another version of script"),
        "{}",
        stderr(&o)
    );
    // The script gone, the shards played with it still merge.
    std::fs::remove_file(&bot).unwrap();
    let o = ludus(&["merge", &s1, &s2, "--out", out_s, "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let summary = crate::support::read_csv(&out.join("summary.csv"));
    assert_eq!(summary[0]["games"], "40");
    assert!(summary[0]["policy"].starts_with("lua:"), "{:?}", summary[0]);
}
