//! How `ludus run` behaves around the games: the progress a batch job's log
//! shows, Ctrl-C, and a report folder that belongs to another experiment,
//! to other settings of the same one, or to a tournament.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::support::{ludus, manifest, refused, scratch, write};

#[test]
fn a_log_gets_plain_progress_lines_with_each_cells_own_games() {
    let dir = scratch("log");
    // 1,000 + 2 x 1,500 games: the total counts each cell's own games.
    let exp = write(
        &dir,
        "log.toml",
        r#"
name = "log"
seed = 1
games = 1500
[[cells]]
game = "rithmomachy"
games = 1000
[[cells]]
game = "rithmomachy"
sweep = { rules = ["modern", "fulke"] }
"#,
    );
    let out = dir.join("out");
    let o = ludus(&[
        "run",
        &exp,
        "--threads",
        "2",
        "--progress-every",
        "0.05",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(o.status.success(), "{err}");
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("progress: "))
        .collect();
    assert!(!lines.is_empty(), "no progress line in: {err}");
    for l in &lines {
        assert!(l.contains("/4,000 games ("), "{l}");
        // Issue #33: the percentage beside the counts is of the games.
        let done: f64 = l["progress: ".len()..]
            .split('/')
            .next()
            .unwrap()
            .replace(',', "")
            .parse()
            .unwrap();
        let shown: f64 = l
            .split("games (")
            .nth(1)
            .unwrap()
            .split('%')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        // Written to one decimal: at most half a tenth off, and a hair.
        assert!((shown - 100.0 * done / 4000.0).abs() <= 0.051, "{l}");
        assert!(l.contains(" games/s, eta "), "{l}");
        // Rates read as a person writes them, never 6,001,058.2591/s.
        let rate = l
            .split(" games/s")
            .next()
            .unwrap()
            .rsplit(' ')
            .next()
            .unwrap();
        assert!(rate.len() <= 5 && !rate.contains(','), "{rate} in {l}");
    }
    // While a cell plays, its running win rates with their intervals.
    assert!(
        lines.iter().any(|l| l.contains("; cell ")
            && l.contains("win% seat 1 ")
            && l.contains(", seat 2 ")),
        "{err}"
    );
}

#[cfg(unix)]
#[test]
fn ctrl_c_keeps_the_finished_cells_and_marks_the_report_interrupted() {
    let dir = scratch("interrupt");
    let exp = write(
        &dir,
        "long.toml",
        r#"
name = "long"
seed = 1
games = 2000
[[cells]]
game = "pair-ace"
[[cells]]
game = "rithmomachy"
games = 100000000
"#,
    );
    let out = dir.join("out");
    let child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["run", &exp, "--quiet", "--out", out.to_str().unwrap()])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Wait for the first cell's report, then interrupt.
    let start = Instant::now();
    while !out.join("manifest.json").exists() {
        assert!(start.elapsed() < Duration::from_secs(60), "no report");
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: sending a signal to a child this test started.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(130), "{err}");
    assert!(
        err.contains("interrupted") && err.contains("holds 1 finished cell of 2"),
        "{err}"
    );
    let m = manifest(&out);
    assert_eq!(m["interrupted"], true);
    assert_eq!(m["complete"], false);
    assert_eq!(m["cells_done"], 1);
    assert!(m["error"].as_str().unwrap().contains("interrupted"), "{m}");
    let summary = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    assert_eq!(summary.lines().count(), 3, "cell 0's two seats: {summary}");
}

