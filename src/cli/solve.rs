//! `ludus solve <game>`: the exact value of a small game (three men's
//! morris) by retrograde analysis, and the value of each first move; for
//! a game of chance whose states the game names (the dice games with
//! decisions), the chance of each seat winning under optimal play.

use clap::Args;

use crate::cli::game_options::GameOptions;
use crate::cli::position::read_position;
use crate::cli::{Failure, find_game};
use ludus::analysis::analysis_error::AnalysisError;
use ludus::analysis::equilibrium::Objective;
use ludus::analysis::exact_error::ExactError;
use ludus::analysis::retrograde::{Solved, Value};
use ludus::analysis::start::Start;
use ludus::core::options::Options;
use ludus::reports::replay_command::option_words;
use ludus::runner::game_entry::GameEntry;

/// Arguments of `ludus solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game (see `ludus games`).
    game: String,
    #[command(flatten)]
    options: GameOptions,
    /// A position file (JSON); the starting position if absent.
    #[arg(long, value_name = "FILE")]
    position: Option<String>,
    /// The most positions to list before giving up.
    #[arg(long, default_value_t = 5_000_000)]
    limit: usize,
    /// Prints one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

fn describe(entry: &dyn ludus::runner::game_entry::GameEntry, s: &Solved) -> String {
    match (s.value, s.plies) {
        (Value::Win(w), Some(p)) => format!("{} wins in {p} plies", entry.seat_name(w)),
        (Value::Win(w), None) => format!("{} wins", entry.seat_name(w)),
        (Value::Draw, _) => "draw".to_string(),
    }
}

fn json_value(entry: &dyn ludus::runner::game_entry::GameEntry, s: &Solved) -> serde_json::Value {
    match s.value {
        Value::Win(w) => serde_json::json!({"winner": entry.seat_name(w), "plies": s.plies}),
        Value::Draw => serde_json::json!({"winner": null, "plies": null}),
    }
}

/// Solves the game and prints the value of the start and of each move.
pub fn solve(args: SolveArgs) -> Result<(), Failure> {
    let entry = find_game(&args.game)?;
    let options = args.options.resolve(entry)?;
    let text = read_position(&args.position)?;
    let start = Start::new(&options, text.as_deref());
    let solution = match entry.solve(&start, args.limit) {
        Err(e @ AnalysisError::Chance(_)) if args.position.is_none() => {
            return solve_with_chance(entry, &options, args.limit, args.json, &e);
        }
        r => r.map_err(|e| Failure::Input(format!("{}: {e}", entry.name())))?,
    };
    if args.json {
        let moves: Vec<serde_json::Value> = solution
            .moves
            .iter()
            .map(|(m, s)| serde_json::json!({"move": m, "value": json_value(entry, s)}))
            .collect();
        let out = serde_json::json!({
            "game": entry.name(),
            "to_move": entry.seat_name(solution.to_move),
            "value": json_value(entry, &solution.root),
            "moves": moves,
            "positions": solution.positions,
        });
        println!("{out}");
        return Ok(());
    }
    println!(
        "{} to move: {} ({} positions)",
        entry.seat_name(solution.to_move),
        describe(entry, &solution.root),
        solution.positions
    );
    for (mv, s) in &solution.moves {
        println!("  {mv:<12} {}", describe(entry, s));
    }
    Ok(())
}

/// A game with chance: its value is each seat's chance of winning when
/// every seat plays for it optimally ([`GameEntry::strategy`]). A game
/// that names no states is refused with the retrograde solver's reason
/// (`chance`), which says how to fix the start where it can.
fn solve_with_chance(
    entry: &dyn GameEntry,
    options: &Options,
    limit: usize,
    json: bool,
    chance: &AnalysisError,
) -> Result<(), Failure> {
    let table = entry
        .strategy(options, Objective::Win, limit)
        .map_err(|e| match e {
            ExactError::NoStateKey { .. } => Failure::Input(format!("{}: {chance}", entry.name())),
            e => Failure::Input(format!("{}: {e}", entry.name())),
        })?;
    if json {
        let out = serde_json::json!({
            "game": entry.name(),
            "chance": true,
            "win": table.value,
            "states": table.states,
            "decisions": table.decisions,
        });
        println!("{out}");
        return Ok(());
    }
    let odds: Vec<String> = table
        .value
        .iter()
        .enumerate()
        .map(|(s, v)| format!("{} wins {:.10}%", entry.seat_name(s), 100.0 * v))
        .collect();
    println!(
        "every seat playing optimally for its chance of winning: {} ({}, {})",
        odds.join(", "),
        ludus::core::plural::plural(table.states, "state"),
        ludus::core::plural::plural(table.decisions, "decision")
    );
    let mut command = vec!["ludus".to_string(), "exact".into(), entry.name().into()];
    command.extend(option_words(entry, options));
    println!(
        "  the rule, in the game's terms: {} --strategy --limit {limit}",
        command.join(" ")
    );
    Ok(())
}
