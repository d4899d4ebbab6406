//! `ludus run --estimate`: a table of what each cell and the run will take,
//! from a pilot of each cell's own games, without a report folder; and
//! the time it foretells against the time the run then takes.

use crate::support::{ludus, manifest, refused, scratch, write};

/// Two cells of Rithmomachy, random and one-ply search, a couple of
/// seconds of play in all on an unoptimised build.
const SMALL: &str = r#"
name = "small"
seed = 5
games = 600
[[cells]]
game = "rithmomachy"
label = "random play"
[[cells]]
game = "nine-men"
seats = ["random", "mcts:8"]
games = 150
"#;

/// The games a second of the total line: `(1.2k games/s)`.
fn total_rate(out: &str) -> f64 {
    let total = out
        .lines()
        .find(|l| l.starts_with("total: "))
        .unwrap_or_else(|| panic!("no total line in: {out}"));
    let rate = total
        .split(" games/s")
        .next()
        .and_then(|s| s.rsplit('(').next())
        .unwrap_or_else(|| panic!("no games/s in: {total}"));
    let (digits, scale) = match rate.strip_suffix('k') {
        Some(d) => (d, 1e3),
        None => match rate.strip_suffix('M') {
            Some(d) => (d, 1e6),
            None => (rate, 1.0),
        },
    };
    digits.parse::<f64>().unwrap() * scale
}

#[test]
fn an_estimate_prints_a_total_writes_nothing_and_is_near_the_run() {
    let dir = scratch("estimate");
    let exp = write(&dir, "small.toml", SMALL);
    let out = dir.join("out");
    let o = ludus(&[
        "run",
        &exp,
        "--estimate",
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    let text = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        o.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // A line per cell under the heading, then the total.
    assert!(text.contains("games/s"), "{text}");
    assert!(text.contains("random play: rithmomachy"), "{text}");
    assert!(text.contains("random, mcts:8"), "{text}");
    assert!(text.contains("total: 750 games, about "), "{text}");
    assert!(text.contains("on 2 threads"), "{text}");
    // Nothing is written: no report folder, not even an empty one.
    assert!(!out.exists(), "--estimate wrote {}", out.display());
    let estimated = 750.0 / total_rate(&text);

    // The run itself, on the same threads; the manifest times its play.
    let o = ludus(&[
        "run",
        &exp,
        "--quiet",
        "--threads",
        "2",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let actual = manifest(&out)["wall_seconds"].as_f64().unwrap();
    // Loose, for a machine shared with other work: within a factor of 3.
    let ratio = estimated / actual;
    assert!(
        (1.0 / 3.0..=3.0).contains(&ratio),
        "estimated {estimated:.2} s, took {actual:.2} s:\n{text}"
    );
}

#[test]
fn an_estimate_of_a_bad_file_names_the_file_and_line() {
    let dir = scratch("estimate-bad");
    let exp = write(
        &dir,
        "bad.toml",
        "name = \"bad\"\nseed = 1\ngames = 10\n[[cells]]\ngame = \"hazard\"\nseats = 3\n",
    );
    let o = ludus(&["run", &exp, "--estimate"]);
    let err = refused(&o, 2, "bad.toml");
    assert!(err.contains("line 6"), "{err}");
    assert!(
        o.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&o.stdout)
    );
}
