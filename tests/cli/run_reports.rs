//! What `ludus run` writes, read as pandas or R would read it: options in
//! force, sides, scores, winners of each ending, the console table, file
//! modes, seat sweeps.

use std::path::PathBuf;
use std::process::Output;

use crate::support::{ludus, num, read_csv, scratch};

/// Runs `text` as an experiment into a fresh folder; returns the folder and
/// the process's output.
fn run(name: &str, text: &str, extra: &[&str]) -> (PathBuf, Output) {
    let dir = scratch(name);
    let exp = dir.join("exp.toml");
    std::fs::write(&exp, text).unwrap();
    let out = dir.join("out");
    let mut args = vec!["run", exp.to_str().unwrap(), "--out", out.to_str().unwrap()];
    args.extend(extra);
    let o = ludus(&args);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    (out, o)
}

const TIDY: &str = r#"
name = "tidy"
seed = 2
games = 3000
[[cells]]
game = "rithmomachy"
games = 300
options = { cap = 40 }
[[cells]]
game = "half-hazard"
seats = ["threshold:1", "threshold:3"]
[[cells]]
game = "pair-ace"
sweep = { players = [2, 3] }
"#;

#[test]
fn summary_names_changed_options_sides_scores_and_payoff_errors() {
    let (out, _) = run("summary", TIDY, &["--quiet"]);
    let rows = read_csv(&out.join("summary.csv"));
    let cell = |c: &'static str| rows.iter().filter(move |r| r["cell"] == c);
    // Only what differs from the defaults: rules=boardspace is the default.
    assert!(cell("0").all(|r| r["options"] == "cap=40"));
    assert!(cell("1").all(|r| r["options"].is_empty()));
    assert!(cell("2").all(|r| r["options"].is_empty()));
    assert!(cell("3").all(|r| r["options"] == "players=3"));
    let sides: Vec<&str> = cell("0").map(|r| r["side"].as_str()).collect();
    assert_eq!(sides, ["white", "black"]);
    assert!(cell("3").all(|r| r["side"].is_empty()));
    for c in ["0", "1", "2", "3"] {
        let games = num(cell(c).next().unwrap(), "games");
        // Every game hands out exactly one point: a win, or a draw shared.
        let points: f64 = cell(c).map(|r| num(r, "score")).sum();
        assert!((points - games).abs() < 1e-3, "cell {c}: {points} points");
        for r in cell(c) {
            let score = num(r, "score");
            assert!(score >= num(r, "wins") && score <= num(r, "wins") + num(r, "draws"));
            let rate = num(r, "score") / games;
            assert!((num(r, "score_rate") - rate).abs() < 1e-6);
        }
    }
    // Capped at 40 moves, many Rithmomachy games are drawn: half a point each.
    for r in cell("0") {
        let half_draws = num(r, "wins") + num(r, "draws") / 2.0;
        assert!(num(r, "draws") > 0.0);
        assert!((num(r, "score") - half_draws).abs() < 1e-6);
    }
    // The standard error of the mean payoff: the sample sd over sqrt(n).
    for r in cell("1") {
        let n = num(r, "games");
        let se = num(r, "sd_payoff") * (n / (n - 1.0)).sqrt() / n.sqrt();
        assert!(num(r, "se_payoff") > 0.0);
        assert!((num(r, "se_payoff") - se).abs() < 1e-5, "{r:?}");
    }
}

#[test]
fn endings_name_the_winner_and_add_up_to_the_summary() {
    let (out, _) = run("endings", TIDY, &["--quiet"]);
    let summary = read_csv(&out.join("summary.csv"));
    let endings = read_csv(&out.join("endings.csv"));
    for s in &summary {
        let (c, seat) = (&s["cell"], &s["seat"]);
        let won: f64 = endings
            .iter()
            .filter(|e| &e["cell"] == c && &e["winner"] == seat)
            .map(|e| num(e, "count"))
            .sum();
        assert_eq!(won, num(s, "wins"), "cell {c} seat {seat}");
        let all: f64 = endings
            .iter()
            .filter(|e| &e["cell"] == c)
            .map(|e| num(e, "count"))
            .sum();
        assert_eq!(all, num(s, "games"));
    }
    for e in &endings {
        assert!(["1", "2", "3", ""].contains(&e["winner"].as_str()), "{e:?}");
        // Issue #33: the seat a number, a draw a flag of its own.
        assert_eq!(e["draw"], (e["winner"].is_empty()).to_string(), "{e:?}");
        let side = match (e["cell"].as_str(), e["winner"].as_str()) {
            ("0", "1") => "white",
            ("0", "2") => "black",
            _ => "",
        };
        assert_eq!(e["side"], side, "{e:?}");
    }
    assert!(
        endings
            .iter()
            .any(|e| e["cell"] == "0" && e["reason"] == "cap" && e["draw"] == "true")
    );
}

