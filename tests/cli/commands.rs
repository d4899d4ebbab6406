//! The `ludus` command line as a user meets it: exit codes, messages, and
//! reports that do not depend on the thread count.

use std::process::Command;

use crate::support::{ludus, refused, scratch, stderr, write};

const SMALL: &str = r#"
name = "small"
seed = 11
games = 30000
[[cells]]
game = "pair-ace"
sweep = { players = [2, 3], order = ["fixed", "highest"] }
[[cells]]
game = "rithmomachy"
games = 300
options = { rules = "dagonell" }
"#;

#[test]
fn reports_are_byte_identical_for_one_and_two_threads() {
    let dir = scratch("threads");
    let exp = write(&dir, "small.toml", SMALL);
    let mut outputs = Vec::new();
    for threads in ["1", "2", "3"] {
        let out = dir.join(format!("t{threads}"));
        let o = ludus(&[
            "run",
            &exp,
            "--quiet",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        outputs.push(out);
    }
    for file in crate::shards::CSVS {
        let a = std::fs::read(outputs[0].join(file)).unwrap();
        assert!(!a.is_empty());
        for (other, threads) in outputs[1..].iter().zip([2, 3]) {
            let b = std::fs::read(other.join(file)).unwrap();
            assert_eq!(a, b, "{file} differs between 1 and {threads} threads");
        }
    }
    let summary = std::fs::read_to_string(outputs[0].join("summary.csv")).unwrap();
    // 5 cells (2 x 2 sweep and Rithmomachy): 2 + 2 + 3 + 3 + 2 seat rows and a header.
    assert_eq!(summary.lines().count(), 13);
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(outputs[1].join("manifest.json")).unwrap()).unwrap();
    assert_eq!(manifest["threads"], 2);
    assert_eq!(manifest["complete"], true);
    assert_eq!(manifest["interrupted"], false);
    assert_eq!(manifest["games_played"], 120300);
    assert_eq!(manifest["cell_runs"].as_array().unwrap().len(), 5);
}

#[test]
fn a_different_seed_gives_different_games() {
    let dir = scratch("seed");
    let exp = write(&dir, "small.toml", SMALL);
    let a = dir.join("a");
    let b = dir.join("b");
    assert!(
        ludus(&[
            "run",
            &exp,
            "-q",
            "--games",
            "2000",
            "--out",
            a.to_str().unwrap()
        ])
        .status
        .success()
    );
    assert!(
        ludus(&[
            "run",
            &exp,
            "-q",
            "--games",
            "2000",
            "--seed",
            "12",
            "--out",
            b.to_str().unwrap()
        ])
        .status
        .success()
    );
    assert_ne!(
        std::fs::read(a.join("lengths.csv")).unwrap(),
        std::fs::read(b.join("lengths.csv")).unwrap()
    );
}

fn bad(text: &str, expected: &[&str]) {
    let dir = scratch("bad");
    let exp = write(&dir, "bad.toml", text);
    let o = ludus(&[
        "run",
        &exp,
        "-q",
        "--out",
        dir.join("out").to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2), "stderr: {}", stderr(&o));
    let e = stderr(&o);
    assert!(e.contains("bad.toml"), "the message names the file: {e}");
    for part in expected {
        assert!(e.contains(part), "expected `{part}` in: {e}");
    }
}

#[test]
fn bad_experiment_files_exit_2_naming_file_and_key() {
    let head = "name = \"x\"\nseed = 1\ngames = 10\n";
    bad(
        &format!("{head}[[cells]]\ngame = \"chess\"\n"),
        &["cells[0].game", "unknown game `chess`"],
    );
    bad(
        &format!("{head}[[cells]]\ngame = \"pair-ace\"\noptions = {{ colour = 1 }}\n"),
        &["cells[0].options", "unknown option `colour`"],
    );
    bad(
        &format!("{head}[[cells]]\ngame = \"pair-ace\"\noptions = {{ players = 9 }}\n"),
        &["players", "between 2 and 6"],
    );
    bad(
        &format!(
            "{head}[[cells]]\ngame = \"pair-ace\"\nsweep = {{ order = [\"fixed\", \"sideways\"] }}\n"
        ),
        &["cells[0].sweep", "sideways"],
    );
    bad(
        &format!(
            "{head}[[cells]]\ngame = \"pair-ace\"\nseats = [\"random\", \"random\", \"random\"]\n"
        ),
        &[
            "cells[0].seats",
            "lists 3 policies but pair-ace has 2 seats",
        ],
    );
    bad(
        &format!("{head}[[cells]]\ngame = \"pair-ace\"\nseats = \"genius\"\n"),
        &["seats[0]", "unknown policy `genius`"],
    );
    bad(
        "name = \"x\"\nseed = 1\ngames = 0\n[[cells]]\ngame = \"pair-ace\"\n",
        &["`games`", "at least 1"],
    );
    bad("name = \"x\"\nseed = 1\ngames = 5\n", &["cells"]);
    bad(
        &format!("{head}colour = 3\n[[cells]]\ngame = \"pair-ace\"\n"),
        &["colour"],
    );
    bad(
        "name = \"../up\"\nseed = 1\ngames = 5\n[[cells]]\ngame = \"pair-ace\"\n",
        &["`name`"],
    );
}

#[test]
fn a_missing_file_exits_2() {
    let o = ludus(&["run", "no/such/experiment.toml"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("no/such/experiment.toml"));
}

#[test]
fn games_lists_every_game_and_rules_prints_them() {
    let o = ludus(&["games"]);
    assert!(o.status.success());
    let text = String::from_utf8_lossy(&o.stdout);
    for g in ludus::registry::games() {
        assert!(
            text.contains(g.name()),
            "{} missing from `ludus games`",
            g.name()
        );
        let r = ludus(&["rules", g.name()]);
        assert!(r.status.success());
        let rules = String::from_utf8_lossy(&r.stdout).into_owned();
        assert!(
            ["000", "001", "002", "003", "004"]
                .iter()
                .any(|s| rules.contains(&format!("seed {s}")) || rules.contains(&format!("{s} "))),
            "{}: the rules cite the seed",
            g.name()
        );
    }
    refused(&ludus(&["rules", "chess"]), 2, "unknown game `chess`");
}

#[test]
fn play_prints_every_throw_and_is_reproducible() {
    let a = ludus(&["play", "pair-ace", "--opt", "players=3", "--seed", "9"]);
    let b = ludus(&["play", "pair-ace", "--opt", "players=3", "--seed", "9"]);
    assert!(a.status.success(), "{}", stderr(&a));
    assert_eq!(a.stdout, b.stdout);
    let text = String::from_utf8_lossy(&a.stdout);
    assert!(text.contains("throws") && text.contains("wins"), "{text}");
    refused(
        &ludus(&["play", "pair-ace", "--opt", "players"]),
        2,
        "players",
    );
    refused(
        &ludus(&["play", "pair-ace", "--seats", "random,random,random"]),
        2,
        "3 policies",
    );
}

#[test]
fn position_shows_json_and_names_an_illegal_move() {
    let o = ludus(&[
        "position",
        "rithmomachy",
        "--rules",
        "boardspace",
        "--moves",
        "c11-b10 c6-b7",
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    for key in [
        "to_move",
        "legal_moves",
        "last_captures",
        "captured",
        "outcome",
        "pieces",
    ] {
        assert!(j.get(key).is_some(), "no `{key}` in {j}");
    }
    assert_eq!(j["to_move"], "black");
    assert_eq!(j["pieces"].as_array().unwrap().len(), 48);
    let o = ludus(&["position", "rithmomachy", "--moves", "c11-b10 c6-c7"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(e.contains("move 2 `c6-c7`"), "{e}");
    let dir = scratch("position");
    let file = write(
        &dir,
        "bad.json",
        r#"{"to_move": "white", "pieces": [{"at": "z9"}]}"#,
    );
    let o = ludus(&["position", "rithmomachy", "--position", &file]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("bad.json"), "{}", stderr(&o));
}

#[test]
fn perft_counts_the_boardspace_anchor() {
    let o = ludus(&[
        "perft",
        "rithmomachy",
        "--rules",
        "boardspace",
        "--depth",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("perft(1) = 69") && out.contains("perft(2) = 4898"),
        "{out}"
    );
    let o = ludus(&["perft", "pair-ace", "--depth", "1"]);
    refused(&o, 2, "pair-ace");
}

#[test]
fn the_default_experiment_is_valid_and_runs() {
    let e = ludus::plan::experiment::Experiment::default_experiment();
    let names: std::collections::BTreeSet<_> = e.cells.iter().map(|c| c.game.name()).collect();
    // Every registered game appears in the main job.
    for g in ludus::registry::games() {
        assert!(
            names.contains(g.name()),
            "{} is not in the default experiment",
            g.name()
        );
    }
    let dir = scratch("default");
    let out = dir.join("out");
    let o = ludus(&[
        "run",
        "--games",
        "50",
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert!(summary.lines().count() > e.cells.len());
}

#[test]
fn a_cell_may_set_its_own_number_of_games() {
    use ludus::plan::experiment::Experiment;
    use ludus::plan::plan_error::PlanError;
    let text = r#"
name = "own"
seed = 1
games = 100
[[cells]]
game = "pair-ace"
[[cells]]
game = "rithmomachy"
games = 7
sweep = { bodies = [5, 10] }
"#;
    let e = Experiment::parse(text, "own.toml").unwrap();
    let games: Vec<u64> = e.cells.iter().map(|c| c.cell.games).collect();
    assert_eq!(games, [100, 7, 7]);
    let e = Experiment::parse(&text.replace("games = 7", "games = 0"), "own.toml").unwrap_err();
    assert!(
        matches!(&e, PlanError::File { file, key: Some(k), .. } if file == "own.toml" && k == "cells[1].games"),
        "{e:?}"
    );
    let e = e.to_string();
    assert!(
        e.contains("own.toml") && e.contains("cells[1].games"),
        "{e}"
    );
}

#[test]
fn a_reader_that_stops_early_does_not_make_ludus_panic() {
    use std::io::Read;
    use std::process::Stdio;
    // A long game's transcript is far larger than a pipe's buffer, so ludus is still
    // writing when the reader (like `head`) goes away.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args([
            "play",
            "rithmomachy",
            "--rules",
            "modern",
            "--opt",
            "cap=5000",
        ])
        .args([
            "--opt",
            "bodies=off",
            "--opt",
            "goods_white=off",
            "--opt",
            "goods_black=off",
        ])
        .args(["--opt", "glorious=off"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("ludus runs");
    let mut first = [0u8; 64];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // Dropping the read end closes the pipe.
    let out = child.wait_with_output().unwrap();
    let err = stderr(&out);
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn a_rule_set_has_its_own_rules_page() {
    let o = ludus(&["rules", "rithmomachy", "--rules", "medieval"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = String::from_utf8_lossy(&o.stdout);
    assert!(page.contains("rule set `medieval` (seed 000)"), "{page}");
    assert!(page.contains("If a piece is captured, it changes sides."));
    let o = ludus(&["rules", "rithmomachy"]);
    let page = String::from_utf8_lossy(&o.stdout);
    assert!(page.contains("boardspace"), "{page}");
    let o = ludus(&["rules", "rithmomachy", "--rules", "dagonel"]);
    refused(&o, 2, "medieval");
}

#[test]
fn the_readmes_experiment_example_is_a_valid_experiment() {
    let readme = std::fs::read_to_string("docs/experiments.md").unwrap();
    let section = readme
        .split("## Defining an experiment")
        .nth(1)
        .expect("the README defines an experiment");
    let toml = section
        .split("```toml\n")
        .nth(1)
        .and_then(|s| s.split("```").next())
        .expect("a toml block");
    let e = ludus::plan::experiment::Experiment::parse(toml, "README.md").unwrap();
    // hazard x 5 players, half-hazard 2 x 2, rithmomachy x 3 bodies, x 2
    // seat lists, x 4 budgets of every seat's mcts.
    assert_eq!(e.cells.len(), 5 + 4 + 3 + 2 + 4);
    assert_eq!(e.cells[13].cell.seats[0].name, "lua");
    let last = e.cells.last().unwrap();
    assert_eq!(last.cell.seats[1].to_string(), "mcts:200");
}

/// `ludus bench --search`: a search policy's work per second, from
/// positions of random games; a policy the game cannot take is an input
/// error, and a game with no decision says so when every game is benched.
#[test]
fn bench_search_reports_work_per_second() {
    let o = ludus(&[
        "bench",
        "three-men",
        "--search",
        "alphabeta:3",
        "--search",
        "mcts:20",
        "--count",
        "6",
        "--repeat",
        "1",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let out = String::from_utf8_lossy(&o.stdout);
    let row = |policy: &str| -> Vec<String> {
        out.lines()
            .find(|l| l.split_whitespace().nth(1) == Some(policy))
            .unwrap_or_else(|| panic!("no row for {policy}: {out}"))
            .split_whitespace()
            .map(str::to_string)
            .collect()
    };
    let mcts = row("mcts:20");
    assert_eq!(mcts[2], "6");
    assert_eq!(mcts[3], "20.0", "{out}");
    let ab = row("alphabeta:3");
    assert!(ab[3].parse::<f64>().unwrap() > 1.0, "{out}");
    assert!(ab[4].parse::<f64>().unwrap() > 0.0, "{out}");
    // A throw a step, each listed (216 ways): alphabeta searches Half
    // Hazard's dice by expectation (one decision deep: each is 432 nodes).
    let o = ludus(&[
        "bench",
        "half-hazard",
        "--search",
        "alphabeta:1",
        "--count",
        "2",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stdout).contains("alphabeta:1"));
    let o = ludus(&["bench", "mayor", "--search", "mcts:5", "--count", "3"]);
    refused(&o, 2, "no decision");
}

/// Issue #33: a mistyped name gets the nearest known one (exit 2); a name
/// like none gets the list alone.
#[test]
fn mistyped_names_get_a_suggestion() {
    for (args, wanted) in [
        (&["play", "hazzard"][..], "did you mean `hazard`?"),
        (
            &["play", "hazard", "--opt", "player=3"][..],
            "did you mean `players`?",
        ),
        (
            &["play", "half-hazard", "--seats", "mcst:20,random"][..],
            "did you mean `mcts:<playouts>`?",
        ),
    ] {
        let o = ludus(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(wanted), "{args:?}: {err}");
    }
    let o = ludus(&["play", "chess"]);
    let err = refused(&o, 2, "unknown game `chess`");
    assert!(
        err.contains("unknown game `chess`") && !err.contains("did you mean"),
        "{err}"
    );
}

/// A TOML syntax error is one line naming the file, line and column, as
/// every other input error is (issue 55, defect 9: toml's own text spread
/// over four to six lines with the source and a caret).
#[test]
fn a_toml_syntax_error_is_one_line() {
    let dir = crate::support::scratch("toml-one-line");
    let file = dir.join("bad.toml");
    std::fs::write(&file, "name = \"x\nseed = 1\n").unwrap();
    let path = file.to_str().unwrap();
    for args in [
        vec!["run", path, "--out", "/nonexistent/never"],
        vec!["tournament", path, "--out", "/nonexistent/never"],
    ] {
        let o = crate::support::ludus(&args);
        let err = crate::support::stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert_eq!(
            err.trim_end(),
            format!("error: {path}: line 1, column 10: invalid basic string"),
            "{args:?}"
        );
    }
}
