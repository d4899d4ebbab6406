//! Replays on a board: a run that keeps records writes records.html
//! beside records.jsonl, one self-contained page that shows every kept
//! game step by step; `ludus play --html` writes the same page for its
//! game. The pieces each step draws are checked against the position
//! replayed here through the library and read from the game's own JSON
//! (`ludus position --json`'s), for each family.

use std::collections::BTreeSet;
use std::path::Path;

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::options::Options;
use ludus::core::presentation::Presentation;
use ludus::core::seed::{Stream, stream};
use ludus::games::chess::{FourSeasons, GrandeAcedrex};
use ludus::games::morris::{Alquerque, NineMen};
use ludus::games::rithmomachy::Rithmomachy;
use serde_json::Value;

use crate::support::{ludus, scratch, stderr, write};

/// A cell of each family: Rithmomachy, two morris boards (the 25 points
/// of Alquerque, nine men's morris with mills, whose removals the page
/// marks), chess of two and of four seats with dice and a closed centre,
/// and dice games with and without money.
const EXPERIMENT: &str = r#"
name = "replay-pages"
seed = 7
games = 3
record = 2
max_plies = 70
[[cells]]
game = "rithmomachy"
seats = "random"
[[cells]]
game = "alquerque"
seats = "random"
[[cells]]
game = "nine-men"
options = { capture = "mill" }
seats = "random"
[[cells]]
game = "grande-acedrex"
options = { dice = "d8" }
seats = "random"
[[cells]]
game = "four-seasons"
options = { dice = "one", centre = "block" }
seats = "random"
[[cells]]
game = "hazard"
seats = "random"
[[cells]]
game = "half-hazard"
seats = ["threshold:2", "random"]
"#;

/// The games of a replay page, as its script reads them.
fn games_of(page: &str) -> Vec<Value> {
    let open = r#"<script type="application/json" id="replays">"#;
    let start = page.find(open).expect("the page holds its games") + open.len();
    let end = start + page[start..].find("</script>").unwrap();
    serde_json::from_str::<Value>(&page[start..end])
        .unwrap()
        .as_array()
        .unwrap()
        .clone()
}

/// The value of attribute `name` in the tag text `tag`, its markup
/// unescaped.
fn attribute(tag: &str, name: &str) -> String {
    let key = format!(" {name}=\"");
    let at = tag.find(&key).unwrap_or_else(|| panic!("{name} in {tag}")) + key.len();
    let value = &tag[at..at + tag[at..].find('"').unwrap()];
    value
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// What a step draws: one (square, seat, shape, label) a piece.
fn drawn(layer: &str) -> BTreeSet<(String, usize, String, String)> {
    let tags: Vec<&str> = layer.split("<g class=\"piece\"").skip(1).collect();
    let set: BTreeSet<_> = tags
        .iter()
        .map(|t| {
            let tag = &t[..t.find('>').unwrap()];
            (
                attribute(tag, "data-at"),
                attribute(tag, "data-side").parse().unwrap(),
                attribute(tag, "data-shape"),
                attribute(tag, "data-label"),
            )
        })
        .collect();
    assert_eq!(set.len(), tags.len(), "two pieces on one spot: {layer}");
    set
}

/// Game `G` of `record` replayed here, its position after each step
/// (each throw, each decision) as its JSON.
fn positions<G: Game + Presentation>(record: &Value) -> Vec<Value> {
    let given: Vec<(String, String)> = (record["options"].as_object().unwrap().iter())
        .map(|(k, v)| (k.clone(), v.as_str().unwrap().to_string()))
        .collect();
    let options = Options::resolve(G::option_specs(), &given).unwrap();
    let mut game = G::new(&options).unwrap();
    let mut dice = Dice::seeded(stream(record["seed"].as_u64().unwrap(), Stream::Dice));
    let mut moves = (record["play"].as_array().unwrap().iter()).filter_map(|s| s.get("move"));
    let max = record["max_plies"].as_u64().unwrap() as u32;
    let mut out = vec![game.to_json()];
    let mut buf = Vec::new();
    while game.turn() != Turn::Over && game.length() < max {
        match game.turn() {
            Turn::Chance => game.chance_step(&mut dice, &mut Silent),
            Turn::Decide(_) => {
                let Some(text) = moves.next() else { break };
                game.legal_moves(&mut buf);
                let mv = *buf
                    .iter()
                    .find(|m| m.to_string() == text.as_str().unwrap())
                    .unwrap();
                game.play(mv, &mut Silent);
            }
            Turn::Over => break,
        }
        out.push(game.to_json());
    }
    out
}

/// The pieces of a Rithmomachy position as the page draws them.
fn rithmomachy(json: &Value) -> BTreeSet<(String, usize, String, String)> {
    (json["pieces"].as_array().unwrap().iter())
        .map(|p| {
            let side = usize::from(p["side"] == "black");
            let shape = p["shape"].as_str().unwrap().to_string();
            (
                p["at"].as_str().unwrap().to_string(),
                side,
                shape,
                p["value"].to_string(),
            )
        })
        .collect()
}

/// The men of a morris position as the page draws them.
fn morris(json: &Value, sides: &[String]) -> BTreeSet<(String, usize, String, String)> {
    (json["points"].as_object().unwrap().iter())
        .map(|(at, side)| {
            let seat = sides
                .iter()
                .position(|s| s == side.as_str().unwrap())
                .unwrap();
            (at.clone(), seat, "man".to_string(), String::new())
        })
        .collect()
}

/// The pieces of a chess position as the page draws them: a token is
/// `K`/`k` with two seats, `2N` (and a pawn's arrow) with more.
fn chess(json: &Value, seats: usize) -> BTreeSet<(String, usize, String, String)> {
    let rows = json["board"].as_array().unwrap();
    let mut out = BTreeSet::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = rows.len() - i;
        for (file, token) in row.as_str().unwrap().split(' ').enumerate() {
            if token == "." || token == "#" {
                continue;
            }
            let at = format!("{}{rank}", (b'a' + file as u8) as char);
            let (seat, label) = if seats == 2 {
                let lower = token.starts_with(|c: char| c.is_ascii_lowercase());
                (usize::from(lower), token.to_ascii_uppercase())
            } else {
                (
                    token[..1].parse::<usize>().unwrap() - 1,
                    token[1..].to_string(),
                )
            };
            out.insert((at, seat, "lettered".to_string(), label));
        }
    }
    out
}

