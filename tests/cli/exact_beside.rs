//! summary.csv sets each solved cell's estimates beside its exact values,
//! and leaves unsolved cells' exact columns empty.

use std::collections::HashMap;

use crate::support::{ludus, num, read_csv, scratch, stderr};

/// Runs `text` into a fresh folder: summary.csv's rows, and what was
/// printed.
fn summary(name: &str, text: &str) -> (Vec<HashMap<String, String>>, String) {
    let dir = scratch(name);
    let exp = dir.join("exp.toml");
    std::fs::write(&exp, text).unwrap();
    let out = dir.join("out");
    let o = ludus(&["run", exp.to_str().unwrap(), "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let printed = String::from_utf8_lossy(&o.stdout).to_string();
    (read_csv(&out.join("summary.csv")), printed)
}

#[test]
fn a_solved_cell_shows_its_exact_values_beside_the_estimates() {
    let (rows, printed) = summary(
        "exact-beside",
        "name = \"e\"\nseed = 5\ngames = 20000\n\
         [[cells]]\ngame = \"hazard\"\noptions = { order = \"fixed\" }\n\
         [[cells]]\ngame = \"half-hazard\"\noptions = { rounds = 1 }\nseats = [\"threshold:1\", \"threshold:3\"]\n",
    );
    // Hazard's closed form (hazard.md; tests/cli/exact.rs works it out).
    assert_eq!(rows[0]["exact_win_rate"], "0.557995");
    assert_eq!(rows[1]["exact_win_rate"], "0.442005");
    for r in &rows {
        let n = num(r, "games");
        let (rate, exact) = (num(r, "win_rate"), num(r, "exact_win_rate"));
        let z = (rate - exact) / (exact * (1.0 - exact) / n).sqrt();
        // From the rounded columns, so to within their rounding.
        assert!((num(r, "z_win_rate") - z).abs() < 1e-3, "{r:?}");
        assert!(z.abs() < 4.0, "{r:?}");
    }
    // Hazard is no money game: its payoff's error is 0, so no z.
    assert_eq!(rows[0]["exact_payoff"], "0.000000");
    assert_eq!(rows[0]["z_payoff"], "");
    // Half Hazard's payoffs are, and sum to nothing.
    let pay = |r: &HashMap<String, String>| num(r, "exact_payoff");
    assert!(pay(&rows[2]) > 0.1 && (pay(&rows[2]) + pay(&rows[3])).abs() < 1e-6);
    for r in &rows[2..] {
        let z = (num(r, "mean_payoff") - pay(r)) / num(r, "se_payoff");
        assert!(
            (num(r, "z_payoff") - z).abs() < 1e-4 && z.abs() < 4.0,
            "{r:?}"
        );
    }
    assert!(
        printed.contains("exact: seat 1 55.80% (z "),
        "the table shows the exact line: {printed}"
    );
}

#[test]
fn cells_that_cannot_be_solved_leave_the_columns_empty() {
    // max_plies = 3 stops many Hazard games before their end: the solved
    // game is not the one played.
    let (rows, printed) = summary(
        "exact-not",
        "name = \"e\"\nseed = 5\ngames = 50\nmax_plies = 3\n\
         [[cells]]\ngame = \"hazard\"\n\
         [[cells]]\ngame = \"half-hazard\"\noptions = { rounds = 1 }\nseats = [\"mcts:5\", \"random\"]\n\
         [[cells]]\ngame = \"three-men\"\n",
    );
    assert_eq!(rows.len(), 6);
    for r in &rows {
        for key in ["exact_win_rate", "z_win_rate", "exact_payoff", "z_payoff"] {
            assert_eq!(r[key], "", "{key} of {r:?}");
        }
    }
    assert!(!printed.contains("exact:"), "{printed}");
}

#[test]
fn the_run_or_a_cell_may_turn_exact_values_off() {
    let (rows, _) = summary(
        "exact-cell-off",
        "name = \"e\"\nseed = 5\ngames = 50\n\
         [[cells]]\ngame = \"hazard\"\nexact = false\n\
         [[cells]]\ngame = \"hazard\"\n",
    );
    assert_eq!(rows[0]["exact_win_rate"], "");
    assert_eq!(rows[2]["exact_win_rate"], "0.500000");
    let (rows, _) = summary(
        "exact-run-off",
        "name = \"e\"\nseed = 5\ngames = 50\nexact = false\n\
         [[cells]]\ngame = \"hazard\"\n\
         [[cells]]\ngame = \"hazard\"\nexact = true\n",
    );
    assert_eq!(rows[0]["exact_win_rate"], "");
    assert_eq!(rows[2]["exact_win_rate"], "0.500000");
}

/// Issue 32: for every game of pure chance the registry holds (none
/// named here, so that a new one is checked too), at its defaults and, where
/// it has a seat order, in seat order (where the seats differ), a million
/// games' estimate lies within 4 standard errors of the exact value, each
/// seat's win rate and payoff; a game whose exact mean length passes 200
/// throws is checked on a thousand games (Hazard for stakes, 578). Half
/// Hazard and Growing Hazard, which have decisions, reach too many states
/// by default and are left unsolved, which the test checks too.
#[test]
fn a_million_games_of_every_dice_game_agree_with_exact_play() {
    let mut text = String::from("name = \"million\"\nseed = 32\ngames = 1000000\n");
    let mut games = std::collections::HashMap::new();
    for entry in ludus::registry::games().iter().filter(|g| !g.decides()) {
        let g = entry.name();
        let exact = ludus(&["exact", g, "--json"]);
        assert!(exact.status.success(), "{g}: {}", stderr(&exact));
        let v: serde_json::Value = serde_json::from_slice(&exact.stdout).unwrap();
        let mean = v["length"]["mean"].as_f64().expect("a mean length");
        let n: u64 = if mean < 200.0 { 1_000_000 } else { 1_000 };
        games.insert(g.to_string(), n);
        text.push_str(&format!("[[cells]]\ngame = \"{g}\"\ngames = {n}\n"));
        // By default the opening throws make the seats alike (each wins
        // half the games); in seat order the first thrower's edge is what
        // is checked.
        if entry.option_specs().iter().any(|o| o.name == "order") {
            text.push_str(&format!(
                "[[cells]]\ngame = \"{g}\"\ngames = {n}\noptions = {{ order = \"fixed\" }}\n"
            ));
        }
    }
    assert!(games.len() >= 11, "{games:?}");
    for g in ["half-hazard", "growing-hazard"] {
        text.push_str(&format!("[[cells]]\ngame = \"{g}\"\ngames = 1000\n"));
    }
    let (rows, _) = summary("exact-million", &text);
    let mut asymmetric = 0;
    for r in &rows {
        let solved = games.get(&r["game"]);
        assert_eq!(r["exact_win_rate"].is_empty(), solved.is_none(), "{r:?}");
        let Some(&n) = solved else {
            continue;
        };
        assert_eq!(num(r, "games"), n as f64);
        if r["options"] == "order=fixed" {
            asymmetric += usize::from((num(r, "exact_win_rate") - 0.5).abs() > 0.01);
        }
        for key in ["z_win_rate", "z_payoff"] {
            if !r[key].is_empty() {
                assert!(num(r, key).abs() < 4.0, "{key} of {r:?}");
            }
        }
    }
    assert!(
        asymmetric >= 6,
        "seat order gives some seat an edge: {asymmetric} rows"
    );
}
