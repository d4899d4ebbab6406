//! What `ludus position --json` prints is a position file: read back with
//! `--position`, it gives the same position and prints the same JSON. A
//! game without positions says so.
//!
//! Two things a position holds are not in a position file, and the tests
//! set them aside where they differ, naming them: what the move that led
//! to it captured (`last_captures`), and, in `fulke`, that the captor is
//! placing the men it has just turned before the turn passes (read back, it
//! places them and then moves as at the start of its turn). The moves
//! played before it (`ply`) are read back, so that a `cap` counts them.

use ludus::core::presentation::Presentation;
use std::path::PathBuf;

use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::options::Options;
use ludus::core::position_error::PositionError;
use ludus::core::seed::{Stream, below, stream};
use ludus::games::rithmomachy::Rithmomachy;
use ludus::games::rithmomachy::moves::Move;
use ludus::games::rithmomachy::piece::Side;
use ludus::games::rithmomachy::position::Phase;
use serde_json::Value;

use crate::support::{ludus, refused, scratch};

const RULE_SETS: [&str; 5] = ["boardspace", "modern", "medieval", "dagonell", "fulke"];

fn options(rules: &str) -> Options {
    Options::resolve(
        Rithmomachy::option_specs(),
        &[("rules".to_string(), rules.to_string())],
    )
    .unwrap()
}

fn read(rules: &str, json: &Value) -> Rithmomachy {
    Rithmomachy::from_position(&options(rules), &json.to_string())
        .unwrap_or_else(|e| panic!("{rules}: {e}\n{json}"))
}

/// `json` without what a position file does not hold.
fn held(json: &Value) -> Value {
    let mut j = json.clone();
    let o = j.as_object_mut().unwrap();
    o.remove("last_captures");
    j
}

/// A game of random moves from the start (seed 11), at most `plies` long:
/// every position it passed through, and the moves.
fn random_game(rules: &str, plies: u32) -> (Vec<Rithmomachy>, Vec<Move>) {
    let mut g = Rithmomachy::new(&options(rules)).unwrap();
    let mut rng = stream(11, Stream::Dice);
    let (mut positions, mut played, mut moves) = (Vec::new(), Vec::new(), Vec::new());
    while g.turn() != Turn::Over && g.length() < plies {
        positions.push(g.clone());
        g.legal_moves(&mut moves);
        let mv = moves[below(&mut rng, moves.len() as u32) as usize];
        played.push(mv);
        g.play(mv, &mut Silent);
    }
    positions.push(g);
    (positions, played)
}

#[test]
fn every_start_position_reads_back_to_the_same_json() {
    for rules in RULE_SETS {
        let start = Rithmomachy::new(&options(rules)).unwrap().to_json();
        assert_eq!(read(rules, &start).to_json(), start, "{rules}");
    }
}

#[test]
fn every_position_of_a_random_game_reads_back_and_plays_on_alike() {
    for rules in RULE_SETS {
        let (positions, played) = random_game(rules, 400);
        let (mut captured, mut reserved) = (false, false);
        for (k, g) in positions.iter().enumerate() {
            let json = g.to_json();
            captured |= json["captured"]["white"]["pieces"] != 0
                || json["captured"]["black"]["pieces"] != 0;
            reserved |= !json["reserve"]["white"].as_array().unwrap().is_empty()
                || !json["reserve"]["black"].as_array().unwrap().is_empty();
            let again = read(rules, &json);
            assert_eq!(held(&again.to_json()), held(&json), "{rules}, ply {k}");
            // Read back once more, it is a fixed point.
            assert_eq!(read(rules, &again.to_json()).to_json(), again.to_json());
            if g.position().phase() == Phase::PlaceThenPass {
                continue;
            }
            // The rest of the game is as legal from the file as it was.
            let mut again = again;
            let mut moves = Vec::new();
            for (j, &mv) in played[k..].iter().enumerate() {
                again.legal_moves(&mut moves);
                assert!(
                    moves.contains(&mv),
                    "{rules}: read at ply {k}, move {} `{mv}` is not legal",
                    k + j + 1
                );
                again.play(mv, &mut Silent);
            }
            let end = positions.last().unwrap();
            assert_eq!(again.position().ending(), end.position().ending());
            assert_eq!(held(&again.to_json()), held(&end.to_json()), "{rules}");
        }
        assert!(captured, "{rules}: the game captured something");
        let keeps = !["boardspace", "modern"].contains(&rules);
        assert_eq!(reserved, keeps, "{rules}: pieces in hand");
    }
}

