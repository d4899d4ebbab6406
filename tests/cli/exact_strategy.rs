//! `ludus exact --strategy`: optimal play as a table in the game's terms,
//! checked against the rules (hazard pay) and against exact play of
//! `optimal` in every seat.

use crate::support::{ludus, stderr};

/// `ludus exact` with `args`, its standard output parsed as JSON.
fn json(args: &[&str]) -> serde_json::Value {
    let out = ludus(args);
    assert!(out.status.success(), "{args:?}: {}", stderr(&out));
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn one_turn_of_half_hazard_banks_whatever_is_won() {
    let one = [
        "exact",
        "half-hazard",
        "--opt",
        "rounds=1",
        "--opt",
        "order=fixed",
    ];
    let mut args = one.to_vec();
    args.extend(["--strategy", "--json"]);
    let t = json(&args);
    assert_eq!(t["objective"], "win");
    // One turn: only the winnings so far matter, and the thrower (seat
    // 1, the order fixed) is the only one to choose.
    assert_eq!(t["terms"], serde_json::json!(["won"]));
    let rows = t["rows"].as_array().unwrap();
    assert_eq!(rows.len(), 1, "{t}");
    assert_eq!(rows[0]["seat"], 1);
    // Nothing won (his own number restarted the run): throw. The first
    // hazard wins 3 units of 2 (half_hazard.md): stop from 6 on.
    let spans = rows[0]["spans"].as_array().unwrap();
    assert_eq!(
        spans[0],
        serde_json::json!({"from": 0, "to": 0, "choice": "throw"})
    );
    assert_eq!(spans[1]["from"], 6);
    assert_eq!(spans[1]["choice"], "stop");
    assert_eq!(spans.len(), 2);
    // The value the table states is what optimal play in both seats wins.
    let mut args = one.to_vec();
    args.extend(["--seats", "optimal", "--json"]);
    let played = json(&args);
    for s in 0..2 {
        let (a, b) = (
            t["value"][s].as_f64().unwrap(),
            played["seats"][s]["win"].as_f64().unwrap(),
        );
        assert!((a - b).abs() < 1e-12, "seat {s}: {a} stated, {b} played");
    }
}

#[test]
fn two_turns_a_player_behind_throws_on_until_he_has_caught_up() {
    let t = json(&[
        "exact",
        "half-hazard",
        "--opt",
        "rounds=2",
        "--opt",
        "pot=10",
        "--strategy",
        "--json",
    ]);
    let terms = t["terms"].as_array().unwrap();
    assert_eq!(terms.last().unwrap(), "won");
    assert!(terms.iter().any(|x| x == "lead"), "{terms:?}");
    // Behind by d, stopping with less than d won loses: the rule throws
    // on at every such amount and stops past it.
    let mut behind = 0;
    for row in t["rows"].as_array().unwrap() {
        let lead = row["given"]["lead"].as_i64().unwrap();
        for span in row["spans"].as_array().unwrap() {
            if span["choice"] == "stop" && lead < 0 {
                behind += 1;
                assert!(span["from"].as_i64().unwrap() > -lead, "{row}");
            }
        }
    }
    assert!(behind > 0, "no row behind: {t}");
}

#[test]
fn the_text_names_what_the_choice_does_not_depend_on() {
    let out = ludus(&[
        "exact",
        "half-hazard",
        "--opt",
        "rounds=1",
        "--strategy",
        "payoff",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("every seat playing for its expected payoff"),
        "{text}"
    );
    assert!(
        text.contains("Left out, as they never change the choice given the rest: turn"),
        "{text}"
    );
    assert!(text.contains("0 throw, 6-18 stop"), "{text}");
}

#[test]
fn strategy_refuses_seats_a_bad_objective_and_games_it_cannot_list() {
    for (args, says) in [
        (
            vec!["exact", "half-hazard", "--strategy", "--seats", "random"],
            "--seats does not go with it",
        ),
        (
            vec!["exact", "half-hazard", "--strategy", "money"],
            "the objective is win or payoff",
        ),
        (
            vec!["exact", "three-men", "--strategy"],
            "is a board game: exact odds are for the dice games",
        ),
    ] {
        let out = ludus(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let e = stderr(&out);
        assert!(e.contains(says), "{args:?}: {e}");
    }
    // A game without decisions has an empty rule, said in words.
    let out = ludus(&["exact", "hazard", "--strategy"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("no decision is ever made"));
}

/// `ludus solve` of a game with chance gives each seat's chance of winning
/// under optimal play, the value `--strategy` states, and a command for
/// the rule that runs as printed.
#[test]
fn solve_values_a_game_of_chance_and_its_printed_command_runs() {
    let args = [
        "solve",
        "half-hazard",
        "--opt",
        "rounds=1",
        "--opt",
        "order=fixed",
    ];
    let out = ludus(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    // The thrower's best in one turn, as docs/exact.md states it.
    assert!(text.contains("seat 1 wins 32.59888"), "{text}");
    let command = text
        .lines()
        .find_map(|l| l.split("the rule, in the game's terms: ").nth(1))
        .unwrap_or_else(|| panic!("no command: {text}"));
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words[..2], ["ludus", "exact"]);
    let pasted = ludus(&words[1..]);
    assert!(pasted.status.success(), "{command}: {}", stderr(&pasted));
    let rule = String::from_utf8_lossy(&pasted.stdout);
    assert!(
        rule.contains("seat 1 wins 32.5989%") && rule.contains("0 throw, 6-18 stop"),
        "{rule}"
    );
    let mut json = args.to_vec();
    json.push("--json");
    let v: serde_json::Value = serde_json::from_slice(&ludus(&json).stdout).unwrap();
    assert_eq!(v["chance"], true);
    assert!(
        (v["win"][0].as_f64().unwrap() - 0.325988861144).abs() < 1e-11,
        "{v}"
    );
    // A game of chance whose states are not named keeps the solver's
    // own reason and remedy.
    let out = ludus(&["solve", "three-men"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("pass --opt first=seat1"),
        "{}",
        stderr(&out)
    );
}

/// Four turns are solved by stages: the text says so, states the rule
/// in words with how often it agrees, and explains every column; the
/// JSON gives the same rule as a tree.
#[test]
fn four_turns_are_tabled_by_stages_with_the_rule_in_words() {
    let args = ["exact", "half-hazard", "--opt", "rounds=4", "--strategy"];
    let out = ludus(&args);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("solved by stages: 947 stage starts"),
        "{text}"
    );
    assert!(
        text.contains(
            "The rule in words: it chooses as optimal play does at 98.14% of the 857,416 decisions"
        ),
        "{text}"
    );
    assert!(text.contains("where lead + won is at most 0:"), "{text}");
    assert!(
        text.contains(
            "  won: what the thrower has won this turn and takes from the pot if he stops now"
        ),
        "{text}"
    );
    let mut with_json = args.to_vec();
    with_json.push("--json");
    let t = json(&with_json);
    assert_eq!(t["stage_starts"], 947);
    assert_eq!(t["rule"]["decisions"], 857_416);
    assert_eq!(t["rule"]["tree"]["where"], "lead");
    assert_eq!(t["rule"]["tree"]["low"]["where"], "lead + won");
    assert_eq!(
        t["meanings"]["lead"],
        "the thrower's money less the other's, the pot left out"
    );
}

/// A table with more decisions than the limit is refused with the
/// limit that would table it; pasting that limit tables it.
#[test]
fn a_table_over_the_limit_names_the_limit_that_tables_it() {
    let args = ["exact", "half-hazard", "--opt", "rounds=5", "--strategy"];
    let mut low = args.to_vec();
    low.extend(["--limit", "1000000"]);
    let out = ludus(&low);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(
        err.contains("optimal play makes 2369696 decisions"),
        "{err}"
    );
    let given = err
        .split("--limit ")
        .nth(1)
        .and_then(|rest| rest.split_whitespace().next())
        .expect("a limit to paste");
    let mut pasted = args.to_vec();
    pasted.extend(["--limit", given, "--json"]);
    let t = json(&pasted);
    assert_eq!(t["decisions"], 2_369_696);
}
