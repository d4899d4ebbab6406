//! Every sentence of seed 004's four morris games ("O młynkach w XIII
//! wieku"), each test quoting the sentence it checks.

use ludus::analysis::start::Start;
use ludus::core::log::Transcript;
use ludus::policies::policy_spec::PolicySpec;
use ludus::runner::play_one::OneGame;

use crate::support::{after, entry, from_file, legal, options};

fn random(n: usize) -> Vec<PolicySpec> {
    vec![PolicySpec::parse("random").unwrap(); n]
}

/// seed 004, 12 men's morris: "Na planszy znajduje się 25 miejsc ... W grze
/// uczestniczą 24 piony, po 12 dla każdego z graczy. ... środkowe pole jest
/// na początku gry puste."
#[test]
fn alquerque_25_points_12_men_each_centre_empty() {
    let start = after("alquerque", &[("first", "seat1")], "");
    let points = start["points"].as_object().unwrap();
    assert_eq!(points.len(), 24);
    assert_eq!(points.values().filter(|s| *s == "white").count(), 12);
    assert!(!points.contains_key("c3"));
    let geometry = ludus::games::morris::geometry::BoardKind::Alquerque.geometry();
    assert_eq!((geometry.len(), geometry.edges()), (25, 56));
}

/// seed 004: "Gracze losują, kto rusza pierwszy." (alquerque, nine and
/// three men's morris): the lot gives each side the first move.
#[test]
fn lots_decide_who_moves_first() {
    for game in ["alquerque", "nine-men", "three-men"] {
        let e = entry(game);
        let o = options(game, &[]);
        let mut firsts = [0; 2];
        for seed in 0..200 {
            let mut log = Transcript::default();
            let one = OneGame {
                options: &o,
                seats: &random(2),
                seed,
                max_plies: 100_000,
            };
            e.play_one(&one, &mut log).unwrap();
            let line = &log.lines[0];
            assert!(line.starts_with("lots"), "{game}: {line}");
            firsts[usize::from(line.contains("black moves first"))] += 1;
        }
        assert!(firsts[0] > 60 && firsts[1] > 60, "{game}: {firsts:?}");
    }
}

/// seed 004: "Piony poruszają się po liniach o jedno pole, a biją
/// przeskakując przez piona przeciwnika na pole za nim, jeśli jest puste (w
/// przypadku, kiedy pole jest zajęte bicie jest niemożliwe)."
#[test]
fn alquerque_jump_needs_an_empty_point_behind() {
    let open = r#"{"to_move": "white", "points": {"c3": "white", "c4": "black", "a1": "white", "e5": "black"}}"#;
    let moves = legal(&from_file("alquerque", &[("chain", "off")], open).unwrap());
    assert!(moves.contains(&"c3xc5".to_string()), "{moves:?}");
    let shut = r#"{"to_move": "white", "points": {"c3": "white", "c4": "black", "c5": "black", "a1": "white"}}"#;
    let moves = legal(&from_file("alquerque", &[("chain", "off")], shut).unwrap());
    assert!(moves.iter().all(|m| !m.contains('x')), "{moves:?}");
}

