//! Control characters from outside (names, files, records, moves, the
//! command line itself) never reach the terminal raw: every message and
//! every line printed has them escaped, whatever the command; a newline
//! among them never starts a line of its own (a forged `error:`).

use std::path::Path;
use std::process::{Command, Output};

use crate::support::{scratch, write};

/// What retitles and clears a terminal, and more: OSC, BEL, CSI, a
/// carriage return, the one-byte CSI, a right-to-left override, and a
/// newline that would start a line of the attacker's.
const HOSTILE: &str = "\u{1b}]0;pwned\u{7}\u{1b}[2J\r\u{9b}1m\u{202e}x\nforged: y";

/// The same as TOML or JSON writes it inside a string, with a NUL.
const ESCAPED: &str = "\\u001b]0;pwned\\u0007\\u001b[2J\\r\\u009b1m\\u202ex\\nforged: y\\u0000";

/// The games `ludus position` reads position files of, with the options
/// their start needs.
const POSITION_GAMES: &[(&str, &[&str])] = &[
    ("rithmomachy", &[]),
    ("alquerque", &[]),
    ("rabbit", &[]),
    ("nine-men", &[]),
    ("three-men", &["--opt", "first=seat1"]),
    ("grande-acedrex", &[]),
    ("four-seasons", &[]),
];

fn run(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("ludus runs")
}

