//! Option values in TOML files: booleans where an option takes
//! `true|false` (as `ludus games` lists it), refused with the option's
//! values where it does not.

use ludus::plan::experiment::Experiment;
use ludus::plan::plan_error::PlanError;
use ludus::plan::tournament::Tournament;

use crate::support::{ludus, read_csv, scratch, stderr, write};

const BOOLEANS: &str = r#"
name = "booleans"
seed = 3
games = 20
[[cells]]
game = "alquerque"
options = { forced_capture = true }
[[cells]]
game = "three-men"
sweep = { diagonals = [true, false] }
[[cells]]
game = "nine-men"
options = { rules = "ludii", flyer_mills = false }
"#;

#[test]
fn booleans_are_option_values_where_an_option_takes_true_or_false() {
    let e = Experiment::parse(BOOLEANS, "b.toml").unwrap();
    let options: Vec<String> = e.cells.iter().map(|c| c.cell.options.to_string()).collect();
    assert!(options[0].contains("forced_capture=true"), "{options:?}");
    assert!(options[1].contains("diagonals=true"), "{options:?}");
    assert!(options[2].contains("diagonals=false"), "{options:?}");
    assert!(options[3].contains("flyer_mills=false"), "{options:?}");
    // The same as the words in strings.
    let words = BOOLEANS
        .replace("= true", "= \"true\"")
        .replace("[true, false]", "[\"true\", \"false\"]")
        .replace("= false", "= \"false\"");
    let w = Experiment::parse(&words, "w.toml").unwrap();
    for (a, b) in e.cells.iter().zip(&w.cells) {
        assert_eq!((&a.cell.options, &a.swept), (&b.cell.options, &b.swept));
    }
    let t = Tournament::parse(
        "game = \"alquerque\"\noptions = { forced_capture = true }\npolicies = [\"random\", \"mcts:2\"]\ngames = 2\n",
        "t.toml",
    )
    .unwrap();
    assert!(t.options.to_string().contains("forced_capture=true"));

    // And a run plays them.
    let dir = scratch("toml-booleans");
    let exp = write(&dir, "b.toml", BOOLEANS);
    let out = dir.join("out");
    let o = ludus(&["run", &exp, "-q", "--out", out.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let cells = read_csv(&out.join("cells.csv"));
    assert_eq!(cells.len(), 4);
    assert_eq!(cells[0]["forced_capture"], "true");
    assert_eq!(
        (&*cells[1]["diagonals"], &*cells[2]["diagonals"]),
        ("true", "false")
    );
}

#[test]
fn other_values_are_refused_naming_the_key_and_what_it_takes() {
    let cases = [
        (
            "options = { cap = true }",
            "`cells[0].options.cap`: option `cap` takes ",
            "not the boolean `true` (game alquerque)",
        ),
        (
            "sweep = { cap = [100, false] }",
            "`cells[0].sweep.cap[1]`: option `cap` takes ",
            "not the boolean `false` (game alquerque)",
        ),
        (
            "options = { forced_capture = 1.5 }",
            "`cells[0].options.forced_capture`: option `forced_capture` takes true|false, not `1.5`",
            "",
        ),
        (
            "options = { forced_capture = [true] }",
            "option `forced_capture` takes true|false, not `[true]`",
            "",
        ),
        (
            "options = { forced = true }",
            "unknown option `forced` (options: ",
            "",
        ),
    ];
    for (line, start, end) in cases {
        let text =
            format!("name = \"x\"\nseed = 1\ngames = 1\n[[cells]]\ngame = \"alquerque\"\n{line}\n");
        let e = Experiment::parse(&text, "x.toml").unwrap_err();
        assert!(
            matches!(&e, PlanError::File { file, key: Some(_), .. } if file == "x.toml"),
            "{line}: {e:?}"
        );
        let e = e.to_string();
        assert!(
            e.starts_with("x.toml: ") && e.contains(start) && e.ends_with(end),
            "{line}: {e}"
        );
    }
    let e = Tournament::parse(
        "game = \"alquerque\"\noptions = { cap = false }\npolicies = [\"random\", \"mcts:2\"]\ngames = 2\n",
        "t.toml",
    )
    .unwrap_err();
    assert!(
        matches!(&e, PlanError::File { file, key: Some(k), .. } if file == "t.toml" && k == "options.cap"),
        "{e:?}"
    );
    let e = e.to_string();
    assert!(
        e.starts_with("t.toml: `options.cap`: option `cap` takes ")
            && e.ends_with("not the boolean `false`"),
        "{e}"
    );
    let e = Tournament::parse(
        "game = \"alquerque\"\noptions = { cap = 2.5 }\npolicies = [\"random\", \"mcts:2\"]\ngames = 2\n",
        "t.toml",
    )
    .unwrap_err();
    assert!(
        matches!(&e, PlanError::File { file, key: Some(k), .. } if file == "t.toml" && k == "options.cap"),
        "{e:?}"
    );
    let e = e.to_string();
    assert!(
        e.contains("`options.cap`: option `cap` takes ") && e.ends_with("not `2.5`"),
        "{e}"
    );
}
