//! A policy's parameter swept for every seat in one line: `seats =
//! "mcts:{budget}"` with `sweep = { budget = [...] }`, the skill curves of
//! metrics.csv and metrics-N.svg.

use crate::support::{ludus, num, read_csv, scratch, stderr, write};

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
