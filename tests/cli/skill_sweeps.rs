//! A policy's parameter swept for every seat in one line: `seats =
//! "mcts:{budget}"` with `sweep = { budget = [...] }`, the skill curves of
//! metrics.csv and metrics-N.svg; the parameter's column in summary.csv,
//! metrics.csv and cells.csv, and cells.csv's column per seat.

use std::path::Path;

use crate::support::{ludus, num, read_csv, refused, scratch, stderr, write};

#[test]
fn a_policy_parameter_is_swept_for_every_seat() {
    let dir = scratch("skill-sweep");
    let exp = write(
        &dir,
        "skill.toml",
        "name = \"skill\"\nseed = 4\ngames = 40\n[[cells]]\ngame = \"three-men\"\n\
         seats = \"mcts:{budget}\"\nsweep = { budget = [2, 30] }\n",
    );
    let out = dir.join("out");
    let o = ludus(&["run", &exp, "-q", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let summary = read_csv(&out.join("summary.csv"));
    let policies: Vec<(&str, &str)> = summary
        .iter()
        .map(|r| (r["cell"].as_str(), r["policy"].as_str()))
        .collect();
    assert_eq!(
        policies,
        [
            ("0", "mcts:2"),
            ("0", "mcts:2"),
            ("1", "mcts:30"),
            ("1", "mcts:30")
        ]
    );
    let metrics = read_csv(&out.join("metrics.csv"));
    assert_eq!(metrics[1]["seats"], "mcts:30 vs mcts:30");
    for m in &metrics {
        assert!(num(m, "balance_low") <= num(m, "balance_high"));
    }
    // The chart puts the swept key on its axis, and its values under it.
    let svg = std::fs::read_to_string(out.join("metrics-0.svg")).unwrap();
    assert!(
        svg.contains("\nbudget\n") && svg.contains("\n30\n"),
        "{svg}"
    );
}

#[test]
fn a_swept_key_that_is_neither_an_option_nor_a_parameter_is_refused() {
    let dir = scratch("skill-sweep-bad");
    for (text, says) in [
        (
            "seats = \"mcts:{budget}\"\nsweep = { budgett = [2, 30] }",
            "budgett",
        ),
        (
            "seats = \"mcts:{budget}\"\nsweep = { budget = [[1]] }",
            "is not a number or a word",
        ),
    ] {
        let exp = write(
            &dir,
            "bad.toml",
            &format!(
                "name = \"b\"\nseed = 1\ngames = 4\n[[cells]]\ngame = \"three-men\"\n{text}\n"
            ),
        );
        let o = ludus(&["run", &exp, "-q", "--out", dir.join("o").to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(2));
        let err = stderr(&o);
        assert!(err.contains(says) && err.contains("bad.toml"), "{err}");
    }
}

#[test]
fn the_shipped_skill_experiments_sweep_every_seat() {
    for (file, budgets) in [
        ("data/experiments/skill-boardspace.toml", 8),
        ("data/experiments/skill-nine-men.toml", 7),
    ] {
        let text = std::fs::read_to_string(file).unwrap();
        let e = ludus::plan::experiment::Experiment::parse(&text, file).unwrap();
        assert_eq!(e.cells.len(), budgets, "{file}");
        for c in &e.cells {
            let seats: Vec<String> = c.cell.seats.iter().map(|s| s.to_string()).collect();
            assert_eq!(seats[0], seats[1], "{file}");
            assert!(
                seats[0].starts_with("mcts:") && !seats[0].contains('{'),
                "{file}"
            );
        }
    }
}

/// A CSV's header, read with the csv crate.
fn header(path: &Path) -> Vec<String> {
    let mut r = csv::Reader::from_path(path).unwrap();
    r.headers().unwrap().iter().map(str::to_string).collect()
}

#[test]
fn a_swept_parameter_is_a_column_after_the_options() {
    let dir = scratch("param-columns");
    let exp = write(
        &dir,
        "exp.toml",
        r#"name = "param-columns"
seed = 1
games = 12
[[cells]]
game = "tanto"
seats = "mcts:{k}"
sweep = { players = [2, 3], k = [5, 10] }
[[cells]]
game = "three-men"
seats = ["mcts:{budget}", "random"]
sweep = { budget = [7] }
"#,
    );
    let out = dir.join("out");
    let o = ludus(&["run", &exp, "-q", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    // The parameters' columns end each table, in the file's order, after
    // the option columns (`players` among them), once each.
    for file in ["summary.csv", "metrics.csv", "cells.csv"] {
        let h = header(&out.join(file));
        assert_eq!(h[h.len() - 2..], ["k", "budget"], "{file}: {h:?}");
        let players = h.iter().position(|c| c == "players").unwrap();
        assert!(players < h.len() - 2, "{file}: {h:?}");
        assert_eq!(h.iter().filter(|c| *c == "k").count(), 1, "{file}");
    }
    // (players, k, budget) per cell, the first key varying slowest.
    let expected = [
        ("2", "5", ""),
        ("2", "10", ""),
        ("3", "5", ""),
        ("3", "10", ""),
        ("", "", "7"),
    ];
    let cells = read_csv(&out.join("cells.csv"));
    assert_eq!(cells.len(), expected.len());
    for file in ["summary.csv", "metrics.csv", "cells.csv"] {
        let rows = read_csv(&out.join(file));
        let mut seen = 0;
        for r in &rows {
            let cell: usize = r["cell"].parse().unwrap();
            let (players, k, budget) = expected[cell];
            assert_eq!(
                (r["players"].as_str(), r["k"].as_str(), r["budget"].as_str()),
                (players, k, budget),
                "{file}, cell {cell}"
            );
            seen += 1;
        }
        assert!(seen >= expected.len(), "{file}: {seen} rows");
    }
    // The policies agree with the parameter: summary.csv's per seat, and
    // cells.csv's seat columns, empty past a cell's seats.
    for r in read_csv(&out.join("summary.csv")) {
        if !r["k"].is_empty() {
            assert_eq!(r["policy"], format!("mcts:{}", r["k"]));
        }
    }
    let seat_columns: Vec<String> = header(&out.join("cells.csv"))
        .into_iter()
        .filter(|c| c.starts_with("seat_"))
        .collect();
    assert_eq!(seat_columns, ["seat_1", "seat_2", "seat_3"]);
    let seats = |c: &std::collections::HashMap<String, String>| {
        [
            c["seat_1"].clone(),
            c["seat_2"].clone(),
            c["seat_3"].clone(),
        ]
    };
    assert_eq!(seats(&cells[1]), ["mcts:10", "mcts:10", ""]);
    assert_eq!(seats(&cells[2]), ["mcts:5", "mcts:5", "mcts:5"]);
    assert_eq!(seats(&cells[4]), ["mcts:7", "random", ""]);
    assert_eq!(cells[4]["seats"], "mcts:7,random", "kept as it was");
}

#[test]
fn each_seat_has_a_column_though_its_policy_holds_commas() {
    let dir = scratch("seat-columns");
    let exp = write(
        &dir,
        "exp.toml",
        r#"name = "seat-columns"
seed = 2
games = 6
[[cells]]
game = "three-men"
seats = ["mcts:4,c=0.5", "random"]
[[cells]]
game = "three-men"
seats = ["random", "mcts:{budget},c=2"]
sweep = { budget = [3] }
"#,
    );
    let out = dir.join("out");
    let o = ludus(&["run", &exp, "-q", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let cells = read_csv(&out.join("cells.csv"));
    let seats: Vec<(&str, &str)> = cells
        .iter()
        .map(|c| (c["seat_1"].as_str(), c["seat_2"].as_str()))
        .collect();
    assert_eq!(
        seats,
        [("mcts:4,c=0.5", "random"), ("random", "mcts:3,c=2")]
    );
    // The joined list that `seats` keeps splits in three at its commas.
    assert_eq!(cells[0]["seats"], "mcts:4,c=0.5,random");
    assert_eq!(cells[1]["budget"], "3");
    // As summary.csv names each seat's policy.
    let summary = read_csv(&out.join("summary.csv"));
    for r in &summary {
        let cell: usize = r["cell"].parse().unwrap();
        assert_eq!(r["policy"], cells[cell][&format!("seat_{}", r["seat"])]);
    }
}

#[test]
fn a_parameter_named_as_a_column_is_refused() {
    let dir = scratch("param-collisions");
    for (cells, key) in [
        // One of the tables' own columns.
        (
            "[[cells]]\ngame = \"three-men\"\nseats = \"mcts:{games}\"\nsweep = { games = [5] }",
            "cells[0].sweep.games",
        ),
        (
            "[[cells]]\ngame = \"three-men\"\nseats = \"mcts:{seat_2}\"\nsweep = { seat_2 = [5] }",
            "cells[0].sweep.seat_2",
        ),
        // An option of another entry's game: tanto's `players`.
        (
            "[[cells]]\ngame = \"tanto\"\n[[cells]]\ngame = \"three-men\"\n\
             seats = \"mcts:{players}\"\nsweep = { players = [5] }",
            "cells[1].sweep.players",
        ),
    ] {
        let exp = write(
            &dir,
            "bad.toml",
            &format!("name = \"b\"\nseed = 1\ngames = 4\n{cells}\n"),
        );
        let o = ludus(&["run", &exp, "-q", "--out", dir.join("o").to_str().unwrap()]);
        let err = refused(&o, 2, &format!("`{key}`"));
        assert!(err.contains("bad.toml") && err.contains("column"), "{err}");
        let e = ludus::plan::experiment::Experiment::load(&exp).unwrap_err();
        assert!(
            matches!(&e, ludus::plan::plan_error::PlanError::File { key: Some(k), .. } if k == key),
            "{e:?}"
        );
    }
}
