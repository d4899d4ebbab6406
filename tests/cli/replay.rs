//! Replay commands: every `replay:` line a run prints, run as a shell runs
//! it, plays the same game, for native, search (with settings) and Lua
//! seats, a script's path holding a comma, spaces and quotes.

use std::path::Path;
use std::process::{Command, Output};

use crate::support::{scratch, stderr, write};

/// A bot that gives up once it has been offered `limit` moves in all: where
/// depends on every move played before, the other seat's included.
const BOT: &str = r#"
function init(info)
  limit = info.params.limit or 40
  seen = 0
end
function choose(game, moves)
  seen = seen + #moves
  if seen > limit then error("gave up after " .. seen .. " moves offered") end
  return math.random(#moves)
end
"#;

/// A script path a shell and a seat list would both take apart.
const ODD: &str = "bots/odd, name 'q' \"d\".lua";

fn experiment() -> String {
    let odd = ODD.replace('"', "\\\"");
    format!(
        r#"
name = "replays"
seed = 5
games = 6
max_plies = 400
on_bot_error = "forfeit"
[[cells]]
game = "three-men"
seats = ["lua:{odd}", "alphabeta:2,nodes=300"]
[[cells]]
game = "three-men"
seats = ["mcts:6,c=0.5,cap=30", "lua:{odd}{{limit=25}}"]
[[cells]]
game = "half-hazard"
seats = ["threshold:2", "lua:{odd}{{limit=5}}"]
[[cells]]
game = "alquerque"
options = {{ forced_capture = true }}
seats = ["lua:bots/plain.lua", "mcts:4,c=2.0"]
[[cells]]
game = "three-men"
options = {{ diagonals = false }}
seats = "lua:bots/plain.lua{{limit=30}}"
"#
    )
}

/// Runs `command` as `sh -c` does, with `ludus` the binary under test, in `dir`.
fn shell(command: &str, dir: &Path) -> Output {
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let link = bin.join("ludus");
    if !link.exists() {
        std::os::unix::fs::symlink(env!("CARGO_BIN_EXE_ludus"), &link).unwrap();
    }
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    Command::new("sh")
        .arg("-c")
        .arg(command)
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .unwrap()
}

#[test]
fn every_printed_replay_command_replays_its_game() {
    let dir = scratch("replay");
    std::fs::create_dir_all(dir.join("bots")).unwrap();
    write(&dir, ODD, BOT);
    write(&dir, "bots/plain.lua", BOT);
    write(&dir, "e.toml", &experiment());
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(["run", "e.toml", "--threads", "1", "--out", "out"])
        .args(["--max-forfeits", "100"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let err = stderr(&o);
    let lines: Vec<&str> = err.lines().collect();
    let mut replayed = 0;
    for (i, line) in lines.iter().enumerate() {
        let Some(command) = line.strip_prefix("  replay: ") else {
            continue;
        };
        // "... the first, game I (seed S): seat K (P) failed at length L: M"
        let failed = lines[i - 1];
        let what = &failed[failed.find("): seat ").expect(failed) + 3..];
        assert!(command.starts_with("ludus play "), "{command}");
        let o = shell(command, &dir);
        assert_eq!(o.status.code(), Some(3), "{command}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(
            e.contains(what),
            "{command}\nthe run: {what}\nthe replay: {e}"
        );
        replayed += 1;
    }
    // One forfeit warning a cell.
    assert_eq!(replayed, 5, "{err}");
    for seat in [
        "--seat mcts:6,c=0.5,cap=30 ",
        "--seat alphabeta:2,nodes=300",
        "--seat threshold:2",
        "--seat 'lua:bots/odd, name '\\''q'\\'' \"d\".lua{limit=25}'",
        "--opt forced_capture=true",
        "--max-plies 400",
    ] {
        assert!(err.contains(seat), "{seat} not in {err}");
    }
    // One policy in every seat is written once.
    assert!(
        err.contains("--opt diagonals=false --seat 'lua:bots/plain.lua{limit=30}' --seed"),
        "{err}"
    );
}
