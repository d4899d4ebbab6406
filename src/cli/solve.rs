//! `ludus solve <game>`: the exact value of a small game (three men's
//! morris) by retrograde analysis, and the value of each first move.

use clap::Args;

use crate::cli::game_options::GameOptions;
use crate::cli::position::read_position;
use crate::cli::{Failure, find_game};
use ludus::analysis::retrograde::{Solved, Value};
use ludus::analysis::start::Start;

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
    let solution = entry
        .solve(&start, args.limit)
        .map_err(|e| Failure::Input(format!("{}: {e}", entry.name())))?;
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
