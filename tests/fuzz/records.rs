//! boardspace.net records (`ludus position rithmomachy --record FILE`),
//! from random games written as boardspace.net writes them: moves at once
//! or picked up, put down and confirmed, with take-backs.

use ludus::analysis::start::Start;
use ludus::core::options::Options;
use ludus::registry;
use ludus::runner::game_entry::GameEntry;

use crate::harness::{Fuzz, binary_cases, cases, on_main_sized_stack, write};
use crate::mutate::Syntax;
use crate::rng::Rng;

/// ludus's square `h13` as boardspace.net writes the cell: `M 8`.
fn cell(square: &str) -> String {
    let file = square.as_bytes()[0] - b'a' + 1;
    let rank: u8 = square[1..].parse().expect("a rank");
    format!("{} {file}", (b'A' + rank - 1) as char)
}

/// A record of `moves` in boardspace.net's form, each move written in one
/// of its ways, with a resignation now and then.
fn record(moves: &[String], white_first: bool, rng: &mut Rng) -> String {
    let mut out = String::from(
        "(;\nGM[0]VV[1]\nSU[Rithmomachy]\nP0[id \"ann\"]\nP1[id \"bob\"]\n; P0[0 Start P0]\n",
    );
    let mut n = 1;
    let mut node = |player: usize, text: String| {
        out.push_str(&format!("; P{player}[{n} {text}]TM[12]\n"));
        n += 1;
    };
    for (i, mv) in moves.iter().enumerate() {
        let player = (i + usize::from(white_first)) % 2;
        let (from, to) = mv.split_once('-').expect("from-to");
        let (from, to) = (cell(from), cell(to));
        match rng.below(4) {
            0 => node(player, format!("Move {from} {to}")),
            1 => {
                node(player, format!("Pickb {from}"));
                node(player, format!("Dropb {to}"));
            }
            2 => {
                node(player, format!("Pickb {from}"));
                node(player, format!("Dropb {from}"));
                node(player, format!("Pickb {from}"));
                node(player, format!("Dropb {to}"));
            }
            _ => {
                node(player, format!("Pickb {from}"));
                node(player, format!("Dropb {to}"));
                node(player, format!("Pickb {to}"));
                node(player, format!("Dropb {to}"));
            }
        }
        node(player, "Done".to_string());
    }
    if rng.one_in(3) {
        node(moves.len() % 2, "Resign".to_string());
    }
    out.push_str(")\n");
    out
}

/// Records of random games of every length up to 60 moves.
fn seeds(entry: &dyn GameEntry, rng: &mut Rng) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for k in 0..16 {
        let white_first = k % 2 == 1;
        let mut given = vec![("rules".to_string(), "boardspace".to_string())];
        if white_first {
            given.push(("first".to_string(), "white".to_string()));
        }
        let options = Options::resolve(entry.option_specs(), &given).expect("boardspace options");
        let mut moves: Vec<String> = Vec::new();
        let length = rng.below(60);
        let mut json = entry
            .position(&Start::new(&options, None), &[], true)
            .expect("the start");
        while moves.len() < length {
            let v: serde_json::Value = serde_json::from_str(&json).expect("JSON");
            let legal: Vec<String> = v["legal_moves"]
                .as_array()
                .map(|a| {
                    a.iter()
                        .filter_map(|m| m.as_str().map(str::to_string))
                        .collect()
                })
                .unwrap_or_default();
            // Moves that capture by moving onto a piece are not boardspace's.
            let plain: Vec<String> = legal.into_iter().filter(|m| m.contains('-')).collect();
            if plain.is_empty() {
                break;
            }
            let mv = rng.pick(&plain).clone();
            // From the position printed last, so that a game costs its length.
            match entry.position(
                &Start::new(&options, Some(&json)),
                std::slice::from_ref(&mv),
                true,
            ) {
                Ok(next) => json = next,
                Err(_) => break,
            }
            moves.push(mv);
        }
        out.push(record(&moves, white_first, rng).into_bytes());
    }
    out
}

/// What `ludus position --record` does: read the record, resolve the
/// options it implies, replay its moves and show the end.
fn check(entry: &dyn GameEntry, text: &str, json: bool) -> Result<(), String> {
    let Ok(r) = entry.read_record("boardspace", text) else {
        return Ok(());
    };
    let Ok(options) = Options::resolve(entry.option_specs(), &r.options) else {
        return Ok(());
    };
    let _ = entry.position(&Start::new(&options, None), &r.moves, json);
    Ok(())
}

#[test]
fn boardspace_records() {
    on_main_sized_stack(|| {
        let entry = registry::find("rithmomachy").expect("rithmomachy");
        let mut fuzz = Fuzz::new("records");
        let seeds = seeds(entry, &mut fuzz.rng(u64::MAX));
        for case in 0..cases(2_500) as u64 {
            let mut rng = fuzz.rng(case);
            let input = Fuzz::input(&mut rng, &seeds, Syntax::Sgf);
            let json = rng.one_in(2);
            fuzz.in_process(case, &input, || match std::str::from_utf8(&input) {
                Ok(text) => check(entry, text, json),
                Err(_) => Ok(()),
            });
        }
        let dir = fuzz.dir().to_path_buf();
        for case in 0..binary_cases(24) as u64 {
            let case = case + (1 << 32);
            let mut rng = fuzz.rng(case);
            let input = Fuzz::input(&mut rng, &seeds, Syntax::Sgf);
            let file = write(&dir, "record.sgf", &input);
            let mut args: Vec<String> = ["position", "rithmomachy", "--record", &file]
                .map(str::to_string)
                .to_vec();
            if rng.one_in(2) {
                args.push("--json".into());
            }
            fuzz.binary(case, &input, &args, &dir);
        }
        fuzz.finish();
    });
}

/// The fuzz suite's first find, kept: a row of `-128` overflowed the
/// subtraction that turns a row into a file (a panic, exit 101).
#[test]
fn a_row_at_the_end_of_the_integers_is_refused() {
    let entry = registry::find("rithmomachy").expect("rithmomachy");
    let text = "(;\n; P0[1 Move M -128 N 5]\n)\n";
    let e = entry.read_record("boardspace", text).unwrap_err();
    assert!(
        matches!(e, ludus::core::record_error::RecordError::Content(_)),
        "{e:?}"
    );
    let e = e.to_string();
    assert!(e.contains("line 2") && e.contains("M -128"), "{e}");
    let dir = crate::common_scratch::fresh("fuzz", "row");
    let file = write(&dir, "r.sgf", text.as_bytes());
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["position", "rithmomachy", "--record", &file])
        .output()
        .expect("ludus runs");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("M -128"), "{err}");
}