const PLACES: &str = r#"
name = "places"
seed = 3
games = 2000
[[cells]]
game = "hazard"
[[cells]]
game = "rithmomachy"
games = 200
options = { cap = 40 }
[[cells]]
game = "pair-ace"
options = { players = 3 }
"#;

#[test]
fn mean_place_and_places_agree_with_wins_draws_and_losses() {
    let (out, _) = run("places", PLACES, &["--quiet"]);
    let text = std::fs::read_to_string(out.join("summary.csv")).unwrap();
    let header = text.lines().next().unwrap();
    assert!(
        header.contains(",score_rate,mean_place,win_rate,"),
        "{header}"
    );
    let summary = read_csv(&out.join("summary.csv"));
    let places = read_csv(&out.join("places.csv"));
    let text = std::fs::read_to_string(out.join("places.csv")).unwrap();
    assert_eq!(text.lines().next(), Some("cell,seat,place,count"));
    // Two seats: a win or a draw is first place, a loss second.
    for r in summary.iter().filter(|r| r["cell"] != "2") {
        let expected = 1.0 + num(r, "losses") / num(r, "games");
        assert!(
            (num(r, "mean_place") - expected).abs() < 1e-6,
            "cell {} seat {}: {} against {expected}",
            r["cell"],
            r["seat"],
            r["mean_place"]
        );
    }
    assert!(
        summary
            .iter()
            .any(|r| r["cell"] == "1" && num(r, "draws") > 0.0),
        "capped Rithmomachy has draws, which are first places"
    );
    for r in &summary {
        let (cell, seat) = (&r["cell"], &r["seat"]);
        let players = summary.iter().filter(|s| &s["cell"] == cell).count();
        let rows: Vec<_> = places
            .iter()
            .filter(|p| &p["cell"] == cell && &p["seat"] == seat)
            .collect();
        // Every place from 1 to the number of seats, in order, zeros included.
        let listed: Vec<String> = rows.iter().map(|p| p["place"].clone()).collect();
        let expected: Vec<String> = (1..=players).map(|p| p.to_string()).collect();
        assert_eq!(listed, expected, "cell {cell} seat {seat}");
        let games: f64 = rows.iter().map(|p| num(p, "count")).sum();
        assert_eq!(games, num(r, "games"), "cell {cell} seat {seat}");
        // Place 1 is a win or a share of a draw.
        assert_eq!(num(rows[0], "count"), num(r, "wins") + num(r, "draws"));
        let mean = rows
            .iter()
            .map(|p| num(p, "place") * num(p, "count"))
            .sum::<f64>()
            / games;
        assert!((num(r, "mean_place") - mean).abs() < 1e-6, "{r:?}");
    }
}

