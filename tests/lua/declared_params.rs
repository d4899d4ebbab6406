//! Issue #33: unknown bot parameters (`{lookahed=false}`) were silently
//! ignored. A script declares its parameters with their defaults (a global
//! table `params`); a parameter it does not declare, or a value of another
//! kind than the default's, is refused when the policy is built, before any
//! game, with exit code 2; the defaults reach `info.params`; a script that
//! declares nothing takes any parameter, as before.

use std::path::Path;
use std::process::{Command, Output};

use crate::support::{scratch, script};

fn ludus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .output()
        .expect("ludus runs")
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// A Half Hazard bot that declares two parameters and checks in `init`
/// that `info.params` holds `want` (Lua expressions over `p`).
fn declaring(name: &str, want: &str) -> String {
    script(
        name,
        &format!(
            "params = {{ lookahead = true, depth = 2, style = \"bold\" }}\n\
             function init(info)\n  local p = info.params\n  assert({want}, \"info.params\")\nend\n\
             function choose(game, moves) return \"stop\" end\n"
        ),
    )
}

/// `ludus play half-hazard` with `bot` against `threshold:1`.
fn play(bot: &str) -> Output {
    let seats = format!("lua:{bot},threshold:1");
    ludus(&["play", "half-hazard", "--seats", &seats, "--seed", "5"])
}

/// The CSVs in `dir`, if it exists.
fn csvs(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .map(|d| {
            d.map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                .filter(|n| n.ends_with(".csv"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_mistyped_parameter_is_refused_before_any_game() {
    let bot = declaring("typo", "true");
    let dir = scratch("declared-typo");
    let exp = dir.join("exp.toml");
    std::fs::write(
        &exp,
        format!(
            "name = \"typo\"\nseed = 4\ngames = 200\n\
             [[cells]]\ngame = \"half-hazard\"\nseats = [\"threshold:1\", \"threshold:2\"]\n\
             [[cells]]\ngame = \"half-hazard\"\nseats = [\"lua:{bot}{{lookahed=false}}\", \"random\"]\n"
        ),
    )
    .unwrap();
    let out = dir.join("out");
    let o = ludus(&[
        "run",
        exp.to_str().unwrap(),
        "--quiet",
        "--out",
        out.to_str().unwrap(),
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    for part in [
        "cells[1].seats[0]",
        &format!("policy `lua:{bot}{{lookahed=false}}`"),
        &format!("{bot} has no parameter `lookahed` (did you mean `lookahead`?)"),
        "`depth`, `lookahead`, `style`",
    ] {
        assert!(err.contains(part), "{part} in {err}");
    }
    assert_eq!(csvs(&out), Vec::<String>::new(), "no game was played");

    let seats = format!("lua:{bot}{{lookahed=false}},random");
    let o = ludus(&["play", "half-hazard", "--seats", &seats]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("did you mean `lookahead`?"), "{err}");

    let file = dir.join("t.toml");
    std::fs::write(
        &file,
        format!(
            "name = \"t\"\nseed = 3\ngame = \"half-hazard\"\ngames = 100\n\
             policies = [\"threshold:1\", \"lua:{bot}{{lookahed=false}}\", \"random\"]\n"
        ),
    )
    .unwrap();
    let tout = dir.join("tournament");
    let o = ludus(&[
        "tournament",
        file.to_str().unwrap(),
        "--quiet",
        "--out",
        tout.to_str().unwrap(),
    ]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("did you mean `lookahead`?"), "{err}");
    assert_eq!(csvs(&tout), Vec::<String>::new(), "no game was played");
}

#[test]
fn the_example_scripts_refuse_a_typo() {
    let o = play("scripts/mcts.lua{playout=20}");
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("scripts/mcts.lua has no parameter `playout` (did you mean `playouts`?)")
            && err.contains("`c`, `cap`, `playouts`"),
        "{err}"
    );
    let o = play("scripts/dice/banking.lua{K=2}");
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("did you mean `k`?"), "{err}");
}

#[test]
fn declared_defaults_reach_info_params() {
    let bot = declaring(
        "defaults",
        "p.lookahead == false and math.type(p.depth) == \"integer\" and p.depth == 2 \
         and p.style == \"bold\"",
    );
    let o = play(&format!("{bot}{{lookahead=false}}"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let bot = declaring(
        "given",
        "p.lookahead == true and p.depth == 2.5 and p.style == \"3\"",
    );
    let o = play(&format!("{bot}{{depth=2.5, style=\"3\"}}"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_value_of_another_kind_is_refused() {
    let bot = declaring("kinds", "true");
    for (braces, part) in [
        (
            "{depth=two}",
            "parameter `depth` takes a number (its default is 2), not \"two\"",
        ),
        (
            "{lookahead=1}",
            "parameter `lookahead` takes true or false (its default is true), not 1",
        ),
        (
            "{style=3}",
            "parameter `style` takes a text (its default is \"bold\"), not 3 \
             (to pass it as a text, quote it: style=\"3\")",
        ),
    ] {
        let o = play(&format!("{bot}{braces}"));
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{braces}: {err}");
        assert!(err.contains(&format!("{bot}'s {part}")), "{braces}: {err}");
    }
}

/// The same braces, refused by a script that declares its parameters,
/// taken whole by its twin that declares none.
#[test]
fn only_a_declaring_script_refuses_parameters() {
    let braces = "{lookahed=false, anything=1}";
    let o = play(&format!("{}{braces}", declaring("strict", "true")));
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("has no parameter `lookahed`"), "{err}");
    let open = script(
        "open",
        "function init(info)\n  assert(info.params.lookahed == false and info.params.anything == 1)\n  \
         assert(info.params.lookahead == nil)\nend\n\
         function choose(game, moves) return \"stop\" end\n",
    );
    let o = play(&format!("{open}{braces}"));
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn a_declaration_that_is_not_one_is_refused() {
    for (name, declaration, part) in [
        (
            "not_table",
            "params = 3",
            "its global `params` is of type number",
        ),
        (
            "table_default",
            "params = { depth = {} }",
            "`params.depth`'s default is of type table",
        ),
        (
            "list",
            "params = { \"depth\" }",
            "its `params` holds the key [1]",
        ),
        (
            "limit",
            "params = { max_seconds = 1 }",
            "declares `max_seconds`, a limit",
        ),
    ] {
        let bot = script(
            name,
            &format!("{declaration}\nfunction choose(game, moves) return \"stop\" end\n"),
        );
        let o = play(&bot);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{name}: {err}");
        assert!(err.contains(part), "{name}: {err}");
    }
}
