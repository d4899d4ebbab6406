//! The `ludus play` command that replays one game of a cell.
//!
//! `ludus play --seed S` plays the game whose seed is S, and a cell's game
//! `i` has the seed `game_seed(experiment seed, cell, i)`; so printing that
//! seed with the cell's game, options, seats and `--max-plies` replays
//! exactly that game. Every word is quoted for a POSIX shell, and each seat
//! is its own `--seat`, so that any policy's text comes back whole.

use crate::core::options::Options;
use crate::plan::cell_plan::CellPlan;
use crate::plan::experiment::DEFAULT_MAX_PLIES;
use crate::runner::game_entry::GameEntry;

/// Quotes `word` for a POSIX shell when it holds anything beyond plain characters.
pub fn shell_word(word: &str) -> String {
    let plain = word
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_./:,=+-".contains(c));
    if plain && !word.is_empty() {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// `--opt key=value` for each option of `options` whose value differs
/// from the game's default, quoted for a shell: what a printed command
/// repeats of the options.
pub fn option_words(entry: &dyn GameEntry, options: &Options) -> Vec<String> {
    options
        .changed(entry.option_specs())
        .flat_map(|(k, v)| ["--opt".to_string(), shell_word(&format!("{k}={v}"))])
        .collect()
}

/// The command that replays game `game_seed` of `plan`. It names only the
/// options whose value differs from the game's default, so that it stays
/// short enough to read (Rithmomachy has some twenty options).
pub fn replay_command(plan: &CellPlan, game_seed: u64) -> String {
    let mut words = vec!["ludus".to_string(), "play".into(), plan.game.name().into()];
    words.extend(option_words(plan.game, &plan.cell.options));
    // Each seat its own `--seat`, which takes a policy whole: a list
    // would split a search policy's settings (`mcts:20,c=1.0`) or a script
    // path holding a comma. One policy in every seat is named once.
    let seats = &plan.cell.seats;
    let distinct = if seats.iter().all(|s| *s == seats[0]) {
        &seats[..1]
    } else {
        &seats[..]
    };
    for spec in distinct {
        words.push("--seat".into());
        words.push(shell_word(&spec.to_string()));
    }
    words.push("--seed".into());
    words.push(game_seed.to_string());
    if plan.cell.max_plies != DEFAULT_MAX_PLIES {
        words.push("--max-plies".into());
        words.push(plan.cell.max_plies.to_string());
    }
    words.join(" ")
}

/// What a run or a tournament says of the `recorded` games it kept in
/// `dir`'s records file, with the command that replays the first.
pub fn records_said(recorded: usize, dir: &std::path::Path) -> String {
    let file = dir.join(crate::reports::records::FILE);
    format!(
        "{} kept whole in {}; replay one: ludus play --record {} --game 0",
        crate::core::plural::plural(recorded, "game"),
        file.display(),
        shell_word(&file.display().to_string())
    )
}
