//! `ludus play`: one policy for every seat, one game of an experiment, and
//! the replay command a failing bot prints, which names only the options
//! that differ from the defaults and replays its game.

use std::process::Output;

use ludus::core::seed::game_seed;

use crate::support::{ludus, refused, scratch, stderr, write};

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The line that tells who won and the game's length.
fn result(out: &str) -> String {
    out.lines()
        .find(|l| l.contains("; length "))
        .unwrap_or_else(|| panic!("no result line in {out}"))
        .to_string()
}

#[test]
fn one_policy_plays_every_seat() {
    let every = ludus(&["play", "hazard", "--opt", "players=6", "--seats", "random"]);
    let each = ludus(&[
        "play",
        "hazard",
        "--opt",
        "players=6",
        "--seats",
        "random,random,random,random,random,random",
    ]);
    assert_eq!(stdout(&every), stdout(&each));
    let lua = "lua:scripts/random.lua";
    let every = ludus(&["play", "rithmomachy", "--seats", lua, "--seed", "3"]);
    let each = ludus(&[
        "play",
        "rithmomachy",
        "--seats",
        &format!("{lua},{lua}"),
        "--seed",
        "3",
    ]);
    assert_eq!(stdout(&every), stdout(&each));
    // A list of another wrong length is still an error.
    let o = ludus(&["play", "rithmomachy", "--seats", "random,random,random"]);
    assert_eq!(o.status.code(), Some(2));
    let e = stderr(&o);
    assert!(
        e.contains("--seats lists 3 policies but rithmomachy") && e.contains("has 2 seats"),
        "{e}"
    );
}

