//! Game records: `record = N` / `ludus run --record N` keeps the first
//! games of each cell whole in records.jsonl, and `ludus play --record
//! FILE --game K` plays one again and checks it against the record.

use std::path::Path;

use crate::support::{ludus, refused, scratch, stderr, write};

/// Three cells: a dice game with decisions (threshold seats), a board
/// game, and a Lua bot.
const EXPERIMENT: &str = r#"
name = "records"
seed = 11
games = 12
[[cells]]
game = "half-hazard"
seats = ["threshold:2", "threshold:5"]
[[cells]]
game = "three-men"
seats = "random"
[[cells]]
game = "half-hazard"
seats = ["lua:scripts/random.lua", "random"]
"#;

/// Runs the experiment with `extra` arguments into `dir`/`out`.
fn run(dir: &Path, out: &str, extra: &[&str]) -> std::process::Output {
    run_file(&write(dir, "e.toml", EXPERIMENT), &dir.join(out), extra)
}

/// Runs the experiment file `file` with `extra` arguments into `out`.
fn run_file(file: &str, out: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["run", file, "--out", out.to_str().unwrap()];
    args.extend(extra);
    ludus(&args)
}

fn lines(path: &Path) -> Vec<serde_json::Value> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// The decisions of a record's play, in order.
fn moves(record: &serde_json::Value) -> Vec<&serde_json::Value> {
    (record["play"].as_array().unwrap().iter())
        .filter(|s| s.get("move").is_some())
        .collect()
}

#[test]
fn a_run_keeps_the_first_games_of_each_cell_and_each_replays_exactly() {
    let dir = scratch("records_replay");
    let o = run(&dir, "out", &["--record", "3", "--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let file = dir.join("out/records.jsonl");
    let records = lines(&file);
    assert_eq!(records.len(), 9);
    let order: Vec<(u64, u64)> = records
        .iter()
        .map(|r| (r["cell"].as_u64().unwrap(), r["index"].as_u64().unwrap()))
        .collect();
    assert_eq!(
        order,
        [
            (0, 0),
            (0, 1),
            (0, 2),
            (1, 0),
            (1, 1),
            (1, 2),
            (2, 0),
            (2, 1),
            (2, 2)
        ]
    );
    for r in &records {
        let fields: Vec<&str> = r.as_object().unwrap().keys().map(String::as_str).collect();
        for key in [
            "cell",
            "game",
            "index",
            "seed",
            "max_plies",
            "options",
            "seats",
            "play",
            "length",
            "ending",
            "winner",
            "payoffs",
        ] {
            assert!(fields.contains(&key), "{key} missing from {r}");
        }
        // A run's records name no pairing: that field is a tournament's.
        assert!(!fields.contains(&"pairing"), "{r}");
        let winner = &r["winner"];
        assert!(winner.is_null() || (1..=2).contains(&winner.as_u64().unwrap()));
        assert_eq!(r["payoffs"].as_array().unwrap().len(), 2);
        assert!(r["length"].as_u64().unwrap() > 0);
    }
    // The threshold seats decide, the board game's seats move, and the
    // dice and the lots are thrown.
    assert!(!moves(&records[0]).is_empty());
    assert_eq!(records[3]["game"], "three-men");
    assert!(moves(&records[3]).len() >= 5);
    assert!(moves(&records[3])[0]["seat"].as_u64().is_some());
    // One list, in the order of play: the lots are drawn before the
    // first move of three men's morris, and Half Hazard's thresholds
    // decide after a throw.
    let kinds = |r: &serde_json::Value| -> String {
        r["play"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| match (s.get("move"), s.get("throw")) {
                (Some(_), None) => 'm',
                (None, Some(_)) => 't',
                _ => panic!("a step is a move or a throw: {s}"),
            })
            .collect()
    };
    assert!(
        kinds(&records[3]).starts_with("tm"),
        "{}",
        kinds(&records[3])
    );
    assert!(kinds(&records[0]).contains("tm"), "{}", kinds(&records[0]));
    assert_eq!(records[6]["seats"][0], "lua:scripts/random.lua");
    assert_eq!(records[3]["options"]["first"], "lots");

    // The command the run prints, pasted.
    let said = String::from_utf8_lossy(&o.stdout).into_owned();
    let command = said
        .lines()
        .find_map(|l| l.split_once("replay one: ").map(|(_, c)| c.to_string()))
        .unwrap_or_else(|| panic!("no replay command in {said}"));
    let words: Vec<&str> = command.split_whitespace().collect();
    assert_eq!(words[0], "ludus");
    let o = ludus(&words[1..]);
    assert!(o.status.success(), "{command}: {}", stderr(&o));
    assert!(String::from_utf8_lossy(&o.stdout).contains("the replay matches the record"));

    for (k, record) in records.iter().enumerate() {
        let game = k.to_string();
        let o = ludus(&["play", "--record", file.to_str().unwrap(), "--game", &game]);
        assert!(o.status.success(), "game {k}: {}", stderr(&o));
        let out = String::from_utf8_lossy(&o.stdout);
        assert!(out.contains("the replay matches the record"), "{out}");
        // The narration is the normal one: every move it records is said.
        if let Some(m) = moves(record).first().and_then(|m| m["move"].as_str()) {
            assert!(out.contains(&format!("chooses {m}")), "{out}");
        }
    }
}

#[test]
fn records_do_not_depend_on_the_threads() {
    let dir = scratch("records_threads");
    let one = run(&dir, "one", &["--record", "3", "--threads", "1", "-q"]);
    assert!(one.status.success(), "{}", stderr(&one));
    let two = run(&dir, "two", &["--record", "3", "--threads", "2", "-q"]);
    assert!(two.status.success(), "{}", stderr(&two));
    let a = std::fs::read(dir.join("one/records.jsonl")).unwrap();
    let b = std::fs::read(dir.join("two/records.jsonl")).unwrap();
    assert!(!a.is_empty());
    assert_eq!(a, b);
}

/// The manifest is written last: a run that cannot write its records
/// (here records.jsonl is a folder, which no file replaces) fails, and its
/// manifest does not say complete, though every game was played.
#[test]
fn a_run_that_cannot_write_its_records_is_not_complete() {
    let dir = scratch("records_unwritable");
    std::fs::create_dir_all(dir.join("out/records.jsonl/kept")).unwrap();
    let o = run(&dir, "out", &["--record", "2", "-q"]);
    refused(&o, 1, "records.jsonl");
    let manifest: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("out/manifest.json")).unwrap())
            .unwrap();
    assert_eq!(manifest["complete"], false, "{manifest}");
}

