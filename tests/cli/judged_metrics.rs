//! The metrics that follow the lead (`metrics = "all"`): known values from
//! an evaluator whose judgement is known, the same games with or without
//! them, exact merges, and the evaluator's failures named.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use crate::support::{ludus, num, read_csv, scratch, stderr, write};

const JUDGED: [&str; 6] = [
    "lead_change",
    "stability",
    "drama",
    "decisiveness",
    "clarity_variance",
    "clarity_narrowness",
];

/// Runs `exp` with `extra` arguments into `dir/name`; returns the folder.
fn run(exp: &str, dir: &Path, name: &str, extra: &[&str]) -> PathBuf {
    let out = dir.join(name);
    let mut args = vec!["run", exp, "-q", "--out", out.to_str().unwrap()];
    args.extend(extra);
    let o = ludus(&args);
    assert!(o.status.success(), "ludus {args:?}: {}", stderr(&o));
    out
}

fn rows(out: &Path) -> Vec<HashMap<String, String>> {
    read_csv(&out.join("metrics.csv"))
}

fn bytes(out: &Path, file: &str) -> Vec<u8> {
    std::fs::read(out.join(file)).unwrap()
}

/// A script that plays its first option and judges every position worth
/// 0.25 to the seat to move (so -0.25 to the other).
const EVEN_HANDED: &str = "function choose(game, moves) return 1 end\n\
                           function evaluate(game) return 0.25 end\n";

#[test]
fn an_evaluator_of_known_judgement_gives_known_values() {
    let dir = scratch("judged-known");
    let script = write(&dir, "even.lua", EVEN_HANDED);
    let exp = write(
        &dir,
        "e.toml",
        &format!(
            "name = \"k\"\nseed = 2\ngames = 30\nmax_plies = 60\nmetrics = \"all\"\n\
             metrics_evaluator = \"lua:{script}\"\n[[cells]]\ngame = \"three-men\"\n"
        ),
    );
    let r = &rows(&run(&exp, &dir, "out", &[]))[0];
    // The seat to move leads before every decision: the lead changes at
    // every step.
    assert_eq!(num(r, "lead_change"), 1.0);
    assert_eq!(num(r, "lead_change_se"), 0.0);
    // Each seat's values alternate 0.25 and -0.25: variance 1/16.
    assert_eq!(num(r, "stability"), 0.0625);
    // No seat is ever judged above 0.25 before its last decision, so a
    // winner never stands above the loser's best: decided at the end.
    // Every game of first-option play is decided here (completion 1).
    assert_eq!(num(r, "completion"), 1.0);
    assert_eq!(num(r, "decisiveness"), 1.0);
    let drama = num(r, "drama");
    assert!(drama > 0.0 && drama <= 0.25, "drama {drama}");
}

#[test]
fn the_lead_is_followed_only_under_all_and_the_games_are_the_same() {
    let dir = scratch("judged-levels");
    let exp = write(
        &dir,
        "e.toml",
        "name = \"l\"\nseed = 5\ngames = 300\n[[cells]]\ngame = \"nine-men\"\n\
         [[cells]]\ngame = \"half-hazard\"\n[[cells]]\ngame = \"hazard\"\n",
    );
    let basic = run(&exp, &dir, "basic", &[]);
    let all = run(&exp, &dir, "all", &["--metrics", "all"]);
    assert_eq!(bytes(&basic, "summary.csv"), bytes(&all, "summary.csv"));
    assert_eq!(bytes(&basic, "endings.csv"), bytes(&all, "endings.csv"));
    for r in rows(&basic) {
        for key in JUDGED {
            assert!(r[key].is_empty(), "{key} under basic: {}", r[key]);
        }
    }
    let judged = rows(&all);
    // Nine men's by its own evaluation, Half Hazard by money: both have
    // every metric, each within its range.
    for r in &judged[..2] {
        for key in JUDGED {
            let x = num(r, key);
            let most = if key == "drama" || key == "clarity_variance" {
                2.0
            } else {
                1.0
            };
            assert!((0.0..=most).contains(&x), "{} {key} {x}", r["game"]);
        }
    }
    // Money changes hands turn by turn: Half Hazard's lead changes often.
    assert!(num(&judged[1], "lead_change") > 0.1);
    // Hazard has no decisions: nothing to judge.
    for key in JUDGED {
        assert!(judged[2][key].is_empty(), "hazard {key}");
    }
    // The designer's table and the metrics chart show the lead where it
    // was followed.
    let page = |out: &Path| std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(page(&all).contains("lead changes") && page(&all).contains("drama"));
    assert!(!page(&basic).contains("lead changes"));
    let chart = std::fs::read_to_string(all.join("metrics-0.svg")).unwrap();
    assert!(chart.contains("lead changes") && chart.contains("decided at"));
    // The file's `metrics = "all"` is the flag's.
    let text = std::fs::read_to_string(&exp).unwrap();
    let exp2 = write(
        &dir,
        "e2.toml",
        &text.replace("games = 300\n", "games = 300\nmetrics = \"all\"\n"),
    );
    let file = run(&exp2, &dir, "file", &[]);
    assert_eq!(bytes(&file, "metrics.csv"), bytes(&all, "metrics.csv"));
}

