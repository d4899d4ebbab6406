//! A skill sweep rated on one Elo scale: the run's round-robin among the
//! levels and `random` (`calibrate` games a pairing) gives each cell its
//! level's Elo in metrics.csv, `random` at 0, and skill-N.svg draws the
//! first mover's score against it.

use std::collections::HashMap;
use std::path::PathBuf;

use crate::support::{ludus, num, read_csv, scratch, stderr, write};

const SWEEP: &str = "name = \"ladder\"\nseed = 4\ngames = 60\n\
     [[cells]]\ngame = \"three-men\"\noptions = { first = \"seat1\" }\n\
     seats = \"mcts:{budget}\"\nsweep = { budget = [1, 60] }\n\
     [[cells]]\ngame = \"three-men\"\nseats = \"random\"\n";

fn run(name: &str, text: &str, threads: &str) -> (PathBuf, String) {
    let dir = scratch(name);
    let exp = write(&dir, "exp.toml", text);
    let out = dir.join("out");
    let o = ludus(&[
        "run",
        &exp,
        "--threads",
        threads,
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    (out, String::from_utf8_lossy(&o.stderr).to_string())
}

fn elo(row: &HashMap<String, String>) -> (f64, f64, f64) {
    (
        num(row, "skill_elo"),
        num(row, "skill_elo_low"),
        num(row, "skill_elo_high"),
    )
}

#[test]
fn each_level_of_a_skill_sweep_is_rated_against_random() {
    let (out, said) = run("calibrated", &format!("calibrate = 80\n{SWEEP}"), "2");
    assert!(
        said.contains("rating the skill levels first: a round-robin of 240 games among 3 levels"),
        "{said}"
    );
    let metrics = read_csv(&out.join("metrics.csv"));
    let (weak, strong) = (elo(&metrics[0]), elo(&metrics[1]));
    for (e, low, high) in [weak, strong] {
        assert!(low < e && e < high, "{metrics:?}");
    }
    // Sixty playouts a move find the mill that one does not.
    assert!(strong.0 > weak.0 + 100.0, "{weak:?} {strong:?}");
    assert!(strong.0 > 0.0);
    // A cell that is no level of a sweep is not rated.
    assert_eq!(metrics[2]["skill_elo"], "");
    let svg = std::fs::read_to_string(out.join("skill-0.svg")).unwrap();
    assert!(svg.contains("mcts:60") && svg.contains("Elo"), "{svg}");
    assert!(!out.join("skill-1.svg").exists());
    // The same ratings whatever the threads: the games are seeded.
    let (one, _) = run("calibrated-1", &format!("calibrate = 80\n{SWEEP}"), "1");
    let again = read_csv(&one.join("metrics.csv"));
    for (a, b) in metrics.iter().zip(&again) {
        assert_eq!(a["skill_elo"], b["skill_elo"]);
        assert_eq!(a["skill_elo_low"], b["skill_elo_low"]);
    }
}

#[test]
fn calibrate_zero_rates_nothing_and_a_bad_value_is_refused() {
    let (out, said) = run("uncalibrated", &format!("calibrate = 0\n{SWEEP}"), "2");
    assert!(!said.contains("rating the skill"), "{said}");
    let metrics = read_csv(&out.join("metrics.csv"));
    assert!(metrics.iter().all(|m| m["skill_elo"].is_empty()));
    assert!(!out.join("skill-0.svg").exists());
    let dir = scratch("calibrate-bad");
    let exp = write(
        &dir,
        "bad.toml",
        &SWEEP.replace("sweep = {", "calibrate = 1000000\nsweep = {"),
    );
    let o = ludus(&["run", &exp, "--out", dir.join("o").to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(
        err.contains("bad.toml") && err.contains("cells[0].calibrate") && err.contains("100000"),
        "{err}"
    );
}