#[test]
fn a_tampered_record_is_refused_naming_the_move() {
    let dir = scratch("records_tampered");
    let o = run(&dir, "out", &["--record", "2", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = std::fs::read_to_string(dir.join("out/records.jsonl")).unwrap();
    let mut records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    // Line 2 is three-men's game 0: its third move changed.
    assert_eq!(records[2]["game"], "three-men");
    let third = (records[2]["play"].as_array().unwrap().iter())
        .enumerate()
        .filter(|(_, s)| s.get("move").is_some())
        .nth(2)
        .unwrap()
        .0;
    records[2]["play"][third]["move"] = "z9".into();
    let tampered: String = records.iter().map(|r| format!("{r}\n")).collect();
    let path = write(&dir, "tampered.jsonl", &tampered);
    let o = ludus(&["play", "--record", &path, "--game", "2"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("tampered.jsonl: line 2"), "{err}");
    assert!(
        err.contains("move 3 (from 1)") && err.contains("`z9`"),
        "{err}"
    );
    // The other lines are untouched and still replay.
    let o = ludus(&["play", "--record", &path, "--game", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A changed result is refused too.
    records[0]["winner"] = serde_json::Value::Null;
    records[0]["ending"] = "nothing".into();
    let tampered: String = records.iter().map(|r| format!("{r}\n")).collect();
    let path = write(&dir, "result.jsonl", &tampered);
    let o = ludus(&["play", "--record", &path, "--game", "0"]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("ending: the record has nothing"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn a_malformed_file_or_a_game_out_of_range_is_refused() {
    let dir = scratch("records_malformed");
    let o = run(&dir, "out", &["--record", "1", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let file = dir.join("out/records.jsonl");
    let o = ludus(&["play", "--record", file.to_str().unwrap(), "--game", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("records.jsonl: --game 3: the file holds 3 games"),
        "{}",
        stderr(&o)
    );
    let good = std::fs::read_to_string(&file).unwrap();
    let path = write(&dir, "bad.jsonl", &format!("{good}{{\"cell\": 0}}\n"));
    let o = ludus(&["play", "--record", &path, "--game", "3"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("bad.jsonl: line 3 (from 0) is not a game record"),
        "{}",
        stderr(&o)
    );
    let o = ludus(&["play", "--record", dir.to_str().unwrap(), "--game", "0"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("directory"), "{}", stderr(&o));
}

#[test]
fn the_file_key_records_and_the_flag_overrides_it() {
    let dir = scratch("records_key");
    let file = write(
        &dir,
        "e.toml",
        &EXPERIMENT.replace("games = 12", "games = 12\nrecord = 2"),
    );
    let out = dir.join("out");
    let o = run_file(&file, &out, &["-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(lines(&out.join("records.jsonl")).len(), 6);
    // --record 0 records nothing, and leaves no older records beside the report.
    let o = run_file(&file, &out, &["--record", "0", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!out.join("records.jsonl").exists());
    // More than a cell's games records them all.
    let out = dir.join("few");
    let o = run_file(&file, &out, &["--games", "2", "--record", "5", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(lines(&out.join("records.jsonl")).len(), 6);
}

#[test]
fn a_shard_refuses_to_record_and_says_what_to_do() {
    let dir = scratch("records_shard");
    let o = run(&dir, "out", &["--record", "3", "--shard", "1/2"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains("--shard 1/2: a shard cannot keep game records"),
        "{err}"
    );
    assert!(err.contains("--record 0"), "{err}");
    assert!(!dir.join("out/partial.json").exists());
}

/// Rithmomachy's kept games are also written as boardspace.net writes its
/// records (SGF), and `ludus position --record` plays each back to the
/// position the recorded moves reach; another rule set's games, which the
/// site does not play, are not.
#[test]
fn rithmomachy_games_are_kept_in_boardspace_notation_too() {
    let dir = scratch("records_sgf");
    let file = write(
        &dir,
        "r.toml",
        r#"
name = "sgf"
seed = 5
games = 3
max_plies = 40
[[cells]]
game = "rithmomachy"
seats = "random"
[[cells]]
game = "rithmomachy"
options = { rules = "medieval" }
seats = "random"
"#,
    );
    let out = dir.join("out");
    let o = run_file(&file, &out, &["--record", "2", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let records = lines(&out.join("records.jsonl"));
    assert_eq!(records.len(), 4);
    let mut names: Vec<String> = std::fs::read_dir(out.join("records"))
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    names.sort();
    assert_eq!(names, ["cell-0-game-0.sgf", "cell-0-game-1.sgf"]);
    for (k, record) in records.iter().take(2).enumerate() {
        let sgf = out.join(format!("records/cell-0-game-{k}.sgf"));
        let text = std::fs::read_to_string(&sgf).unwrap();
        assert!(text.contains("seat 1: random"), "{text}");
        let from_sgf = ludus(&[
            "position",
            "rithmomachy",
            "--record",
            sgf.to_str().unwrap(),
            "--json",
        ]);
        assert!(from_sgf.status.success(), "{}", stderr(&from_sgf));
        let played: Vec<&str> = moves(record)
            .iter()
            .map(|m| m["move"].as_str().unwrap())
            .collect();
        assert!(played.len() > 10, "{played:?}");
        let from_moves = ludus(&[
            "position",
            "rithmomachy",
            "--moves",
            &played.join(" "),
            "--json",
        ]);
        assert!(from_moves.status.success(), "{}", stderr(&from_moves));
        assert_eq!(
            String::from_utf8_lossy(&from_sgf.stdout),
            String::from_utf8_lossy(&from_moves.stdout)
        );
        assert!(
            stderr(&from_sgf).contains(&format!("{} moves played", played.len())),
            "{}",
            stderr(&from_sgf)
        );
    }
    // Recording nothing removes the files of an earlier run.
    let o = run_file(&file, &out, &["--record", "0", "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!out.join("records").exists());
}
