//! Every CSV of a run and of a tournament read with Python's `csv` module
//! (what pandas and R meet) and checked field by field against the column
//! types reports/README.md documents; summary.csv and metrics.csv carry
//! every option in force and every swept policy parameter, as cells.csv
//! does.

use std::path::Path;
use std::process::Command;

use ludus::plan::report_columns::is_own_column;

use crate::support::{ludus, read_csv, scratch, write};

const EXPERIMENT: &str = r#"
name = "tidy-types"
seed = 3
games = 40
max_plies = 400
[[cells]]
game = "rithmomachy"
options = { cap = 30 }
[[cells]]
game = "half-hazard"
seats = ["threshold:{t}", "threshold:3"]
sweep = { t = [1, 2] }
[[cells]]
game = "hazard"
[[cells]]
game = "nine-men"
[[cells]]
game = "grande-acedrex"
"#;

/// Runs the checker over `folders`; panics with what it printed.
fn read_as_pandas_would(folders: &[&Path]) {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("python3")
        .arg(format!("{root}/tests/cli/read_csvs.py"))
        .arg(format!("{root}/reports/README.md"))
        .args(folders)
        .output()
        .expect("python3 runs (the tests read the CSVs with its csv module)");
    assert!(
        out.status.success(),
        "the CSVs disagree with reports/README.md's column types:\n{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn every_csv_reads_with_the_documented_types() {
    let dir = scratch("tidy-types");
    let exp = write(&dir, "exp.toml", EXPERIMENT);
    let run = dir.join("run");
    let o = ludus(&[
        "run",
        &exp,
        "--out",
        run.to_str().unwrap(),
        "--quiet",
        "--metrics",
        "all",
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let mut folders = vec![run.clone()];
    for t in ["three-men", "half-hazard"] {
        let out = dir.join(t);
        let file = format!("{}/data/tournaments/{t}.toml", env!("CARGO_MANIFEST_DIR"));
        let o = ludus(&[
            "tournament",
            &file,
            "--out",
            out.to_str().unwrap(),
            "--games",
            "8",
        ]);
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        folders.push(out);
    }
    let paths: Vec<&Path> = folders.iter().map(|p| p.as_path()).collect();
    read_as_pandas_would(&paths);
}

#[test]
fn summary_and_metrics_carry_every_option_in_force() {
    let dir = scratch("option-columns");
    let exp = write(
        &dir,
        "exp.toml",
        "name = \"options\"\nseed = 1\ngames = 20\n[[cells]]\ngame = \"half-hazard\"\n\
         [[cells]]\ngame = \"rithmomachy\"\noptions = { rules = \"fulke\", cap = 20 }\n",
    );
    let out = dir.join("out");
    let o = ludus(&["run", &exp, "--out", out.to_str().unwrap(), "--quiet"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let cells = read_csv(&out.join("cells.csv"));
    for file in ["summary.csv", "metrics.csv"] {
        let rows = read_csv(&out.join(file));
        for row in &rows {
            let cell = &cells[row["cell"].parse::<usize>().unwrap()];
            for (column, value) in cell {
                if !is_own_column(column) {
                    assert_eq!(
                        &row[column], value,
                        "{file}, cell {}: {column}",
                        row["cell"]
                    );
                }
            }
        }
        // Defaults are written out, not left to a join: the packed label
        // of half-hazard's cell is empty, its columns are not.
        let hazard = rows.iter().find(|r| r["cell"] == "0").unwrap();
        assert_eq!(hazard["options"], "");
        assert_eq!(hazard["funds"], "100", "{file}");
        assert_eq!(hazard["rules"], "", "{file}: half-hazard has no rules");
        let fulke = rows.iter().find(|r| r["cell"] == "1").unwrap();
        assert_eq!(
            (&*fulke["rules"], &*fulke["cap"]),
            ("fulke", "20"),
            "{file}"
        );
    }
}