#[test]
fn a_seat_takes_a_search_policy_with_its_settings() {
    // `--seat` takes each policy whole; `--seats` keeps a search policy's
    // settings with it. Both play the same game.
    let seat = ludus(&[
        "play",
        "three-men",
        "--seat",
        "mcts:3,cap=20",
        "--seat",
        "alphabeta:2,nodes=50",
        "--seed",
        "4",
    ]);
    let seats = ludus(&[
        "play",
        "three-men",
        "--seats",
        "mcts:3,cap=20,alphabeta:2,nodes=50",
        "--seed",
        "4",
    ]);
    assert_eq!(result(&stdout(&seat)), result(&stdout(&seats)));
    // Settings after a search policy are its own, wherever in the list.
    let other = ludus(&[
        "play",
        "three-men",
        "--seats",
        "mcts:3,cap=20,c=9.0,alphabeta:2,nodes=50",
        "--seed",
        "4",
    ]);
    assert!(other.status.success(), "{}", stderr(&other));
    // One `--seat` plays every seat, as one policy in `--seats` does.
    let every = ludus(&["play", "hazard", "--opt", "players=4", "--seat", "random"]);
    let each = ludus(&["play", "hazard", "--opt", "players=4", "--seats", "random"]);
    assert_eq!(stdout(&every), stdout(&each));
    // The issue's seats: two policies, not three (the script is missing).
    let o = ludus(&[
        "play",
        "three-men",
        "--seats",
        "mcts:20,c=1.0,lua:no-such.lua",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("seat 2 (lua:no-such.lua)"),
        "{}",
        stderr(&o)
    );
    // Another count of `--seat`, or both flags, is refused.
    let o = ludus(&[
        "play",
        "hazard",
        "--opt",
        "players=3",
        "--seat",
        "random",
        "--seat",
        "random",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("--seat is given 2 times but hazard with ")
            && stderr(&o).contains("has 3 seats"),
        "{}",
        stderr(&o)
    );
    let o = ludus(&["play", "hazard", "--seat", "random", "--seats", "random"]);
    refused(&o, 2, "--seat");
}

const EXPERIMENT: &str = r#"name = "play-cli"
seed = 17
games = 10
max_plies = 3000

[[cells]]
game = "hazard"

[[cells]]
game = "rithmomachy"
options = { rules = "dagonell" }
seats = ["random", "lua:scripts/random.lua"]
"#;

#[test]
fn play_plays_one_game_of_an_experiment() {
    let dir = scratch("experiment");
    let exp = write(&dir, "exp.toml", EXPERIMENT);
    let seed = game_seed(17, 1, 5).to_string();
    let direct = stdout(&ludus(&[
        "play",
        "rithmomachy",
        "--opt",
        "rules=dagonell",
        "--seats",
        "random,lua:scripts/random.lua",
        "--max-plies",
        "3000",
        "--seed",
        &seed,
    ]));
    let from_file = stdout(&ludus(&[
        "play",
        "--experiment",
        &exp,
        "--cell",
        "1",
        "--game",
        "5",
    ]));
    assert_eq!(result(&from_file), result(&direct));
    // Every move alike: the file's output is the direct one after a line
    // naming the file, the cell and the game.
    let (first, rest) = from_file.split_once('\n').unwrap();
    assert!(
        first.contains("cell 1, game 5 (experiment seed 17)"),
        "{first}"
    );
    assert_eq!(rest, direct);
    // Naming the cell's game is allowed; another game is not.
    let named = ludus(&["play", "rithmomachy", "--experiment", &exp, "--cell", "1"]);
    assert_eq!(
        result(&stdout(&named)),
        result(&stdout(&ludus(&[
            "play",
            "--experiment",
            &exp,
            "--cell",
            "1"
        ])))
    );
    let o = ludus(&["play", "hazard", "--experiment", &exp, "--cell", "1"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("plays rithmomachy, not hazard"),
        "{}",
        stderr(&o)
    );
    // --seed replaces the experiment's seed, as in `ludus run`.
    let reseeded = stdout(&ludus(&[
        "play",
        "--experiment",
        &exp,
        "--seed",
        "4",
        "--cell",
        "1",
        "--game",
        "5",
    ]));
    assert!(
        reseeded.contains(&format!("seed {}", game_seed(4, 1, 5))),
        "{reseeded}"
    );
    // --cell and --game default to 0.
    let first_game = stdout(&ludus(&["play", "--experiment", &exp]));
    assert!(
        first_game.contains(&format!("seed {}", game_seed(17, 0, 0)))
            && first_game.contains("Hazard"),
        "{first_game}"
    );
}

#[test]
fn play_names_what_is_out_of_an_experiment() {
    let dir = scratch("range");
    let exp = write(&dir, "exp.toml", EXPERIMENT);
    for (args, needle) in [
        (
            vec!["--cell", "2"],
            "exp.toml: --cell 2: the experiment has 2 cells (0-1)",
        ),
        (
            vec!["--cell", "1", "--game", "10"],
            "exp.toml: --game 10: cell 1 plays 10 games (0-9)",
        ),
    ] {
        let mut all = vec!["play", "--experiment", &exp];
        all.extend(args);
        let o = ludus(&all);
        assert_eq!(o.status.code(), Some(2), "{all:?}");
        assert!(stderr(&o).contains(needle), "{}", stderr(&o));
    }
    // What the cell sets cannot be given as well; --cell needs a file.
    for (args, said) in [
        (
            &["play", "--experiment", &exp, "--seats", "random"][..],
            "--seats",
        ),
        (
            &["play", "--experiment", &exp, "--opt", "players=3"],
            "--opt",
        ),
        (
            &["play", "--experiment", &exp, "--max-plies", "9"],
            "--max-plies",
        ),
        (&["play", "hazard", "--cell", "1"], "--cell"),
        (&["play"], "required arguments"),
    ] {
        refused(&ludus(args), 2, said);
    }
    let missing = dir.join("none.toml");
    let o = ludus(&["play", "--experiment", missing.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("none.toml"), "{}", stderr(&o));
}

#[test]
fn the_replay_command_names_only_options_off_their_default_and_replays() {
    let dir = scratch("replay");
    let bot = write(
        &dir,
        "flaky.lua",
        "function choose(game, moves)\n  if math.random(30) == 1 then\n    error(\"unlucky at \" .. game:ply())\n  end\n  return 1\nend\n",
    );
    let exp = write(
        &dir,
        "exp.toml",
        &format!(
            "name = \"replay\"\nseed = 5\ngames = 50\n\n[[cells]]\ngame = \"rithmomachy\"\n\
             options = {{ rules = \"dagonell\" }}\nseats = [\"lua:{bot}\", \"random\"]\n"
        ),
    );
    let out = dir.join("out");
    let o = ludus(&["run", &exp, "--quiet", "--out", out.to_str().unwrap()]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(3), "{err}");
    let cmd = err
        .lines()
        .find_map(|l| l.trim().strip_prefix("replay: "))
        .unwrap_or_else(|| panic!("no replay command in {err}"));
    let words: Vec<&str> = cmd.split(' ').collect();
    let opts: Vec<&str> = words
        .windows(2)
        .filter(|w| w[0] == "--opt")
        .map(|w| w[1])
        .collect();
    assert_eq!(opts, ["rules=dagonell"], "{cmd}");
    assert_eq!(words[..3], ["ludus", "play", "rithmomachy"], "{cmd}");
    let r = ludus(&words[1..]);
    assert_eq!(r.status.code(), Some(3), "{}", stderr(&r));
    let failure = |e: &str| {
        e.split("failed at")
            .nth(1)
            .unwrap_or_else(|| panic!("no failure in {e}"))
            .lines()
            .next()
            .unwrap()
            .to_string()
    };
    assert_eq!(failure(&stderr(&r)), failure(&err));
}
