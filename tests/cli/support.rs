//! Running the `ludus` binary on experiments written to scratch folders.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs `ludus` with `args`.
pub fn ludus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .output()
        .expect("ludus runs")
}

/// A fresh folder of the caller's own (see `common/scratch.rs`).
pub fn scratch(name: &str) -> PathBuf {
    crate::common_scratch::fresh("cli", name)
}

/// Writes `text` into `dir/name`; returns the path.
pub fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

/// What the command wrote to stderr.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The report folder's manifest.
pub fn manifest(dir: &Path) -> serde_json::Value {
    serde_json::from_slice(&std::fs::read(dir.join("manifest.json")).unwrap()).unwrap()
}

/// A CSV file as a list of rows keyed by column name.
pub fn read_csv(path: &Path) -> Vec<HashMap<String, String>> {
    let mut r = csv::Reader::from_path(path).unwrap();
    let header: Vec<String> = r.headers().unwrap().iter().map(str::to_string).collect();
    r.records()
        .map(|rec| {
            header
                .iter()
                .cloned()
                .zip(rec.unwrap().iter().map(str::to_string))
                .collect()
        })
        .collect()
}

/// A numeric field.
pub fn num(row: &HashMap<String, String>, key: &str) -> f64 {
    row[key]
        .parse()
        .unwrap_or_else(|_| panic!("{key} = {}", row[key]))
}

/// Asserts that the command was refused with exit `code` (see
/// src/cli/failure.rs: 2 bad input, 3 a failing policy, 1 cannot write,
/// 130 interrupted) and that its stderr says `phrase`; returns stderr.
#[track_caller]
pub fn refused(o: &Output, code: i32, phrase: &str) -> String {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(code), "{err}");
    assert!(err.contains(phrase), "expected {phrase:?} in: {err}");
    err
}
