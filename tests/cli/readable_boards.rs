//! Boards a reader can follow: `ludus play --board` draws the game after
//! each decision, the header of `ludus play` gives every option in force,
//! and the chess games' positions carry a legend and their legal moves.

use std::process::Output;

use ludus::core::options::Options;

use crate::support::{ludus, scratch, write};

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Whether `line` is a diagram's row of file letters (`a b c ...`, however
/// spaced): every diagram has one under its board.
fn files_row(line: &str) -> bool {
    let letters: Vec<&str> = line.split_whitespace().collect();
    letters.len() >= 3
        && letters
            .iter()
            .enumerate()
            .all(|(i, l)| *l == ((b'a' + i as u8) as char).to_string())
}

fn diagrams(out: &str) -> usize {
    out.lines().filter(|l| files_row(l)).count()
}

fn decisions(out: &str) -> usize {
    out.lines().filter(|l| l.contains(" chooses ")).count()
}

#[test]
fn board_drawn_at_the_start_and_after_each_decision() {
    for (game, plies) in [
        ("grande-acedrex", "6"),
        ("four-seasons", "6"),
        ("rithmomachy", "5"),
        ("alquerque", "8"),
        ("nine-men", "30"),
    ] {
        let args = ["play", game, "--seed", "3", "--max-plies", plies];
        let plain = stdout(&ludus(&args));
        let drawn = stdout(&ludus(&[&args[..], &["--board"]].concat()));
        let n = decisions(&drawn);
        assert!(n > 0, "{game}: {drawn}");
        assert_eq!(decisions(&plain), n, "{game}: the same game is played");
        assert_eq!(
            diagrams(&drawn),
            n + 1,
            "{game}: one board a decision\n{drawn}"
        );
        assert_eq!(diagrams(&plain), 0, "{game}: no board without --board");
        // The boards come between the narration's lines, which stay as they were.
        let narration: Vec<&str> = drawn
            .lines()
            .filter(|l| plain.lines().any(|p| p == *l))
            .collect();
        assert_eq!(narration, plain.lines().collect::<Vec<_>>(), "{game}");
    }
}

#[test]
fn a_game_without_a_board_says_so_once() {
    let args = ["play", "hazard", "--seed", "2"];
    let plain = ludus(&args);
    let drawn = ludus(&[&args[..], &["--board"]].concat());
    assert!(drawn.status.success());
    assert_eq!(stdout(&drawn), stdout(&plain), "the narration alone");
    let said = String::from_utf8_lossy(&drawn.stderr);
    assert_eq!(said.matches("no board").count(), 1, "{said}");
    assert!(said.contains("hazard"), "{said}");
}

/// The options the header of `ludus play` lists, as `key=value` words.
fn header_options(out: &str) -> Vec<String> {
    let header = out.lines().next().expect("a header");
    let parts: Vec<&str> = header.split(" — ").collect();
    assert_eq!(parts.len(), 3, "title, options, seed: {header}");
    parts[1].split_whitespace().map(str::to_string).collect()
}

fn in_force_words(game: &str, given: &[(&str, &str)]) -> Vec<String> {
    let entry = ludus::registry::find(game).expect("a game");
    let options = Options::resolve(
        entry.option_specs(),
        &given
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<Vec<_>>(),
    )
    .expect("options");
    entry
        .options_in_force(&options)
        .expect("in force")
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect()
}

#[test]
fn header_names_every_option_with_its_default() {
    let out = stdout(&ludus(&["play", "grande-acedrex", "--max-plies", "1"]));
    let entry = ludus::registry::find("grande-acedrex").expect("a game");
    let defaults: Vec<String> = entry
        .option_specs()
        .iter()
        .map(|s| format!("{}={}", s.name, s.default))
        .collect();
    assert!(defaults.iter().any(|d| d == "king_leap=seed"));
    assert_eq!(header_options(&out), defaults);
}

#[test]
fn header_resolves_a_preset_and_names_it() {
    let out = stdout(&ludus(&[
        "play",
        "rithmomachy",
        "--rules",
        "medieval",
        "--max-plies",
        "1",
    ]));
    let words = header_options(&out);
    assert!(!out.lines().next().unwrap().contains("preset"), "{out}");
    assert!(words.contains(&"rules=medieval".to_string()), "{words:?}");
    assert!(words.contains(&"board=8x16".to_string()), "{words:?}");
    assert_eq!(
        words,
        in_force_words("rithmomachy", &[("rules", "medieval")])
    );
}

/// The count a diagram's `N legal moves: ...` line gives, and its moves.
fn legal_line(diagram: &str) -> (usize, Vec<String>) {
    let line = diagram
        .lines()
        .find(|l| l.contains("legal move"))
        .unwrap_or_else(|| panic!("no legal moves in {diagram}"));
    let (head, moves) = line.split_once(": ").expect("count: moves");
    let count = head.split(' ').next().unwrap().parse().expect("a count");
    (
        count,
        moves.split_whitespace().map(str::to_string).collect(),
    )
}

fn perft_one(game: &str, position: &str) -> usize {
    let out = stdout(&ludus(&[
        "perft",
        game,
        "--position",
        position,
        "--depth",
        "1",
    ]));
    let rest = out
        .split("perft(1) = ")
        .nth(1)
        .unwrap_or_else(|| panic!("{out}"));
    rest.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn chess_positions_carry_a_legend_and_their_legal_moves() {
    let dir = scratch("readable_boards_chess");
    for (game, moves, legend) in [
        (
            "grande-acedrex",
            "",
            "pieces: K king, A aanca, U unicorn, R rook, L lion, C crocodile, G giraffe, P pawn",
        ),
        (
            "grande-acedrex",
            "b1-e2 k9-k8 f1-g3",
            "pieces: K king, A aanca, U unicorn, R rook, L lion, C crocodile, G giraffe, P pawn",
        ),
        (
            "four-seasons",
            "g1-e2",
            "pieces: K king, R rook, P pawn, N knight",
        ),
    ] {
        let shown = stdout(&ludus(&["position", game, "--moves", moves]));
        assert!(shown.contains(legend), "{game}: {shown}");
        if game == "grande-acedrex" {
            assert!(shown.contains("white (upper case, K): 24 pieces on the board"));
            assert!(shown.contains("black (lower case, k): 24 pieces on the board"));
        }
        let json = stdout(&ludus(&["position", game, "--moves", moves, "--json"]));
        let file = write(&dir, &format!("{game}-{}.json", moves.len()), &json);
        let (count, listed) = legal_line(&shown);
        assert_eq!(count, listed.len(), "{game} {moves}");
        assert_eq!(count, perft_one(game, &file), "{game} {moves}: perft(1)");
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        let json_moves: Vec<String> = value["legal_moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_string())
            .collect();
        assert_eq!(listed, json_moves, "{game} {moves}");
    }
}

#[test]
fn a_chess_position_before_the_die_says_the_die_comes_first() {
    let shown = stdout(&ludus(&["position", "grande-acedrex", "--opt", "dice=d8"]));
    assert!(
        shown.contains("white throws the die before moving"),
        "{shown}"
    );
    assert!(shown.contains("pieces: K king"), "{shown}");
}
