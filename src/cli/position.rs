//! `ludus position <game>`: a position, its legal moves and how it stands.

use clap::Args;

use crate::cli::game_options::GameOptions;
use crate::cli::{Failure, find_game};

/// Arguments of `ludus position`.
#[derive(Args, Debug)]
pub struct PositionArgs {
    /// The game (see `ludus games`).
    game: String,
    #[command(flatten)]
    options: GameOptions,
    /// A position file (JSON); the starting position if absent.
    #[arg(long, value_name = "FILE")]
    position: Option<String>,
    /// Moves to play first, separated by spaces, e.g. "d5-e6 c12-d11".
    #[arg(long, value_name = "MOVES")]
    moves: Option<String>,
    /// Prints one JSON object instead of the diagram.
    #[arg(long)]
    json: bool,
}

/// The largest position file read.
const MAX_POSITION_BYTES: u64 = 1 << 20;

/// Reads a position file, or says which file could not be read: a
/// regular file of at most [`MAX_POSITION_BYTES`].
pub fn read_position(path: &Option<String>) -> Result<Option<String>, Failure> {
    path.as_ref()
        .map(|p| {
            ludus::core::input::read_text(p, MAX_POSITION_BYTES)
                .map_err(|e| Failure::Input(format!("{p}: {e}")))
        })
        .transpose()
}

/// Shows the position.
pub fn position(args: PositionArgs) -> Result<(), Failure> {
    let entry = find_game(&args.game)?;
    let options = args.options.resolve(entry)?;
    let text = read_position(&args.position)?;
    let moves: Vec<String> = args
        .moves
        .as_deref()
        .unwrap_or("")
        .split_whitespace()
        .map(str::to_string)
        .collect();
    let shown = entry
        .position(&options, text.as_deref(), &moves, args.json)
        .map_err(|e| {
            let place = args.position.as_deref().unwrap_or(entry.name());
            Failure::Input(format!("{place}: {e}"))
        })?;
    println!("{}", shown.trim_end());
    Ok(())
}