#[test]
fn a_folder_holding_another_experiments_report_is_refused_without_force() {
    let dir = scratch("overwrite");
    let one = write(
        &dir,
        "one.toml",
        "name = \"one\"\nseed = 1\ngames = 100\n[[cells]]\ngame = \"mayor\"\n",
    );
    let two = write(
        &dir,
        "two.toml",
        "name = \"two\"\nseed = 1\ngames = 100\n[[cells]]\ngame = \"menor\"\n",
    );
    let out = dir.join("shared");
    let out_s = out.to_str().unwrap();
    assert!(ludus(&["run", &one, "-q", "--out", out_s]).status.success());
    // The same experiment again replaces its own report.
    assert!(ludus(&["run", &one, "-q", "--out", out_s]).status.success());
    let o = ludus(&["run", &two, "-q", "--out", out_s]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains(out_s) && err.contains("`one`") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(manifest(&out)["experiment"], "one", "nothing was replaced");
    assert!(
        ludus(&["run", &two, "-q", "--force", "--out", out_s])
            .status
            .success()
    );
    assert_eq!(manifest(&out)["experiment"], "two");
    // Report files of unknown origin are not replaced either.
    std::fs::remove_file(out.join("manifest.json")).unwrap();
    let o = ludus(&["run", &one, "-q", "--out", out_s]);
    refused(&o, 2, "--force");
}

/// Issue #33: `--games 1000` replaced a finished 200,000-game report of
/// the same experiment with exit 0. A finished report of other settings
/// (games, seed) is kept unless forced; the same settings rewrite it.
#[test]
fn a_finished_report_of_other_settings_is_refused_without_force() {
    let dir = scratch("other-settings");
    let exp = write(
        &dir,
        "exp.toml",
        "name = \"exp\"\nseed = 1\ngames = 300\n[[cells]]\ngame = \"mayor\"\n",
    );
    let out = dir.join("out");
    let out_s = out.to_str().unwrap();
    assert!(ludus(&["run", &exp, "-q", "--out", out_s]).status.success());
    for other in [&["--games", "100"][..], &["--seed", "2"][..]] {
        let mut args = vec!["run", exp.as_str(), "-q", "--out", out_s];
        args.extend_from_slice(other);
        let o = ludus(&args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{other:?}: {err}");
        assert!(
            err.contains("finished report of other settings") && err.contains("--force"),
            "{err}"
        );
        assert_eq!(manifest(&out)["games_played"], 300, "nothing was replaced");
    }
    assert!(ludus(&["run", &exp, "-q", "--out", out_s]).status.success());
    let forced = ludus(&[
        "run", &exp, "-q", "--games", "100", "--force", "--out", out_s,
    ]);
    assert!(forced.status.success());
    assert_eq!(manifest(&out)["games_played"], 100);
}

/// Issue #33: experiment and tournament reports wrote into each other's
/// folders; a tournament played again with other settings replaced its
/// report. Each is refused (exit 2) unless forced.
#[test]
fn experiment_and_tournament_reports_keep_out_of_each_others_folders() {
    let dir = scratch("report-kinds");
    let exp = write(
        &dir,
        "exp.toml",
        "name = \"exp\"\nseed = 1\ngames = 50\n[[cells]]\ngame = \"mayor\"\n",
    );
    let tour = write(
        &dir,
        "tour.toml",
        "name = \"tour\"\nseed = 1\ngame = \"three-men\"\npolicies = [\"random\", \"alphabeta:1\"]\ngames = 20\n",
    );
    let (e, t) = (dir.join("e"), dir.join("t"));
    let (e_s, t_s) = (e.to_str().unwrap(), t.to_str().unwrap());
    assert!(ludus(&["run", &exp, "-q", "--out", e_s]).status.success());
    assert!(
        ludus(&["tournament", &tour, "-q", "--out", t_s])
            .status
            .success()
    );
    let refused = |args: &[&str], what: &str| {
        let o = ludus(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(what) && err.contains("--force"), "{err}");
    };
    refused(
        &["tournament", &tour, "-q", "--out", e_s],
        "holds an experiment report",
    );
    refused(
        &["run", &exp, "-q", "--out", t_s],
        "holds a tournament report",
    );
    refused(
        &["tournament", &tour, "-q", "--games", "40", "--out", t_s],
        "games_per_pairing 20, not 40",
    );
    let held = |dir: &std::path::Path| {
        let text = std::fs::read_to_string(dir.join("tournament.json")).unwrap();
        serde_json::from_str::<serde_json::Value>(&text).unwrap()["games_played"].clone()
    };
    assert_eq!(held(&t), 20, "nothing was replaced");
    assert!(
        ludus(&["tournament", &tour, "-q", "--out", t_s])
            .status
            .success()
    );
    let forced = ludus(&[
        "tournament",
        &tour,
        "-q",
        "--games",
        "40",
        "--force",
        "--out",
        t_s,
    ]);
    assert!(forced.status.success());
    assert_eq!(held(&t), 40);
}