/// seed 004: "Naraz można zbić jednego lub kilka pionów przeskakując na
/// kolejne puste pola." Each jump of a chain is a decision of its own
/// (issue 30); stopping early is one where `chain=optional`.
#[test]
fn alquerque_one_or_several_men_at_once() {
    let file = r#"{"to_move": "white", "points": {"a1": "white", "b2": "black", "d4": "black", "e1": "black"}}"#;
    let at = |chain: &str, moves: &[&str]| -> serde_json::Value {
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        let text = entry("alquerque")
            .position(
                &Start::new(&options("alquerque", &[("chain", chain)]), Some(file)),
                &moves,
                true,
            )
            .unwrap();
        serde_json::from_str(&text).unwrap()
    };
    for chain in ["optional", "must_continue", "off"] {
        assert_eq!(
            legal(&at(chain, &[])),
            ["a1-b1", "a1-a2", "a1xc3"],
            "{chain}"
        );
    }
    let optional = at("optional", &["a1xc3"]);
    assert_eq!(optional["to_move"], "white");
    assert_eq!(optional["pending"]["at"], "c3");
    assert_eq!(legal(&optional), ["xe5", "stop"]);
    assert_eq!(legal(&at("must_continue", &["a1xc3"])), ["xe5"]);
    let off = at("off", &["a1xc3"]);
    assert_eq!(off["to_move"], "black");
    assert_eq!(off["captured"]["white"], 1);
    // A whole chain, or its parts: the same position.
    for moves in [&["a1xc3xe5"][..], &["a1xc3", "xe5"]] {
        let done = at("optional", moves);
        assert_eq!(done["points"].as_object().unwrap().len(), 2, "{done}");
        assert_eq!(done["captured"]["white"], 2);
        assert_eq!(done["to_move"], "black");
    }
    // Stopping early: explicitly, or by writing the next turn.
    let stopped = at("optional", &["a1xc3", "stop"]);
    assert_eq!(stopped["to_move"], "black");
    assert_eq!(stopped["captured"]["white"], 1);
    let next = at("optional", &["a1xc3", "e1-d1"]);
    assert_eq!(next["to_move"], "white");
    assert_eq!(next["points"]["d1"], "black");
}