/// Asserts that neither stdout nor stderr holds a control character other
/// than a newline or a tab, nor a mark that reorders a line, and that the
/// command ended as input errors and successes do.
#[track_caller]
fn clean(o: &Output, what: &str) {
    for (stream, bytes) in [("stdout", &o.stdout), ("stderr", &o.stderr)] {
        let text = String::from_utf8_lossy(bytes);
        let bad = text.chars().find(|&c| {
            (c.is_control() && c != '\n' && c != '\t') || ('\u{202a}'..='\u{202e}').contains(&c)
        });
        assert!(
            bad.is_none(),
            "{what}: {stream} holds {bad:?}: {:?}",
            text.chars().take(600).collect::<String>()
        );
        assert!(
            !text.lines().any(|l| l.starts_with("forged")),
            "{what}: {stream} has a line of the input's: {:?}",
            text.chars().take(600).collect::<String>()
        );
    }
    assert!(
        matches!(o.status.code(), Some(0 | 2)),
        "{what}: exit {:?}: {}",
        o.status.code(),
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn names_and_arguments_on_the_command_line() {
    let dir = scratch("hostile-args");
    let h = HOSTILE;
    let cases: Vec<Vec<String>> = vec![
        vec!["play".into(), h.into()],
        vec!["position".into(), h.into()],
        vec!["rules".into(), h.into()],
        vec!["perft".into(), h.into(), "1".into()],
        vec![h.into()],
        vec!["play".into(), "hazard".into(), "--seed".into(), h.into()],
        vec![
            "play".into(),
            "hazard".into(),
            "--opt".into(),
            format!("{h}=1"),
        ],
        vec![
            "play".into(),
            "hazard".into(),
            "--opt".into(),
            format!("order={h}"),
        ],
        vec!["play".into(), "hazard".into(), "--seats".into(), h.into()],
        vec![
            "play".into(),
            "hazard".into(),
            "--seat".into(),
            format!("mcts:{h}"),
        ],
        vec![
            "play".into(),
            "hazard".into(),
            "--seat".into(),
            format!("lua:{h}.lua"),
        ],
        vec!["play".into(), "hazard".into(), "--rules".into(), h.into()],
        vec!["play".into(), "--experiment".into(), h.into()],
        vec!["run".into(), h.into()],
        vec![
            "run".into(),
            "--on-bot-error".into(),
            h.into(),
            "--games".into(),
            "1".into(),
        ],
        vec!["tournament".into(), h.into()],
        vec!["merge".into(), h.into(), "--out".into(), "m".into()],
        vec![
            "position".into(),
            "rithmomachy".into(),
            "--position".into(),
            h.into(),
        ],
        vec![
            "position".into(),
            "rithmomachy".into(),
            "--record".into(),
            h.into(),
        ],
    ];
    for args in &cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        clean(&run(&dir, &args), &format!("{args:?}"));
    }
    for (game, opts) in POSITION_GAMES {
        for moves in [h.to_string(), format!("a1 {h}"), format!("{h} {h}")] {
            let mut args = vec!["position", game, "--moves", &moves];
            args.extend_from_slice(opts);
            clean(&run(&dir, &args), &format!("{args:?}"));
        }
    }
}

#[test]
fn experiment_and_tournament_files() {
    let dir = scratch("hostile-files");
    let e = ESCAPED;
    let head = "seed = 1\ngames = 2\n";
    let experiments = [
        format!("name = \"{e}\"\n{head}[[cells]]\ngame = \"hazard\"\n"),
        format!("name = \"x\"\n{head}[[cells]]\ngame = \"{e}\"\n"),
        format!("name = \"x\"\n{head}[[cells]]\ngame = \"hazard\"\noptions = {{ \"{e}\" = 1 }}\n"),
        format!(
            "name = \"x\"\n{head}[[cells]]\ngame = \"hazard\"\noptions = {{ order = \"{e}\" }}\n"
        ),
        format!(
            "name = \"x\"\n{head}[[cells]]\ngame = \"hazard\"\nsweep = {{ order = [\"fixed\", \"{e}\"] }}\n"
        ),
        format!(
            "name = \"x\"\n{head}[[cells]]\ngame = \"hazard\"\nseats = [\"{e}\", \"random\"]\n"
        ),
        format!("name = \"x\"\n{head}[[cells]]\ngame = \"hazard\"\nseats = \"lua:{e}.lua\"\n"),
        format!("name = \"x\"\n{head}on_bot_error = \"{e}\"\n[[cells]]\ngame = \"hazard\"\n"),
        format!("name = \"x\"\n{head}\"{e}\" = 1\n[[cells]]\ngame = \"hazard\"\n"),
        // Raw, where TOML itself quotes the line it cannot read.
        format!("name = \"x\"\n{head}{HOSTILE} = 1\n"),
        format!("name = \"{HOSTILE}\"\n{head}"),
    ];
    for (i, text) in experiments.iter().enumerate() {
        let path = write(&dir, &format!("e{i}.toml"), text);
        let out = dir.join(format!("out{i}"));
        let out = out.to_str().unwrap();
        for args in [
            vec!["run", &path, "-q", "--out", out],
            vec!["play", "--experiment", &path],
            vec!["slurm", &path, "--shards", "1", "--out", out],
        ] {
            clean(&run(&dir, &args), &format!("{args:?}: {text}"));
        }
    }
    let head = "seed = 1\ngames = 2\n";
    let tournaments = [
        format!(
            "name = \"{e}\"\n{head}game = \"three-men\"\npolicies = [\"random\", \"mcts:2\"]\n"
        ),
        format!("{head}game = \"{e}\"\npolicies = [\"random\", \"mcts:2\"]\n"),
        format!("{head}game = \"three-men\"\npolicies = [\"{e}\", \"mcts:2\"]\n"),
        format!("{head}game = \"three-men\"\npolicies = [\"random\", \"mcts:{e}\"]\n"),
        format!(
            "{head}game = \"three-men\"\noptions = {{ first = \"{e}\" }}\npolicies = [\"random\", \"mcts:2\"]\n"
        ),
        format!("{head}game = \"three-men\"\npolicies = [\"random\"]\n{HOSTILE}\n"),
    ];
    for (i, text) in tournaments.iter().enumerate() {
        let path = write(&dir, &format!("t{i}.toml"), text);
        let out = dir.join(format!("tout{i}"));
        // Not quiet: the standings' title names the tournament.
        let args = ["tournament", &path, "--out", out.to_str().unwrap()];
        clean(&run(&dir, &args), &format!("{args:?}: {text}"));
    }
}

/// The keys of a JSON object, with their values.
fn keys(v: &serde_json::Value) -> Vec<String> {
    v.as_object()
        .map(|o| o.keys().cloned().collect())
        .unwrap_or_default()
}

#[test]
fn position_files_of_every_game() {
    let dir = scratch("hostile-positions");
    let hostile = serde_json::Value::String(HOSTILE.replace('\r', "\r\0"));
    for (game, opts) in POSITION_GAMES {
        let mut args = vec!["position", game, "--json"];
        args.extend_from_slice(opts);
        let o = run(&dir, &args);
        assert!(o.status.success(), "{args:?}");
        let start: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let mut files = Vec::new();
        // Each key's value replaced by the hostile text, and in a list;
        // then the text as a key of its own.
        for k in keys(&start) {
            for value in [hostile.clone(), serde_json::json!([hostile, hostile])] {
                let mut v = start.clone();
                v[&k] = value;
                files.push(v);
            }
            if let Some(inner) = start[&k].as_object() {
                for ik in inner.keys() {
                    let mut v = start.clone();
                    v[&k][ik] = hostile.clone();
                    files.push(v);
                }
            }
        }
        let mut v = start.clone();
        v[HOSTILE] = serde_json::json!(1);
        files.push(v);
        for (i, v) in files.iter().enumerate() {
            let path = write(&dir, &format!("{game}-{i}.json"), &v.to_string());
            let mut args = vec!["position", game, "--position", &path];
            args.extend_from_slice(opts);
            clean(&run(&dir, &args), &format!("{args:?}: {v}"));
        }
        // Raw in the file, where JSON quotes what it cannot read.
        let path = write(&dir, &format!("{game}-raw.json"), &format!("{{\"{HOSTILE}"));
        let mut args = vec!["position", game, "--position", &path];
        args.extend_from_slice(opts);
        clean(&run(&dir, &args), &format!("{args:?}"));
    }
}

#[test]
fn boardspace_records() {
    let dir = scratch("hostile-records");
    let h = HOSTILE;
    let records = [
        format!(
            "(;\nGM[0]VV[1]\nSU[Rithmomachy{h}]\nP0[id \"{h}\"]\nP1[id \"b\"]\n; P0[0 Start P0]\n; P0[1 Move M 8 N 5]\n; P0[2 Done]\n)"
        ),
        format!("(;\n; P0[1 Move M 8 N 5{h}]\n; P0[2 Done]\n)"),
        format!("(;\n; P0[1 {h} M 8]\n)"),
        format!("(;\n; P0[1 Pickb {h} 1]\n)"),
        format!("(;\n; P0[1 Pickb M {h}]\n; P0[2 Dropb N 5]\n)"),
        format!("(;\n; P0[1 Move M 8 N 5]\n; P0[2 Done]\n; P1[3 Resign{h}]\n)"),
        format!("(;\nGM[{h}\n"),
        format!("(;\n{h}[x]\n; P0[1 Move M 8 N 5]\n; P0[2 Done]\n)"),
        format!("(;\nRU[{h}]\n; P0[1 Move M 8 N 5]\n; P0[2 Done]\n)"),
    ];
    for (i, text) in records.iter().enumerate() {
        let path = write(&dir, &format!("r{i}.sgf"), text);
        for extra in [&[][..], &["--json"][..]] {
            let mut args = vec!["position", "rithmomachy", "--record", &path];
            args.extend_from_slice(extra);
            clean(&run(&dir, &args), &format!("{args:?}: {text:?}"));
        }
    }
}

/// Every text of a game record (records.jsonl), and a key of its options,
/// replaced in turn by the hostile text: `ludus play --record` refuses
/// the line, naming the field, and prints none of it raw.
#[test]
fn json_records() {
    let dir = scratch("hostile-json-records");
    let exp = write(
        &dir,
        "e.toml",
        "name = \"r\"\nseed = 1\ngames = 2\n[[cells]]\ngame = \"half-hazard\"\n\
         seats = [\"threshold:2\", \"random\"]\n",
    );
    let o = run(&dir, &["run", &exp, "-q", "--record", "1", "--out", "out"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let line = std::fs::read_to_string(dir.join("out/records.jsonl")).unwrap();
    let record: serde_json::Value = serde_json::from_str(line.trim()).unwrap();
    let hostile = serde_json::Value::String(HOSTILE.to_string());
    let mut files = Vec::new();
    for k in keys(&record) {
        let mut v = record.clone();
        v[&k] = hostile.clone();
        files.push(v);
    }
    for (field, index) in [("seats", 0), ("play", 0), ("play", 5)] {
        let mut v = record.clone();
        let step = &mut v[field][index];
        match step.as_object_mut() {
            Some(o) => {
                let key = o.keys().next().unwrap().clone();
                o.insert(key, hostile.clone());
            }
            None => *step = hostile.clone(),
        }
        files.push(v);
    }
    let mut v = record.clone();
    v["options"][HOSTILE] = serde_json::json!("1");
    files.push(v);
    for (i, v) in files.iter().enumerate() {
        let path = write(&dir, &format!("r{i}.jsonl"), &format!("{v}\n"));
        let args = ["play", "--record", &path, "--game", "0"];
        let o = run(&dir, &args);
        clean(&o, &format!("{v}"));
    }
}