#[test]
fn a_file_with_a_typo_in_a_key_is_refused() {
    let start = Rithmomachy::new(&options("medieval")).unwrap().to_json();
    let mut typo = start.clone();
    let o = typo.as_object_mut().unwrap();
    let reserve = o.remove("reserve").unwrap();
    o.insert("reserves".into(), reserve);
    let e = Rithmomachy::from_position(&options("medieval"), &typo.to_string()).unwrap_err();
    assert!(matches!(e, PositionError::Content(_)), "{e:?}");
    let e = e.to_string();
    assert!(e.contains("unknown field `reserves`"), "{e}");
    let mut typo = start;
    typo["captured"]["white"]["takn"] = Value::Array(vec![]);
    let e = Rithmomachy::from_position(&options("medieval"), &typo.to_string()).unwrap_err();
    assert!(matches!(e, PositionError::Content(_)), "{e:?}");
    let e = e.to_string();
    assert!(e.contains("captured.white") && e.contains("`takn`"), "{e}");
}

/// `ludus position rithmomachy --rules R --json` with `extra`, its output
/// written to `file`; returns the output.
fn position_json(rules: &str, extra: &[&str], file: &PathBuf) -> Value {
    let mut args = vec!["position", "rithmomachy", "--rules", rules, "--json"];
    args.extend(extra);
    let o = ludus(&args);
    assert!(
        o.status.success(),
        "{rules} {extra:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    std::fs::write(file, &o.stdout).unwrap();
    serde_json::from_slice(&o.stdout).unwrap()
}

#[test]
fn the_command_reads_back_what_it_prints() {
    let dir = scratch("cli");
    for rules in RULE_SETS {
        let (first, second) = (dir.join(format!("{rules}.json")), dir.join("again.json"));
        let start = position_json(rules, &[], &first);
        let again = position_json(rules, &["--position", first.to_str().unwrap()], &second);
        assert_eq!(again, start, "{rules}");
        assert_eq!(
            std::fs::read(&first).unwrap(),
            std::fs::read(&second).unwrap()
        );
    }
    // Medieval after some moves: captures made, pieces in hand.
    let (positions, played) = random_game("medieval", 400);
    let k = positions
        .iter()
        .position(|g| {
            g.position().captured(Side::Black).pieces > 0
                && !g.to_json()["reserve"]["black"]
                    .as_array()
                    .unwrap()
                    .is_empty()
        })
        .expect("black captures and holds pieces in hand");
    let moves: Vec<String> = played[..k].iter().map(Move::to_string).collect();
    let moves = moves.join(" ");
    let first = dir.join("played.json");
    let after = position_json("medieval", &["--moves", &moves], &first);
    assert_eq!(after, positions[k].to_json());
    let again = position_json(
        "medieval",
        &["--position", first.to_str().unwrap()],
        &dir.join("again.json"),
    );
    assert_eq!(held(&again), held(&after));
    assert_eq!(again["ply"], after["ply"], "a position file keeps its ply");
    assert!(after["ply"].as_u64().unwrap() > 0);
}

#[test]
fn a_game_without_positions_says_so() {
    for args in [
        &["position", "hazard"][..],
        &["position", "hazard", "--json"],
    ] {
        let o = ludus(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        assert!(o.stdout.is_empty(), "{args:?}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(
            e.contains("hazard: the game has no positions to show"),
            "{e}"
        );
    }
}

/// `ludus position rithmomachy --position FILE` with a ply of 10^12 is bad
/// input (exit 2) naming the file and `ply`; the same file with an
/// ordinary ply reads, and keeps it.
#[test]
fn a_huge_ply_in_a_position_file_is_bad_input() {
    let dir = scratch("huge-ply");
    let file = dir.join("huge.json");
    let text = |ply: u64| {
        format!(
            r#"{{"to_move": "white", "ply": {ply}, "pieces": [
                {{"at": "a1", "side": "white", "shape": "round", "value": 4}}]}}"#
        )
    };
    let path = file.to_str().unwrap();
    std::fs::write(&file, text(1_000_000_000_000)).unwrap();
    let o = ludus(&["position", "rithmomachy", "--position", path]);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(o.stdout.is_empty(), "{err}");
    assert!(
        err.contains("huge.json") && err.contains("`ply`") && err.contains("1000000000000"),
        "{err}"
    );
    std::fs::write(&file, text(40)).unwrap();
    let json = position_json("boardspace", &["--position", path], &dir.join("out.json"));
    assert_eq!(json["ply"], 40);
}

