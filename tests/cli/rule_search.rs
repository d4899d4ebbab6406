//! `ludus search` as a user meets it: the tables it writes, the confirm
//! experiment it leaves (played by pasting the command it names), and
//! what it refuses, with exit code 2.

use crate::support::{ludus, read_csv, refused, scratch, stderr, write};

const SEARCH: &str = r#"
name = "pair-ace-search"
seed = 9
game = "pair-ace"
budget = 60000
exact = false
[space]
rounds = [1, 3]
order = ["highest", "fixed"]
[goals]
balance = "max"
duration_turns = "min"
"#;

#[test]
fn a_search_writes_its_tables_and_an_experiment_that_confirms_its_front() {
    let dir = scratch("search_tables");
    let file = write(&dir, "search.toml", SEARCH);
    let out = dir.join("out");
    let o = ludus(&[
        "search",
        &file,
        "--out",
        out.to_str().unwrap(),
        "--threads",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let said = String::from_utf8_lossy(&o.stdout);
    assert!(said.contains("of 4 candidates left after"), "{said}");
    assert!(
        stderr(&o).contains("round 0: 4 candidates left"),
        "{}",
        stderr(&o)
    );
    let all = read_csv(&out.join("candidates.csv"));
    assert_eq!(all.len(), 4);
    for row in &all {
        for key in [
            "rounds",
            "order",
            "games",
            "balance_low",
            "duration_turns_high",
            "on_front",
        ] {
            assert!(row.contains_key(key), "{key}: {row:?}");
        }
    }
    let front = read_csv(&out.join("front.csv"));
    assert!(!front.is_empty() && front.iter().all(|r| r["on_front"] == "true"));
    let manifest: serde_json::Value =
        serde_json::from_slice(&std::fs::read(out.join("manifest.json")).unwrap()).unwrap();
    assert!(
        manifest["games_played"].as_u64().unwrap() <= 60000,
        "{manifest}"
    );
    // The confirm experiment says how to play it; pasted, it plays the
    // front at every level.
    let confirm = std::fs::read_to_string(out.join("confirm.toml")).unwrap();
    assert!(confirm.contains("# ludus run confirm.toml"), "{confirm}");
    let o = ludus(&[
        "run",
        out.join("confirm.toml").to_str().unwrap(),
        "-q",
        "--out",
        dir.join("confirmed").to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        read_csv(&dir.join("confirmed/cells.csv")).len(),
        front.len()
    );
}

#[test]
fn a_bad_search_file_or_a_folder_of_another_search_is_refused() {
    let dir = scratch("search_refused");
    let bad = write(
        &dir,
        "bad.toml",
        &SEARCH.replace("rounds = [1, 3]", "rounds = [1, 3]\nbodies = [3]"),
    );
    let o = ludus(&["search", &bad]);
    refused(&o, 2, "bad.toml: `space.bodies`: is no option of pair-ace");

    let file = write(&dir, "search.toml", SEARCH);
    let out = dir.join("out");
    let o = ludus(&["search", &file, "-q", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let other = write(
        &dir,
        "other.toml",
        &SEARCH.replace("pair-ace-search", "another"),
    );
    let o = ludus(&["search", &other, "-q", "--out", out.to_str().unwrap()]);
    refused(&o, 2, "holds the search `pair-ace-search`, not `another`");
    let o = ludus(&[
        "search",
        &other,
        "-q",
        "--force",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
}