#[test]
fn a_search_evaluator_merges_exactly_across_threads_and_shards() {
    let dir = scratch("judged-merge");
    let exp = write(
        &dir,
        "e.toml",
        "name = \"m\"\nseed = 8\ngames = 24\nmetrics = \"all\"\n\
         metrics_evaluator = \"mcts:12\"\n[[cells]]\ngame = \"three-men\"\n",
    );
    let one = run(&exp, &dir, "one", &["--threads", "1"]);
    let two = run(&exp, &dir, "two", &["--threads", "2"]);
    assert_eq!(bytes(&one, "metrics.csv"), bytes(&two, "metrics.csv"));
    let r = &rows(&one)[0];
    for key in JUDGED {
        assert!(!r[key].is_empty(), "{key}");
    }
    let s1 = run(&exp, &dir, "s1", &["--shard", "1/2"]);
    let s2 = run(&exp, &dir, "s2", &["--shard", "2/2"]);
    let merged = dir.join("merged");
    let o = ludus(&[
        "merge",
        s2.to_str().unwrap(),
        s1.to_str().unwrap(),
        "--out",
        merged.to_str().unwrap(),
        "-q",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(bytes(&one, "metrics.csv"), bytes(&merged, "metrics.csv"));
    // A shard of another level does not merge with one of all (of a file
    // without an evaluator, which `--metrics basic` would leave unused).
    let plain = write(
        &dir,
        "plain.toml",
        "name = \"m\"\nseed = 8\ngames = 24\nmetrics = \"all\"\n\
         [[cells]]\ngame = \"three-men\"\n",
    );
    let all = run(&plain, &dir, "p1-all", &["--shard", "1/2"]);
    let basic = run(
        &plain,
        &dir,
        "p2-basic",
        &["--shard", "2/2", "--metrics", "basic"],
    );
    let o = ludus(&[
        "merge",
        all.to_str().unwrap(),
        basic.to_str().unwrap(),
        "--out",
        dir.join("mixed").to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("--metrics basic, not all"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_evaluator_that_fails_stops_the_run_naming_it_and_the_game() {
    let dir = scratch("judged-fail");
    let none = write(
        &dir,
        "none.lua",
        "function choose(game, moves) return 1 end\n",
    );
    let wide = write(
        &dir,
        "wide.lua",
        "function choose(game, moves) return 1 end\nfunction evaluate(game) return 3 end\n",
    );
    for (script, says) in [
        (&none, "defines no function evaluate(game, seat)"),
        (&wide, "evaluate returned 3"),
    ] {
        let exp = write(
            &dir,
            "e.toml",
            &format!(
                "name = \"f\"\nseed = 1\ngames = 5\nmetrics = \"all\"\n\
                 on_bot_error = \"forfeit\"\nmetrics_evaluator = \"lua:{script}\"\n\
                 [[cells]]\ngame = \"three-men\"\n"
            ),
        );
        let out = dir.join("out");
        let o = ludus(&["run", &exp, "-q", "--force", "--out", out.to_str().unwrap()]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(3), "{err}");
        assert!(err.contains("game 0 (seed "), "{err}");
        assert!(
            err.contains(&format!(
                "metrics_evaluator lua:{script} failed judging seat "
            )),
            "{err}"
        );
        assert!(err.contains(says), "{err}");
    }
}

#[test]
fn an_evaluator_is_refused_where_it_cannot_judge() {
    let dir = scratch("judged-refused");
    for (text, says) in [
        (
            "metrics_evaluator = \"mcts:10\"\n",
            "judges the lead only under metrics = \"all\"",
        ),
        (
            "metrics = \"all\"\nmetrics_evaluator = \"random\"\n",
            "`random` has no judgement of its own",
        ),
        (
            "metrics = \"all\"\nmetrics_evaluator = \"mcts:x\"\n",
            "`x` is not a whole number",
        ),
        (
            "metrics = \"all\"\nmetrics_evaluator = \"lua:no-such.lua\"\n",
            "no-such.lua",
        ),
    ] {
        let exp = write(
            &dir,
            "e.toml",
            &format!("name = \"r\"\nseed = 1\ngames = 5\n{text}[[cells]]\ngame = \"three-men\"\n"),
        );
        let o = ludus(&[
            "run",
            &exp,
            "-q",
            "--out",
            dir.join("out").to_str().unwrap(),
        ]);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains("`metrics_evaluator`"), "{err}");
        assert!(err.contains(says), "{err}");
    }
    let o = ludus(&["run", "--metrics", "most", "-q"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--metrics"), "{}", stderr(&o));
}

#[test]
fn the_shipped_and_documented_lua_evaluators_judge() {
    let dir = scratch("judged-lua");
    // scripts/README.md's example, pasted, with a move chooser.
    let readme = std::fs::read_to_string("scripts/README.md").unwrap();
    let start = readme
        .find("function evaluate(game, seat)\n  local t = game:view(\"table\")")
        .expect("the README's evaluate example");
    let end = start + readme[start..].find("\nend\n").unwrap() + 5;
    let script = write(
        &dir,
        "money.lua",
        &format!(
            "{}function choose(game, moves) return 1 end\n",
            &readme[start..end]
        ),
    );
    let exp = write(
        &dir,
        "e.toml",
        &format!(
            "name = \"s\"\nseed = 4\ngames = 40\nmetrics = \"all\"\n\
             metrics_evaluator = \"lua:{script}\"\n[[cells]]\ngame = \"half-hazard\"\n"
        ),
    );
    let r = &rows(&run(&exp, &dir, "money", &[]))[0];
    for key in JUDGED {
        assert!(!r[key].is_empty(), "half-hazard {key}");
    }
    // The morris greedy bot judges by the men kept; so does a 2-ply search.
    for judge in ["lua:scripts/morris/greedy.lua", "alphabeta:2"] {
        let exp = write(
            &dir,
            "e.toml",
            &format!(
                "name = \"g\"\nseed = 4\ngames = 20\nmetrics = \"all\"\n\
                 metrics_evaluator = \"{judge}\"\n[[cells]]\ngame = \"nine-men\"\n\
                 seats = [\"lua:scripts/morris/greedy.lua\", \"random\"]\n"
            ),
        );
        let out = run(&exp, &dir, &judge.replace([':', '/', '.'], "-"), &[]);
        let r = &rows(&out)[0];
        // The greedy seat takes men early and keeps its lead.
        assert!(num(r, "lead_change") < 0.3, "{judge}: {}", r["lead_change"]);
        assert!(num(r, "stability") > 0.0, "{judge}");
    }
}

/// The level and the evaluator agree wherever they are set: `--metrics
/// all` satisfies a file's evaluator, `--metrics basic` is refused where
/// the file names one rather than dropping it silently.
#[test]
fn the_command_line_level_meets_the_files_evaluator() {
    let dir = scratch("judged-flag");
    let exp = |metrics: &str| {
        write(
            &dir,
            &format!("e{}.toml", metrics.len()),
            &format!(
                "name = \"l\"\nseed = 1\ngames = 4\n{metrics}metrics_evaluator = \"mcts:4\"\n\
                 [[cells]]\ngame = \"three-men\"\n"
            ),
        )
    };
    let bare = exp("");
    let r = &rows(&run(&bare, &dir, "all", &["--metrics", "all"]))[0];
    assert!(!r["drama"].is_empty(), "judged under --metrics all");
    let all = exp("metrics = \"all\"\n");
    for (file, flag, says) in [
        (
            &all,
            Some("basic"),
            "--metrics basic: `metrics_evaluator` `mcts:4`",
        ),
        (&bare, None, "e0.toml: `metrics_evaluator` `mcts:4` judges"),
    ] {
        let out = dir.join("refused");
        let mut args = vec!["run", file, "-q", "--out", out.to_str().unwrap()];
        if let Some(f) = flag {
            args.extend(["--metrics", f]);
        }
        let o = ludus(&args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{err}");
        assert!(err.contains(says), "{err}");
        assert!(!out.exists(), "nothing written");
    }
}

/// A script that only judges needs no `choose`; one stuck in a call that
/// cannot be interrupted is ended as the evaluator, not as a seat.
#[test]
fn an_evaluator_script_needs_only_evaluate_and_is_named_when_stuck() {
    let dir = scratch("judged-only");
    let judge = write(
        &dir,
        "judge.lua",
        "function evaluate(game) return 0.25 end\n",
    );
    let stuck = write(
        &dir,
        "stuck.lua",
        "function evaluate(game)\n  return string.find((\"a\"):rep(40), (\"a*\"):rep(40) .. \"b\")\nend\n",
    );
    let exp = |script: &str, name: &str| {
        write(
            &dir,
            name,
            &format!(
                "name = \"j\"\nseed = 1\ngames = 6\nmax_plies = 60\nmetrics = \"all\"\n\
                 metrics_evaluator = \"lua:{script}{{max_seconds=1}}\"\n\
                 [[cells]]\ngame = \"three-men\"\n"
            ),
        )
    };
    let r = &rows(&run(&exp(&judge, "judge.toml"), &dir, "judge", &[]))[0];
    assert_eq!(num(r, "stability"), 0.0625);
    let out = dir.join("stuck");
    let o = ludus(&[
        "run",
        &exp(&stuck, "stuck.toml"),
        "-q",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains("(the metrics_evaluator, game seed "), "{err}");
    assert!(!err.contains("seat 1"), "{err}");
}
