//! A bot in `ludus run` sees its own cell's rules, as they are in force:
//! the cell's options, every `preset` resolved, and who moves first.

use std::process::{Command, Output};

use crate::support::{scratch, script};

fn run(experiment: &str) -> Output {
    let dir = scratch("cell-options-out");
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["run", experiment, "--quiet", "--threads", "2", "--out"])
        .arg(dir.join("out"))
        .output()
        .expect("ludus runs")
}

/// A bot that stops in `init` unless every parameter it is given equals the
/// option of that name (`first_seat`: `info.first_seat`).
const CHECK: &str = r#"
function init(info)
  for k, want in pairs(info.params) do
    local seen = info.options[k]
    if k == "first_seat" then seen = info.first_seat end
    if seen ~= want then
      error("init sees " .. k .. "=" .. tostring(seen) .. ", not " .. tostring(want))
    end
  end
end
function choose(game, moves) return 1 end
"#;

fn experiment(cells: &str) -> String {
    let dir = scratch("cell-options");
    let p = dir.join("exp.toml");
    std::fs::write(
        &p,
        format!("name = \"cell-options\"\nseed = 3\ngames = 40\nmax_plies = 60\n{cells}"),
    )
    .unwrap();
    p.to_str().unwrap().to_string()
}

fn cell(game: &str, options: &str, expect: &str, bot: &str) -> String {
    format!(
        "[[cells]]\ngame = \"{game}\"\noptions = {{ {options} }}\n\
         seats = ['lua:{bot}{{{expect}}}', \"random\"]\n"
    )
}

#[test]
fn bots_see_their_cells_options_in_force() {
    let bot = script("check_options", CHECK);
    let cells = [
        // The issue's reproducer: dagonell, whose preset plays 12 bodies and White first.
        cell(
            "rithmomachy",
            "rules = \"dagonell\"",
            "rules=\"dagonell\", bodies=12, glorious=\"off\", first=\"white\", first_seat=1",
            &bot,
        ),
        cell(
            "rithmomachy",
            "rules = \"boardspace\", bodies = \"off\", cap = 50",
            "rules=\"boardspace\", bodies=\"off\", goods_white=1314, cap=50, first=\"black\", first_seat=2",
            &bot,
        ),
        cell(
            "rithmomachy",
            "rules = \"fulke\", first = \"white\"",
            "rules=\"fulke\", bodies=6, first=\"white\", first_seat=1",
            &bot,
        ),
        // A dice game: the cell's own numbers; the dice decide who throws first.
        cell(
            "half-hazard",
            "pot = 10, unit = 3",
            "pot=10, unit=3",
            &bot,
        ),
    ]
    .concat();
    let o = run(&experiment(&cells));
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

#[test]
fn a_bot_that_expects_other_rules_fails_in_init() {
    let bot = script("check_options_wrong", CHECK);
    for (game, options, expect, seen) in [
        (
            "rithmomachy",
            "rules = \"dagonell\"",
            "rules=\"boardspace\"",
            "rules=dagonell",
        ),
        (
            "rithmomachy",
            "rules = \"medieval\"",
            "bodies=15",
            "bodies=",
        ),
        ("half-hazard", "pot = 10", "pot=20", "pot=10"),
        ("half-hazard", "", "first_seat=1", "first_seat=nil"),
    ] {
        let o = run(&experiment(&cell(game, options, expect, &bot)));
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(3), "{game} {options}: {err}");
        assert!(err.contains(&format!("init sees {seen}")), "{err}");
    }
}