/// The side names of a page's game, seat 1 first.
fn sides(game: &Value) -> Vec<String> {
    (game["key"].as_array().unwrap().iter())
        .map(|k| k[0].as_str().unwrap().to_string())
        .collect()
}

/// Checks every step of `game` (the page's) against `record` replayed
/// here; returns how many pieces were compared.
fn check_board_game(game: &Value, record: &Value) -> usize {
    let name = record["game"].as_str().unwrap();
    let sides = sides(game);
    let expected: Vec<BTreeSet<_>> = match name {
        "rithmomachy" => positions::<Rithmomachy>(record)
            .iter()
            .map(rithmomachy)
            .collect(),
        "alquerque" => positions::<Alquerque>(record)
            .iter()
            .map(|j| morris(j, &sides))
            .collect(),
        "nine-men" => positions::<NineMen>(record)
            .iter()
            .map(|j| morris(j, &sides))
            .collect(),
        "grande-acedrex" => positions::<GrandeAcedrex>(record)
            .iter()
            .map(|j| chess(j, 2))
            .collect(),
        "four-seasons" => positions::<FourSeasons>(record)
            .iter()
            .map(|j| chess(j, 4))
            .collect(),
        other => panic!("no check for {other}"),
    };
    let steps = game["steps"].as_array().unwrap();
    assert_eq!(steps.len(), expected.len(), "{name}: one step a position");
    assert!(game["stopped"].is_null(), "{name}: {}", game["stopped"]);
    let mut compared = 0;
    for (k, (step, want)) in steps.iter().zip(&expected).enumerate() {
        let got = drawn(step["layer"].as_str().unwrap());
        assert_eq!(&got, want, "{name}, cell {}, step {k}", record["cell"]);
        compared += got.len();
    }
    compared
}