/// seed 004: "Przegrywa ten gracz, który nie może wykonać ruchu (zostanie
/// zblokowany) lub straci wszystkie piony." (and nine men's morris: "Przegrywa
/// ten gracz który straci wszystkie piony lub zostanie zablokowany.")
#[test]
fn blocked_or_without_men_loses() {
    let blocked = r#"{"to_move": "black", "points": {"a1": "black", "a2": "white", "b1": "white", "a3": "white", "c1": "white", "b2": "white", "c3": "white"}}"#;
    let v = from_file("alquerque", &[], blocked).unwrap();
    assert_eq!(v["outcome"]["winner"], "white");
    assert_eq!(v["outcome"]["reason"], "blocked");
    let last = r#"{"to_move": "white", "points": {"c3": "white", "c4": "black"}}"#;
    let done = entry("alquerque")
        .position(
            &Start::new(&options("alquerque", &[]), Some(last)),
            &["c3xc5".into()],
            true,
        )
        .unwrap();
    assert!(done.contains(r#""reason":"no-men""#), "{done}");
    let nine = r#"{"to_move": "black", "hand": {"white": 0, "black": 0}, "points": {"a1": "black", "d1": "white", "a4": "white", "g1": "white", "a7": "white"}}"#;
    let v = from_file("nine-men", &[], nine).unwrap();
    assert_eq!(v["outcome"]["reason"], "blocked");
}

/// seed 004, Catch the Rabbit: "Jeden z graczy dysponuje jednym pionem
/// (tzw. królikiem) ustawionym w centrum, a drugi gracz dysponuje 12, 11 lub
/// 10 pionami ..." and "Królik rusza pierwszy, może poruszać się o jedno
/// pole i bić figury przeciwnika."
#[test]
fn rabbit_in_the_centre_moves_first_and_captures() {
    for n in ["10", "11", "12"] {
        let v = after("rabbit", &[("hunters", n)], "");
        assert_eq!(v["points"]["c3"], "hare");
        assert_eq!(v["to_move"], "hare");
        let hunters = v["points"]
            .as_object()
            .unwrap()
            .values()
            .filter(|s| *s == "hunters")
            .count();
        assert_eq!(hunters.to_string(), n);
    }
    let file = r#"{"to_move": "hare", "points": {"c3": "hare", "c2": "hunters", "a1": "hunters", "e1": "hunters", "a5": "hunters", "e5": "hunters", "b1": "hunters", "d1": "hunters", "a2": "hunters", "e2": "hunters", "b5": "hunters"}}"#;
    let moves = legal(&from_file("rabbit", &[], file).unwrap());
    assert!(moves.contains(&"c3xc1".to_string()), "{moves:?}");
}

/// seed 004: "Drugi gracz nie może zbić królika, ale go zablokować ...
/// Jeśli uda się zablokować królika, drugi gracz wygrywa, jeśli nie – przegrywa."
#[test]
fn hunters_never_capture_block_to_win_and_lose_when_thinned() {
    let file =
        r#"{"to_move": "hunters", "points": {"c3": "hare", "c2": "hunters", "c1": "hunters"}}"#;
    let moves = legal(&from_file("rabbit", &[], file).unwrap());
    assert!(moves.iter().all(|m| !m.contains('x')), "{moves:?}");
    let cornered = r#"{"to_move": "hare", "points": {"a1": "hare", "a2": "hunters", "b1": "hunters", "b2": "hunters", "a3": "hunters", "c1": "hunters", "c3": "hunters"}}"#;
    let v = from_file("rabbit", &[], cornered).unwrap();
    assert_eq!(v["outcome"]["winner"], "hunters");
    // Three captures from twelve leave nine: the hare wins.
    let thin = r#"{"to_move": "hare", "captured": {"hare": 2}, "points": {"c3": "hare", "c4": "hunters", "a1": "hunters", "b1": "hunters", "c1": "hunters", "d1": "hunters", "e1": "hunters", "a2": "hunters", "b2": "hunters", "d2": "hunters", "e2": "hunters"}}"#;
    let done = entry("rabbit")
        .position(
            &Start::new(&options("rabbit", &[]), Some(thin)),
            &["c3xc5".into()],
            true,
        )
        .unwrap();
    assert!(
        done.contains(r#""winner":"hare""#) && done.contains(r#""reason":"captures""#),
        "{done}"
    );
}

/// seed 004, nine men's morris: "Gracze ustawiają piony w wyznaczonych,
/// wolnych miejscach na zmianę, aż do momentu, kiedy wszystkie zostaną
/// ustawione. Następnie gracze poruszają się ..." and "biją przeskakując
/// na wolne pole za polem przeciwnika".
#[test]
fn nine_men_place_all_then_move_and_jump() {
    let placements = "a1 a7 d1 d7 g1 g7 b2 b6 d2 d6 f2 f6 c3 c5 d3 d5 e3 e5";
    let v = after("nine-men", &[("first", "seat1")], placements);
    assert_eq!(v["hand"]["white"], 0);
    assert_eq!(v["hand"]["black"], 0);
    let moves = legal(&v);
    assert!(
        moves.iter().all(|m| m.contains('-') || m.contains('x')),
        "{moves:?}"
    );
    // Jumps in the moving phase only, over a line's middle.
    let file = r#"{"to_move": "white", "points": {"d1": "white", "d2": "black", "a1": "black", "a4": "white"}}"#;
    let moves = legal(&from_file("nine-men", &[], file).unwrap());
    assert!(moves.contains(&"d1xd3".to_string()), "{moves:?}");
    assert!(
        !moves.iter().any(|m| m.starts_with("a4x")),
        "a corner is never jumped: {moves:?}"
    );
}

/// seed 004, three men's morris: "Ten, kto pierwszy ułoży linię prostą
/// wygrywa. Jeśli oboje gracze ułożą linię prostą w danej turze mówimy o remisie ..."
#[test]
fn three_men_line_wins_and_an_answered_line_draws() {
    let w = [("first", "seat1")];
    // White's third placement makes a1-b1-c1; black answers a3-b3-c3: a draw.
    let v = after("three-men", &w, "a1 a3 b1 b3 c1 c3");
    assert_eq!(v["outcome"]["reason"], "line-answered");
    assert!(v["outcome"]["winner"].is_null());
    // Unanswered, the line wins.
    let v = after("three-men", &w, "a1 a3 b1 b3 c1 a2");
    assert_eq!(v["outcome"]["winner"], "white");
    assert_eq!(v["outcome"]["reason"], "line");
    // Black's own line wins at once.
    let v = after("three-men", &w, "a1 a3 c2 b3 b1 c3");
    assert_eq!(v["outcome"]["winner"], "black");
    // Without the draw rule the first line wins at once.
    let v = after(
        "three-men",
        &[("first", "seat1"), ("draw_rule", "false")],
        "a1 a3 b1 b3 c1",
    );
    assert_eq!(v["outcome"]["winner"], "white");
}