#[test]
fn cells_hold_the_options_in_force_and_the_first_games_seed() {
    let (out, _) = run("cells", TIDY, &["--quiet"]);
    let text = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    assert!(!text.contains("preset"), "{text}");
    let cells = read_csv(&out.join("cells.csv"));
    assert_eq!(cells.len(), 4);
    let r = &cells[0];
    assert_eq!(
        (
            r["game"].as_str(),
            r["rules"].as_str(),
            r["bodies"].as_str(),
            r["cap"].as_str(),
            r["first"].as_str(),
            r["glorious"].as_str(),
            r["triumph"].as_str(),
            r["board"].as_str(),
        ),
        (
            "rithmomachy",
            "boardspace",
            "15",
            "40",
            "black",
            "on",
            "off",
            "8x16"
        )
    );
    assert_eq!(r["games"], "300");
    assert_eq!(r["seats"], "random,random");
    assert_eq!(r["players"], "", "Rithmomachy has no `players` option");
    assert_eq!(cells[1]["seats"], "threshold:1,threshold:3");
    assert_eq!(cells[1]["pot"], "20");
    assert_eq!(
        (cells[2]["players"].as_str(), cells[3]["players"].as_str()),
        ("2", "3")
    );
    assert_eq!(
        (cells[2]["entry"].as_str(), cells[3]["entry"].as_str()),
        ("2", "2")
    );
    for (i, r) in cells.iter().enumerate() {
        let seed = ludus::core::seed::game_seed(2, i as u64, 0);
        assert_eq!(r["first_game_seed"], seed.to_string());
    }
    let timings = read_csv(&out.join("timings.csv"));
    assert_eq!(timings.len(), 4);
    assert!(timings.iter().all(|t| num(t, "thread_seconds") > 0.0));
}

#[test]
fn seat_lists_can_be_swept() {
    let text = r#"
name = "seat-sweep"
seed = 4
games = 2000
[[cells]]
game = "half-hazard"
sweep = { seats = [["random", "random"], ["threshold:1", "random"], "threshold:2"] }
"#;
    let (out, o) = run("seats", text, &[]);
    let summary = read_csv(&out.join("summary.csv"));
    let policies: Vec<&str> = summary.iter().map(|r| r["policy"].as_str()).collect();
    assert_eq!(
        policies,
        [
            "random",
            "random",
            "threshold:1",
            "random",
            "threshold:2",
            "threshold:2"
        ]
    );
    let table = String::from_utf8_lossy(&o.stdout);
    assert!(table.contains("seats=threshold:1,random"), "{table}");
    assert!(table.contains("seats=threshold:2"), "{table}");
    // A swept seat list of the wrong length names the sweep and the point.
    let bad = text.replace("\"threshold:2\"]", "[\"random\", \"random\", \"random\"]]");
    let dir = scratch("seats-bad");
    let exp = dir.join("bad.toml");
    std::fs::write(&exp, bad).unwrap();
    let o = ludus(&[
        "run",
        exp.to_str().unwrap(),
        "-q",
        "--out",
        dir.join("o").to_str().unwrap(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("cells[0].sweep.seats") && err.contains("lists 3 policies"),
        "{err}"
    );
}

#[test]
fn the_console_table_shows_every_swept_key_within_100_columns() {
    let text = r#"
name = "table"
seed = 5
games = 30
[[cells]]
game = "rithmomachy"
options = { rules = "dagonell", cap = 60 }
sweep = { bodies = [6, 12], triumph = ["great", "off"], goods_white = [1000, 2000] }
[[cells]]
game = "hazard"
options = { order = "fixed" }
sweep = { players = [2, 6] }
"#;
    let (_, o) = run("table", text, &[]);
    let table = String::from_utf8_lossy(&o.stdout);
    for line in table.lines() {
        assert!(
            line.chars().count() <= 100,
            "{} columns: {line}",
            line.len()
        );
    }
    for cell in [
        "rules=dagonell bodies=6 goods_white=1000 triumph=great cap=60",
        "bodies=12 goods_white=2000 triumph=off",
        "cell 9: hazard players=6 order=fixed",
    ] {
        assert!(table.contains(cell), "`{cell}` in\n{table}");
    }
    assert!(table.contains("draw%"), "{table}");
}

#[cfg(unix)]
#[test]
fn report_files_take_the_mode_a_new_file_gets() {
    use std::os::unix::fs::PermissionsExt;
    let (out, _) = run("modes", TIDY, &["--quiet"]);
    let plain = out.join("plain");
    std::fs::write(&plain, b"").unwrap();
    let expected = std::fs::metadata(&plain).unwrap().permissions().mode() & 0o777;
    for file in [
        "summary.csv",
        "cells.csv",
        "endings.csv",
        "lengths.csv",
        "places.csv",
        "manifest.json",
    ] {
        let mode = std::fs::metadata(out.join(file))
            .unwrap()
            .permissions()
            .mode()
            & 0o777;
        assert_eq!(mode, expected, "{file}: {mode:o} against {expected:o}");
    }
}
