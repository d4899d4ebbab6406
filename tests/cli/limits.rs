//! Issue 14, the command line's part: input files that are not regular
//! files or are too large, sweeps too large, a report folder that cannot be
//! written, the odd edges of --threads, perft and bench, a replay command
//! for a script whose path holds a comma, and a report written at a cost
//! proportional to what changed.

use std::ffi::CString;
use std::path::Path;

use ludus::plan::experiment::Experiment;
use ludus::reports::cell_result::CellRef;
use ludus::reports::manifest::Manifest;
use ludus::reports::report::ReportWriter;
use ludus::runner::tally::Tally;
use ludus::store::cell_timing::CellTiming;

use crate::support::{ludus, scratch, stderr, write};

fn code(o: &std::process::Output) -> i32 {
    o.status.code().unwrap_or(-1)
}

fn fifo(dir: &Path) -> String {
    let p = dir.join("fifo");
    let c = CString::new(p.to_str().unwrap()).unwrap();
    // SAFETY: a valid path; mkfifo only makes the file.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    p.to_str().unwrap().to_string()
}

#[test]
fn inputs_that_are_not_regular_files_are_refused_at_once() {
    let dir = scratch("inputs");
    let fifo = fifo(&dir);
    let folder = dir.to_str().unwrap().to_string();
    for (path, why) in [
        ("/dev/zero".to_string(), "not a regular file"),
        (fifo.clone(), "not a regular file"),
        (folder.clone(), "a directory"),
    ] {
        let seats = format!("lua:{path},random");
        let o = ludus(&["play", "rithmomachy", "--seats", &seats]);
        assert_eq!(code(&o), 2, "{path}: {}", stderr(&o));
        assert!(stderr(&o).contains(why), "{}", stderr(&o));
        let o = ludus(&["run", &path, "--quiet"]);
        assert_eq!(code(&o), 2, "{path}: {}", stderr(&o));
        assert!(stderr(&o).contains(why), "{}", stderr(&o));
        let o = ludus(&["position", "rithmomachy", "--position", &path]);
        assert_eq!(code(&o), 2, "{path}: {}", stderr(&o));
        assert!(stderr(&o).contains(why), "{}", stderr(&o));
    }
    let big = dir.join("big.toml");
    std::fs::write(&big, vec![b'#'; 5 << 20]).unwrap();
    let o = ludus(&["run", big.to_str().unwrap(), "--quiet"]);
    assert_eq!(code(&o), 2);
    assert!(stderr(&o).contains("larger than"), "{}", stderr(&o));
}

