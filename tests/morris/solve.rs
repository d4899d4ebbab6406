//! Three men's morris solved exactly (brief §5), through `ludus solve`'s
//! registry call: the seed's rules are a draw; without the draw rule the
//! first player wins, and only by opening in the centre, as the Libro advises.

use ludus::analysis::analysis_error::AnalysisError;
use ludus::analysis::retrograde::{Solution, Value};
use ludus::analysis::start::Start;

use crate::support::{entry, options};

fn solve(given: &[(&str, &str)]) -> Solution {
    let mut all = vec![("first", "seat1"), ("cap", "100000000")];
    all.extend_from_slice(given);
    entry("three-men")
        .solve(&Start::new(&options("three-men", &all), None), 1_000_000)
        .unwrap()
}

fn value_of(s: &Solution, mv: &str) -> Value {
    s.moves.iter().find(|(m, _)| m == mv).unwrap().1.value
}

#[test]
fn the_seeds_rules_are_a_draw_and_edge_openings_lose() {
    let s = solve(&[]);
    assert_eq!(s.root.value, Value::Draw);
    for edge in ["b1", "a2", "c2", "b3"] {
        assert_eq!(value_of(&s, edge), Value::Win(1), "{edge}");
    }
    for drawn in ["a1", "c1", "a3", "c3", "b2"] {
        assert_eq!(value_of(&s, drawn), Value::Draw, "{drawn}");
    }
}

#[test]
fn without_the_draw_rule_the_first_player_wins_only_from_the_centre() {
    let s = solve(&[("draw_rule", "false")]);
    assert_eq!(s.root.value, Value::Win(0));
    let winning: Vec<&str> = s
        .moves
        .iter()
        .filter(|(_, v)| v.value == Value::Win(0))
        .map(|(m, _)| m.as_str())
        .collect();
    assert_eq!(winning, ["b2"]);
}

#[test]
fn without_diagonals_or_without_moving_it_is_a_draw() {
    for given in [
        [("diagonals", "false"), ("draw_rule", "true")],
        [("diagonals", "false"), ("draw_rule", "false")],
        [("moving", "false"), ("draw_rule", "true")],
        [("moving", "false"), ("draw_rule", "false")],
    ] {
        assert_eq!(solve(&given).root.value, Value::Draw, "{given:?}");
    }
}

#[test]
fn the_solver_refuses_the_lot_and_big_games() {
    let lots = entry("three-men")
        .solve(&Start::new(&options("three-men", &[]), None), 1_000_000)
        .unwrap_err();
    assert!(matches!(lots, AnalysisError::Chance(_)), "{lots:?}");
    let lots = lots.to_string();
    assert!(lots.contains("first=seat1"), "{lots}");
    let big = entry("nine-men")
        .solve(
            &Start::new(&options("nine-men", &[("first", "seat1")]), None),
            10_000,
        )
        .unwrap_err();
    assert!(matches!(big, AnalysisError::Unsuited(_)), "{big:?}");
    let big = big.to_string();
    assert!(big.contains("more than 10000 positions"), "{big}");
}