#[test]
fn a_run_that_keeps_records_replays_them_on_their_boards() {
    let dir = scratch("replay_pages_run");
    let file = write(&dir, "e.toml", EXPERIMENT);
    let out = dir.join("out");
    let o = ludus(&[
        "run",
        &file,
        "--out",
        out.to_str().unwrap(),
        "--threads",
        "1",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = std::fs::read_to_string(out.join("records.html")).unwrap();
    self_contained(&page);
    let records: Vec<Value> = std::fs::read_to_string(out.join("records.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let games = games_of(&page);
    assert_eq!(games.len(), 14);
    assert_eq!(records.len(), 14);
    let mut compared = 0;
    let (mut taken, mut throws, mut dice) = (0, 0, 0);
    for (game, record) in games.iter().zip(&records) {
        let steps = game["steps"].as_array().unwrap();
        for s in steps {
            taken += usize::from(s["taken"] == true);
            throws += usize::from(s["kind"] == "throw");
            dice += s["layer"]
                .as_str()
                .unwrap()
                .matches("class=\"die\"")
                .count()
                + s["dice"].as_str().unwrap().matches("class=\"die\"").count();
        }
        if matches!(record["game"].as_str().unwrap(), "hazard" | "half-hazard") {
            check_dice_game(game, record);
        } else {
            compared += check_board_game(game, record);
        }
    }
    // Every family's pieces compared, captures and removals marked, and
    // the dice drawn (the chess d8, the betting throws of Half Hazard).
    assert!(compared > 2000, "{compared} pieces compared");
    assert!(taken >= 5, "{taken} steps marked with a capture");
    assert!(throws >= 20, "{throws} throws");
    assert!(dice >= 20, "{dice} dice drawn");
}

/// A dice game's page: the step after each throw says the record's throw
/// lines in order and draws its dice, the panel counts the throws, and
/// the last step says how the game ended.
fn check_dice_game(game: &Value, record: &Value) {
    let steps = game["steps"].as_array().unwrap();
    let said: Vec<&str> = (steps.iter())
        .filter(|s| s["kind"] == "throw")
        .map(|s| s["text"].as_str().unwrap())
        .collect();
    let lines: Vec<&str> = (record["play"].as_array().unwrap().iter())
        .filter_map(|s| s["throw"].as_str())
        .collect();
    assert_eq!(said.join("; "), lines.join("; "));
    // Every throw shows its faces, kept by the game or watched as thrown.
    for s in steps.iter().filter(|s| s["kind"] == "throw") {
        let faces = s["layer"]
            .as_str()
            .unwrap()
            .matches("class=\"die\"")
            .count()
            + s["dice"].as_str().unwrap().matches("class=\"die\"").count();
        assert!(faces >= 1, "a throw with no die drawn: {}", s["text"]);
    }
    let panel = |s: &Value, name: &str| {
        (s["panel"].as_array().unwrap().iter())
            .find(|r| r[0] == name)
            .map(|r| r[1].as_str().unwrap().to_string())
    };
    let last = steps.last().unwrap();
    assert_eq!(panel(last, "throws"), Some(record["length"].to_string()));
    if record["ending"] != "max-plies" {
        assert!(panel(last, "over").is_some(), "{last}");
    }
}

/// No address outside the page: no `http://` or `https://` at all, so no
/// script, style or image is fetched.
fn self_contained(page: &str) {
    assert!(page.starts_with("<!DOCTYPE html>"));
    for outside in ["http://", "https://", " src=", "<link"] {
        assert!(!page.contains(outside), "the page holds {outside}");
    }
}

#[test]
fn play_html_writes_the_page_of_its_game() {
    let dir = scratch("replay_pages_play");
    let file = dir.join("game.html");
    let f = file.to_str().unwrap();
    let o = ludus(&["play", "three-men", "--seed", "4", "--html", f]);
    assert!(o.status.success(), "{}", stderr(&o));
    let page = std::fs::read_to_string(&file).unwrap();
    self_contained(&page);
    let games = games_of(&page);
    assert_eq!(games.len(), 1);
    let steps = games[0]["steps"].as_array().unwrap();
    // The men enter one by one: the start has none, step 2 (after the
    // lots and the first placement) one.
    assert_eq!(drawn(steps[0]["layer"].as_str().unwrap()).len(), 0);
    let printed = String::from_utf8_lossy(&o.stdout);
    let decisions = printed.matches(" chooses ").count();
    let moves = steps.iter().filter(|s| s["kind"] == "move").count();
    assert_eq!(moves, decisions, "{printed}");
    let first = steps.iter().position(|s| s["kind"] == "move").unwrap();
    assert_eq!(drawn(steps[first]["layer"].as_str().unwrap()).len(), 1);
    assert!(printed.contains("the game on its board, step by step:"));
    // A record's game, replayed with --record, writes the same page.
    let again = dir.join("again.html");
    let exp = write(
        &dir,
        "e.toml",
        "name = \"x\"\nseed = 3\ngames = 2\nrecord = 2\n[[cells]]\ngame = \"three-men\"\n",
    );
    let out = dir.join("out");
    let o = ludus(&["run", &exp, "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let records = out.join("records.jsonl");
    let o = ludus(&[
        "play",
        "--record",
        records.to_str().unwrap(),
        "--game",
        "1",
        "--html",
        again.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let one = &games_of(&std::fs::read_to_string(&again).unwrap())[0];
    let run_page = std::fs::read_to_string(out.join("records.html")).unwrap();
    assert_eq!(one["steps"], games_of(&run_page)[1]["steps"]);
    // A run without records leaves no page of an earlier one.
    let o = ludus(&["run", &exp, "--out", out.to_str().unwrap(), "--record", "0"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!Path::new(&out.join("records.html")).exists());
}