/// `ludus position rithmomachy --record FILE`: a boardspace.net record is
/// played from the start (the moves named on stderr with the options the
/// record implies); a game that reads no records, or a record beside
/// `--moves`, is bad input.
#[test]
fn a_boardspace_record_replays_through_position() {
    let dir = scratch("record");
    let sgf = dir.join("game.sgf");
    std::fs::write(
        &sgf,
        "(;\nSU[Rithmomachy]\nP0[id \"ann\"]\n; P0[0 Start P0]\n; P0[1 Pickb M 8]\n; P0[2 Dropb N 5]\n; P0[3 Done]\n; P1[4 Move F 6 G 5]\n; P1[5 Done]\n)\n",
    )
    .unwrap();
    let path = sgf.to_str().unwrap();
    let o = ludus(&["position", "rithmomachy", "--record", path, "--json"]);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(o.status.success(), "{err}");
    let json: Value = serde_json::from_slice(&o.stdout).unwrap();
    let direct = ludus(&[
        "position",
        "rithmomachy",
        "--moves",
        "h13-e14 f6-e7",
        "--json",
    ]);
    assert_eq!(
        json,
        serde_json::from_slice::<Value>(&direct.stdout).unwrap()
    );
    assert!(err.contains("2 moves played, rules=boardspace"), "{err}");
    assert!(err.contains("black was ann"), "{err}");
    let o = ludus(&["position", "three-men", "--record", path]);
    refused(&o, 2, "reads no game records");
    let o = ludus(&[
        "position",
        "rithmomachy",
        "--record",
        path,
        "--moves",
        "h13-e14",
    ]);
    refused(&o, 2, "--moves");
    std::fs::write(
        &sgf,
        "(;\n; P0[1 Move M 8 N 5]\n; P0[2 Done]\n; P1[3 Move M 8 N 5]\n; P1[4 Done]\n)\n",
    )
    .unwrap();
    let o = ludus(&["position", "rithmomachy", "--record", path]);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("game.sgf: move 2 `h13-e14` is not legal here"),
        "{err}"
    );
}

/// `perft --position` names the file it could not use, not only the game
/// (issue 55, defect 9).
#[test]
fn perft_names_the_position_file_it_refuses() {
    let dir = scratch("perft-bad-position");
    let file = dir.join("bad.json");
    std::fs::write(&file, "{\"game\":\"nine-men\"").unwrap();
    let path = file.to_str().unwrap();
    let o = ludus(&["perft", "nine-men", "--position", path, "--depth", "1"]);
    refused(&o, 2, &format!("{path} (nine-men): "));
}
