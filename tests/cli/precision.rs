//! `games = { until_se, max }`: a cell played in blocks until the standard
//! error of every seat's win rate is within the bound, or its most games;
//! the games it stops at, as cells.csv and summary.csv show them, the same
//! on any thread count; bad keys and `--shard` refused with exit code 2.

use std::collections::HashMap;

use crate::shards::same_csvs;
use crate::support::{ludus, num, read_csv, refused, scratch, stderr, write};

/// The block the stop is looked at after (src/runner/precision.rs).
const BLOCK: u64 = 1000;

/// Cell 0 stops at its precision, cell 1 plays a fixed count, cell 2's
/// bound is out of reach of its most games; cell 3 is the top level's.
const EXPERIMENT: &str = r#"
name = "precision"
seed = 5
games = { until_se = 0.012, max = 20000 }
[[cells]]
game = "hazard"
games = { until_se = 0.011, max = 20000 }
[[cells]]
game = "three-men"
games = 300
[[cells]]
game = "hazard"
games = { until_se = 0.001, max = 2500 }
[[cells]]
game = "hazard"
options = { players = 3 }
"#;

fn run(args: &[&str]) {
    let o = ludus(args);
    assert!(o.status.success(), "ludus {args:?}: {}", stderr(&o));
}

/// The largest standard error of a seat's win rate among `rows` of
/// summary.csv (one cell's), as the stop computes it.
fn largest_se(rows: &[&HashMap<String, String>]) -> f64 {
    rows.iter()
        .map(|r| {
            let (p, n) = (num(r, "win_rate"), num(r, "games"));
            (p * (1.0 - p) / n).sqrt()
        })
        .fold(0.0, f64::max)
}

#[test]
fn a_cell_stops_at_the_first_block_within_its_bound_on_any_threads() {
    let dir = scratch("precision");
    let exp = write(&dir, "e.toml", EXPERIMENT);
    let (one, two) = (dir.join("t1"), dir.join("t2"));
    for (out, threads) in [(&one, "1"), (&two, "2")] {
        run(&[
            "run",
            &exp,
            "-q",
            "--threads",
            threads,
            "--out",
            out.to_str().unwrap(),
        ]);
    }
    same_csvs(&one, &two);

    let cells = read_csv(&one.join("cells.csv"));
    let summary = read_csv(&one.join("summary.csv"));
    let games: Vec<u64> = cells.iter().map(|c| num(c, "games") as u64).collect();
    let stopped: Vec<&str> = cells.iter().map(|c| c["stopped"].as_str()).collect();
    assert_eq!(stopped, ["precision", "games", "max", "precision"]);
    assert_eq!((games[1], games[2]), (300, 2500));
    let of = |c: usize| -> Vec<&HashMap<String, String>> {
        summary
            .iter()
            .filter(|r| r["cell"] == c.to_string())
            .collect()
    };
    for (c, bound) in [(0, 0.011), (3, 0.012)] {
        let n = games[c];
        assert!(
            n.is_multiple_of(BLOCK) && n > BLOCK && n < 20000,
            "cell {c}: {n}"
        );
        assert!(of(c).iter().all(|r| num(r, "games") as u64 == n));
        assert!(largest_se(&of(c)) <= bound, "cell {c} at {n}");
    }
    assert!(largest_se(&of(2)) > 0.001);

    // The same cells played to one block fewer, as fixed counts (a cell's
    // games are seeded by its index): the bound was not met there.
    let before = EXPERIMENT
        .replace(
            "{ until_se = 0.011, max = 20000 }",
            &(games[0] - BLOCK).to_string(),
        )
        .replace(
            "games = { until_se = 0.012, max = 20000 }",
            &format!("games = {}", games[3] - BLOCK),
        );
    let exp = write(&dir, "before.toml", &before);
    let out = dir.join("before");
    run(&["run", &exp, "-q", "--out", out.to_str().unwrap()]);
    let earlier = read_csv(&out.join("summary.csv"));
    for (c, bound) in [(0, 0.011), (3, 0.012)] {
        let rows: Vec<_> = earlier
            .iter()
            .filter(|r| r["cell"] == c.to_string())
            .collect();
        assert_eq!(num(rows[0], "games") as u64, games[c] - BLOCK);
        assert!(largest_se(&rows) > bound, "cell {c} one block earlier");
    }
}

#[test]
fn bad_precisions_and_shards_are_refused_by_key() {
    let dir = scratch("precision-refused");
    let cases = [
        ("{ until_se = 0.7, max = 5 }", "`cells[0].games.until_se`"),
        ("{ until_se = 0.0, max = 5 }", "`cells[0].games.until_se`"),
        ("{ until_se = 0.01 }", "`cells[0].games.max`"),
        ("{ until_se = 0.01, max = 0 }", "`cells[0].games.max`"),
        ("{ max = 10 }", "`cells[0].games.until_se`"),
        (
            "{ until_se = 0.01, max = 10, min = 3 }",
            "`cells[0].games.min`",
        ),
        ("\"many\"", "`cells[0].games`"),
    ];
    for (games, key) in cases {
        let text = format!(
            "name = \"x\"\nseed = 1\ngames = 10\n[[cells]]\ngame = \"hazard\"\ngames = {games}\n"
        );
        let exp = write(&dir, "e.toml", &text);
        let out = dir.join("out");
        refused(
            &ludus(&["run", &exp, "-q", "--out", out.to_str().unwrap()]),
            2,
            key,
        );
    }
    let top = write(
        &dir,
        "top.toml",
        "name = \"x\"\nseed = 1\ngames = { until_se = -1, max = 5 }\n[[cells]]\ngame = \"hazard\"\n",
    );
    refused(&ludus(&["run", &top, "-q"]), 2, "`games.until_se`");

    // A shard cannot tell when a cell is precise enough: refused, naming
    // the cell and the key, and nothing written.
    let exp = write(&dir, "p.toml", EXPERIMENT);
    let out = dir.join("shard");
    let err = refused(
        &ludus(&[
            "run",
            &exp,
            "-q",
            "--shard",
            "1/2",
            "--out",
            out.to_str().unwrap(),
        ]),
        2,
        "cell 0 (hazard, `cells[0].games`) plays to a precision",
    );
    assert!(err.contains("without --shard"), "{err}");
    assert!(!out.exists());
}
