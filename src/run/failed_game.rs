//! How a run names a game that failed: its cell, its game, who failed and
//! how, and the command that replays it.

use crate::plan::cell_plan::CellPlan;
use crate::reports::replay_command::replay_command;

/// A cell as messages name it: its game and the settings that tell it apart.
pub fn describe(plan: &CellPlan) -> String {
    let mut words = vec![plan.game.to_string()];
    words.extend(crate::reports::table::cell_settings(plan));
    words.join(" ")
}

/// Which game failed and how, with the command that replays it: the part of
/// a failure's message that a stopped run and a forfeit warning share.
/// `(seat, by_evaluator)`: the seat that failed, or whose decision the
/// cell's `metrics_evaluator` failed to judge.
pub fn failed_game(
    plan: &CellPlan,
    game_index: u64,
    game_seed: u64,
    (seat, by_evaluator): (usize, bool),
    ply: u32,
    message: &str,
) -> String {
    let who = if by_evaluator {
        format!(
            "metrics_evaluator {} failed judging seat {}'s decision",
            plan.cell
                .evaluator
                .as_ref()
                .map_or("(the game's evaluation)".to_string(), |e| e.to_string()),
            seat + 1
        )
    } else {
        format!("seat {} ({}) failed", seat + 1, plan.cell.seats[seat])
    };
    format!(
        "game {game_index} (seed {game_seed}): {who} at length {ply}: {message}\n  replay: {}",
        replay_command(plan, game_seed)
    )
}
