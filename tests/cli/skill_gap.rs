//! summary.csv's `skill_gap`: what each seat of a solved cell would gain
//! in its chance of winning by playing `optimal` in its policy's place,
//! the other seats as they are, equal to two `ludus exact` line-ups.

use std::collections::HashMap;

use crate::support::{ludus, num, read_csv, scratch, stderr};

/// Seat `seat`'s exact chance of winning alone under `seats`, as
/// `ludus exact --json` gives it.
fn exact_win(options: &str, seats: &str, seat: usize) -> f64 {
    let o = ludus(&[
        "exact",
        "half-hazard",
        "--opt",
        options,
        "--seats",
        seats,
        "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    v["seats"][seat]["win"].as_f64().unwrap()
}

fn summary(name: &str, text: &str) -> Vec<HashMap<String, String>> {
    let dir = scratch(name);
    let exp = dir.join("exp.toml");
    std::fs::write(&exp, text).unwrap();
    let out = dir.join("out");
    let o = ludus(&["run", exp.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    read_csv(&out.join("summary.csv"))
}

#[test]
fn the_gap_is_optimal_in_the_seat_s_place_less_its_own_policy() {
    let rows = summary(
        "skill-gap",
        "name = \"g\"\nseed = 3\ngames = 500\n\
         [[cells]]\ngame = \"half-hazard\"\noptions = { rounds = 3 }\nseats = [\"threshold:1\", \"random\"]\n\
         [[cells]]\ngame = \"half-hazard\"\noptions = { rounds = 2 }\nseats = [\"optimal\", \"optimal:payoff\"]\n",
    );
    let own = [
        exact_win("rounds=3", "threshold:1,random", 0),
        exact_win("rounds=3", "threshold:1,random", 1),
    ];
    let with_optimal = [
        exact_win("rounds=3", "optimal,random", 0),
        exact_win("rounds=3", "threshold:1,optimal", 1),
    ];
    for s in 0..2 {
        let gap = with_optimal[s] - own[s];
        // Written to six places.
        assert!(
            (num(&rows[s], "skill_gap") - gap).abs() < 6e-7,
            "{:?}",
            rows[s]
        );
    }
    // Against random, winning play is worth 7 points in the second seat;
    // against a cautious first seat, half a point.
    assert!(num(&rows[1], "skill_gap") > 0.06 && num(&rows[0], "skill_gap") < 0.01);
    // A seat that plays `optimal` gains nothing by it; one that plays for
    // money may gain by playing to win.
    assert_eq!(rows[2]["skill_gap"], "0.000000");
    let money = exact_win("rounds=2", "optimal,optimal", 1)
        - exact_win("rounds=2", "optimal,optimal:payoff", 1);
    assert!(
        (num(&rows[3], "skill_gap") - money).abs() < 6e-7,
        "{:?}",
        rows[3]
    );
}

#[test]
fn no_decision_no_gap_and_no_solve_no_column() {
    let rows = summary(
        "skill-gap-none",
        "name = \"g\"\nseed = 3\ngames = 50\n\
         [[cells]]\ngame = \"hazard\"\n\
         [[cells]]\ngame = \"half-hazard\"\noptions = { rounds = 1 }\nseats = [\"mcts:5\", \"random\"]\n",
    );
    // Hazard asks nothing of its players: no play is better than another.
    assert_eq!(rows[0]["skill_gap"], "0.000000");
    assert_eq!(rows[1]["skill_gap"], "0.000000");
    // A search is no known distribution: the cell is not solved, and
    // neither seat has a gap.
    assert_eq!(rows[2]["skill_gap"], "");
    assert_eq!(rows[3]["skill_gap"], "");
}