#[test]
fn a_sweep_of_too_many_cells_is_bad_input() {
    let dir = scratch("sweep");
    let values: Vec<String> = (1..=10_000).map(|i| i.to_string()).collect();
    let list = values.join(", ");
    let exp = write(
        &dir,
        "huge.toml",
        &format!(
            "name = \"huge\"\nseed = 1\ngames = 1\n[[cells]]\ngame = \"mayor\"\n\
             sweep = {{ rounds = [{list}], dice = [{list}] }}\n"
        ),
    );
    let o = ludus(&["run", &exp, "--quiet"]);
    assert_eq!(code(&o), 2, "{}", stderr(&o));
    assert!(
        stderr(&o).contains("cells[0].sweep") && stderr(&o).contains("100000 cells"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn an_unwritable_report_folder_is_found_before_any_game() {
    let dir = scratch("unwritable");
    let file = write(&dir, "file", "not a folder");
    let out = format!("{file}/report");
    let o = ludus(&["run", "--games", "1", "--out", &out, "--quiet"]);
    assert_eq!(code(&o), 1, "{}", stderr(&o));
    assert!(stderr(&o).contains("nothing was played"), "{}", stderr(&o));
}

#[test]
fn odd_edges_are_input_errors() {
    let o = ludus(&["run", "--threads", "100000", "--quiet"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("--threads must be 1-1024"),
        "{}",
        stderr(&o)
    );
    let o = ludus(&["perft", "rithmomachy", "--depth", "0"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("--depth must be at least 1"),
        "{}",
        stderr(&o)
    );
    let o = ludus(&["perft", "rithmomachy", "--depth", "100"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("--depth must be at most 16"),
        "{}",
        stderr(&o)
    );
    let o = ludus(&["bench", "mayor", "--count", "0"]);
    assert_eq!(code(&o), 2);
    assert!(
        stderr(&o).contains("--count must be at least 1"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_replay_command_quotes_a_script_path_with_a_comma() {
    let dir = scratch("comma");
    let sub = dir.join("a,b");
    std::fs::create_dir_all(&sub).unwrap();
    let script = sub.join("fails.lua");
    std::fs::write(
        &script,
        "function choose(g, m) if g:ply() > 6 then error(\"late\") end return 1 end\n",
    )
    .unwrap();
    let exp = write(
        &dir,
        "comma.toml",
        &format!(
            "name = \"comma\"\nseed = 2\ngames = 3\n[[cells]]\ngame = \"rithmomachy\"\n\
             seats = [\"lua:{}\", \"random\"]\n",
            script.display()
        ),
    );
    let out = dir.join("report");
    let o = ludus(&["run", &exp, "--out", out.to_str().unwrap(), "--quiet"]);
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    let err = stderr(&o);
    assert!(err.contains("late"), "{err}");
    let replay = err
        .lines()
        .find_map(|l| l.trim().strip_prefix("replay: "))
        .unwrap_or_else(|| panic!("{err}"));
    assert!(
        replay.contains(&format!("--seat lua:{} ", script.display())),
        "{replay}"
    );
    let o = std::process::Command::new("sh")
        .arg("-c")
        .arg(replay.replacen("ludus", env!("CARGO_BIN_EXE_ludus"), 1))
        .output()
        .unwrap();
    assert_eq!(code(&o), 3, "{}", stderr(&o));
    assert!(stderr(&o).contains("late"), "{}", stderr(&o));
}

#[test]
fn a_report_renders_each_cells_rows_once_however_often_it_is_written() {
    let values: Vec<String> = (1..=300).map(|i| i.to_string()).collect();
    let exp = Experiment::parse(
        &format!(
            "name = \"many\"\nseed = 1\ngames = 1\n[[cells]]\ngame = \"mayor\"\n\
             sweep = {{ rounds = [{}] }}\n",
            values.join(", ")
        ),
        "many.toml",
    )
    .unwrap();
    let tally = Tally::new(2);
    let manifest: Manifest = serde_json::from_value(serde_json::json!({
        "ludus_version": "0", "experiment": "many", "source": "many.toml", "source_sha256": "",
        "seed": 1, "games_per_cell": 1, "max_plies": 1, "threads": 1, "cells": 300,
        "cells_done": 0, "games_total": 300, "games_played": 0, "wall_seconds": 0.0,
        "games_per_second": 0.0, "complete": false, "interrupted": false,
        "error": "\u{1b}[2J".repeat(10_000), "cell_runs": []
    }))
    .unwrap();
    let dir = scratch("writer");
    let mut writer = ReportWriter::new();
    // A checkpoint after every cell, as the report grows.
    for done in 1..=exp.cells.len() {
        let cells: Vec<CellRef> = exp.cells[..done]
            .iter()
            .map(|plan| CellRef {
                plan,
                tally: &tally,
                timing: CellTiming::default(),
            })
            .collect();
        writer.write(&dir, &cells, &manifest).unwrap();
    }
    assert_eq!(writer.renders(), 300);
    let summary = std::fs::read_to_string(dir.join("summary.csv")).unwrap();
    assert_eq!(summary.lines().count(), 1 + 300 * 2);
    let m = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
    assert!(
        m.len() < 20_000 && !m.contains('\u{1b}'),
        "{} bytes",
        m.len()
    );
}
