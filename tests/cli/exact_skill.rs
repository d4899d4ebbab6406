//! `ludus exact --skill`: how much a game rewards play, checked against
//! `ludus exact --seats` run apart, for its refusals (a row past the
//! limit stays a row) and for the games and flags it refuses.

use crate::support::{ludus, refused, stderr};

/// `ludus` with `args`, its standard output parsed as JSON.
fn json(args: &[&str]) -> serde_json::Value {
    let out = ludus(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// Two turns of Half Hazard: small enough to solve every line-up.
const TWO_TURNS: [&str; 4] = ["exact", "half-hazard", "--opt", "rounds=2"];

/// `ludus exact` of two turns with `more` arguments, as JSON.
fn two_turns(more: &[&str]) -> serde_json::Value {
    let mut args = TWO_TURNS.to_vec();
    args.extend(more);
    json(&args)
}

/// A number of a JSON object.
fn f(v: &serde_json::Value, key: &str) -> f64 {
    v[key].as_f64().unwrap_or_else(|| panic!("{key} in {v}"))
}

/// The rows against `opponent`, by seat.
fn rows_against<'a>(t: &'a serde_json::Value, opponent: &str) -> Vec<&'a serde_json::Value> {
    t["rows"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["opponent"] == opponent)
        .collect()
}

#[test]
fn every_row_is_what_exact_play_of_its_seats_gives() {
    let t = two_turns(&["--skill", "--json"]);
    assert_eq!(t["game"], "half-hazard");
    assert_eq!(t["optimal"], "optimal:win");
    let rows = t["rows"].as_array().unwrap();
    // Two seats; random and threshold:0-3, the game's native policy at
    // the parameters tried.
    let opponents: Vec<&str> = rows
        .iter()
        .filter(|r| r["seat"] == 1)
        .map(|r| r["opponent"].as_str().unwrap())
        .collect();
    assert_eq!(
        opponents,
        [
            "random",
            "threshold:0",
            "threshold:1",
            "threshold:2",
            "threshold:3"
        ]
    );
    assert_eq!(rows.len(), 10);
    for w in ["random", "threshold:2"] {
        let against = rows_against(&t, w);
        let all_w = two_turns(&["--seats", w, "--json"]);
        for (s, row) in against.iter().enumerate() {
            assert_eq!(row["seat"], s + 1);
            let mut seats = [w, w];
            seats[s] = "optimal";
            let played = two_turns(&["--seats", &seats.join(","), "--json"]);
            for key in ["win", "draw", "loss", "payoff"] {
                let (a, b) = (f(&row["optimal"], key), f(&played["seats"][s], key));
                assert!((a - b).abs() < 1e-12, "{w} seat {s} {key}: {a} vs {b}");
                let (a, b) = (f(&row["in_place"], key), f(&all_w["seats"][s], key));
                assert!((a - b).abs() < 1e-12, "{w} seat {s} {key}: {a} vs {b}");
            }
            let gap = f(&row["optimal"], "win") - f(&row["in_place"], "win");
            assert!((f(&row["gap"], "win") - gap).abs() < 1e-15, "{row}");
        }
    }
    // The equilibrium is both seats optimal.
    let both = two_turns(&["--seats", "optimal", "--json"]);
    for s in 0..2 {
        let (a, b) = (f(&t["equilibrium"][s], "win"), f(&both["seats"][s], "win"));
        assert!((a - b).abs() < 1e-12, "seat {s}: {a} vs {b}");
    }
}

#[test]
fn optimal_play_gains_on_random_in_every_seat() {
    for (objective, key) in [("win", "win"), ("payoff", "payoff")] {
        let t = two_turns(&["--skill", objective, "--json"]);
        assert_eq!(t["objective"], objective);
        let against = rows_against(&t, "random");
        assert_eq!(against.len(), 2);
        for row in against {
            assert!(f(&row["gap"], key) > 0.0, "{objective}: {row}");
        }
    }
    // One turn of Growing Hazard, the first thrower fixed: seats unlike.
    let t = json(&[
        "exact",
        "growing-hazard",
        "--opt",
        "rounds=1",
        "--opt",
        "order=fixed",
        "--skill",
        "--json",
    ]);
    for row in rows_against(&t, "random") {
        assert!(f(&row["gap"], "win") >= 0.0, "{row}");
    }
}

#[test]
fn seats_adds_weaker_policies() {
    let t = two_turns(&["--skill", "payoff", "--seats", "optimal:win", "--json"]);
    let against = rows_against(&t, "optimal:win");
    assert_eq!(against.len(), 2);
    // A policy listed that the table already has is not listed twice.
    let t = two_turns(&["--skill", "--seats", "random,threshold:7", "--json"]);
    assert_eq!(rows_against(&t, "random").len(), 2);
    assert_eq!(rows_against(&t, "threshold:7").len(), 2);
    assert_eq!(t["rows"].as_array().unwrap().len(), 12);
}

#[test]
fn a_row_past_the_limit_stays_and_says_so() {
    let mut args = TWO_TURNS.to_vec();
    args.extend(["--skill", "--limit", "5000"]);
    let out = ludus(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("over limit"), "{text}");
    assert!(text.contains("--limit raises it"), "{text}");
    // All thresholds in every seat list few states: those rows keep
    // their figures.
    let line = text
        .lines()
        .find(|l| l.starts_with("seat 1  threshold:0"))
        .unwrap();
    assert!(line.contains("over limit") && line.contains('.'), "{line}");
    args.push("--json");
    let t = json(&args);
    let rows = t["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 10);
    for row in rows {
        assert_eq!(row["optimal"]["over_limit"], true, "{row}");
        assert!(row["gap"].is_null(), "{row}");
    }
    assert_eq!(t["equilibrium"]["over_limit"], true);
}

#[test]
fn the_text_explains_its_columns_and_names_the_largest_gap() {
    let mut args = TWO_TURNS.to_vec();
    args.push("--skill");
    let out = ludus(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("half-hazard (order=highest;"), "{text}");
    for phrase in [
        "gap win",
        "percentage points",
        "equilibrium (every seat optimal)",
        "skill is worth up to",
        "against random",
    ] {
        assert!(text.contains(phrase), "{phrase}: {text}");
    }
}

#[test]
fn refused_where_skill_means_nothing_or_the_flags_clash() {
    let o = ludus(&["exact", "hazard", "--skill"]);
    refused(&o, 2, "no seat ever decides anything");
    let mut args = TWO_TURNS.to_vec();
    args.extend(["--skill", "luck"]);
    refused(&ludus(&args), 2, "the objective is win or payoff");
    let mut args = TWO_TURNS.to_vec();
    args.extend(["--skill", "--seats", "optimal"]);
    refused(&ludus(&args), 2, "not a weaker policy");
    let mut args = TWO_TURNS.to_vec();
    args.extend(["--skill", "--seats", "mcts:10"]);
    refused(&ludus(&args), 2, "no known distribution");
    let mut args = TWO_TURNS.to_vec();
    args.extend(["--skill", "--seats", "bluff"]);
    refused(&ludus(&args), 2, "bluff");
    let mut args = TWO_TURNS.to_vec();
    args.extend(["--skill", "--strategy"]);
    let o = ludus(&args);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}
