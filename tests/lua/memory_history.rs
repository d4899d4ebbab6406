//! Issue 28, 3: whether a script runs out of memory depends on its game
//! only, not on the games its VM played before. The red team's bot
//! (tests/lua/memory/hoard.lua, and tests/lua/hostile/memory_history.lua)
//! keeps 3-5 KB strings at `max_memory_mb=1`, and looks at every move:
//! with a VM reused across games, its games ended differently with 1 and
//! 2 threads, between two runs with 2, and in a run and its replay.

use std::path::Path;
use std::process::{Command, Output};

use ludus::core::game::Game;
use ludus::core::native_policies::NativePolicies;
use ludus::games::chess::FourSeasons;
use ludus::games::dice::half_hazard::HalfHazard;
use ludus::games::morris::NineMen;
use ludus::games::rithmomachy::Rithmomachy;
use ludus::policies::lua::vm_cache;

use crate::support::{play, scratch};

fn ludus(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .output()
        .expect("ludus runs")
}

fn hoarder() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/lua/hostile/memory_history.lua")
        .to_str()
        .unwrap()
        .to_string()
}

/// `nine_men` nine men's games (cell 0) and 100 of Rithmomachy if
/// `rithmomachy`, `bot` against random, forfeiting; returns the
/// experiment file.
fn experiment(dir: &Path, bot: &str, nine_men: u64, rithmomachy: bool) -> String {
    let seats = format!("[\"lua:{bot}\", \"random\"]");
    let p = dir.join(format!("hoard-{nine_men}-{rithmomachy}.toml"));
    let mut text = format!(
        "name = \"hoard\"\nseed = 7\ngames = 100\non_bot_error = \"forfeit\"\n\
         [[cells]]\ngame = \"nine-men\"\ngames = {nine_men}\nseats = {seats}\n"
    );
    if rithmomachy {
        text += &format!("[[cells]]\ngame = \"rithmomachy\"\nseats = {seats}\n");
    }
    std::fs::write(&p, text).unwrap();
    p.to_str().unwrap().to_string()
}

/// The report's CSVs but timings.csv (which measures the machine).
fn csvs(out: &Path) -> Vec<(String, String)> {
    ["summary", "cells", "endings", "lengths", "places"]
        .iter()
        .map(|n| {
            let f = format!("{n}.csv");
            let text = std::fs::read_to_string(out.join(&f)).unwrap();
            (f, text)
        })
        .collect()
}

fn run(exp: &str, out: &Path, threads: &str) -> Vec<(String, String)> {
    let o = ludus(&[
        "run",
        exp,
        "--threads",
        threads,
        "--quiet",
        "--max-forfeits",
        "100",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    csvs(out)
}

/// The games of `cell` that `ludus run` counted as forfeited.
fn forfeits(report: &[(String, String)], cell: usize) -> u64 {
    let endings = &report.iter().find(|(f, _)| f == "endings.csv").unwrap().1;
    endings
        .lines()
        .filter(|l| l.starts_with(&format!("{cell},")) && l.contains(",bot-error,"))
        .map(|l| l.split(',').nth(6).unwrap().parse::<u64>().unwrap())
        .sum()
}

#[test]
fn reports_are_the_same_for_any_thread_count() {
    let dir = scratch("memory_threads");
    let bot = format!("{}{{strings=1, max_memory_mb=1}}", hoarder());
    let exp = experiment(&dir, &bot, 300, true);
    let one = run(&exp, &dir.join("one"), "1");
    assert!(forfeits(&one, 0) > 0, "some games run out of memory");
    for (i, threads) in ["2", "2"].iter().enumerate() {
        let again = run(&exp, &dir.join(format!("again{i}")), threads);
        for ((f, a), (_, b)) in one.iter().zip(&again) {
            assert_eq!(a, b, "{f}, --threads 1 and --threads {threads}");
        }
    }
}

/// Game 170 of the nine men's cell ran out of memory in its replay (a new
/// VM) but not in `ludus run --threads 1`, after games 0 to 169 in the
/// same VM. Whether it did in the run is what the run of games 0 to 170
/// counts more than the run of games 0 to 169. (The script is named by a
/// path relative to the package, the tests' working folder: its name is
/// part of the memory the VM holds, and the game is one on the edge.)
#[test]
fn a_game_runs_out_of_memory_in_its_replay_as_in_its_run() {
    let dir = scratch("memory_replay");
    let bot = "tests/lua/memory/hoard.lua{max_memory_mb=1}";
    let mut forfeited = Vec::new();
    for games in [170, 171] {
        let exp = experiment(&dir, bot, games, false);
        let report = run(&exp, &dir.join(format!("r{games}")), "1");
        forfeited.push(forfeits(&report, 0));
    }
    let exp = experiment(&dir, bot, 171, false);
    let o = ludus(&["play", "--experiment", &exp, "--cell", "0", "--game", "170"]);
    let code = o.status.code();
    assert!(code == Some(0) || code == Some(3), "{code:?}");
    assert_eq!(
        forfeited[1] - forfeited[0] == 1,
        code == Some(3),
        "game 170 forfeited in the run: {}; its replay: {}",
        forfeited[1] - forfeited[0],
        String::from_utf8_lossy(&o.stderr)
    );
}

/// A script whose games leave nothing behind plays every game of a thread
/// in the VM it loaded first (a new VM per game would cost as much as a
/// dice game many times over).
#[test]
fn scripts_that_keep_nothing_keep_their_vm() {
    // Games played on this thread, whose VMs it keeps and counts.
    fn loads_for<G: Game + NativePolicies + NativePolicies>(seats: &[&str], games: u64) -> usize {
        let before = vm_cache::loads();
        for seed in 0..games {
            play::<G>(&[], seats, seed).unwrap();
        }
        vm_cache::loads() - before
    }
    let greedy = "lua:scripts/morris/greedy.lua";
    let n = loads_for::<NineMen>(&[greedy, "lua:scripts/random.lua"], 100);
    assert_eq!(n, 2, "nine men's morris");
    let bank = "lua:scripts/dice/banking.lua{k=2}";
    assert_eq!(
        loads_for::<HalfHazard>(&[bank, bank], 300),
        2,
        "half hazard"
    );
    let greedy = "lua:scripts/rithmomachy/greedy.lua";
    assert_eq!(
        loads_for::<Rithmomachy>(&[greedy, "random"], 10),
        1,
        "rithmomachy"
    );
    let copies = "function choose(g, m) local c = g:copy() c:play(m[1]) local r = c:moves() \
                  if #r > 0 then c:views_for('takes', {r[1]}) end return 1 end";
    let copies = format!("lua:{}", crate::support::script("copies", copies));
    let seats = [copies.as_str(), "random", "random", "random"];
    assert_eq!(loads_for::<FourSeasons>(&seats, 5), 1, "four seasons");
}
