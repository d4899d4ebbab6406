//! `ludus position <game>`: a position, its legal moves and how it stands.

use clap::Args;
use ludus::core::text::inline;

use crate::cli::game_options::GameOptions;
use crate::cli::{Failure, find_game};
use ludus::analysis::start::Start;

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
    /// Another program's record of a game (e.g. a boardspace.net .sgf
    /// file): its moves are played from the start, under the options it
    /// implies unless given here.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["position", "moves"])]
    record: Option<String>,
    /// The format of --record (default: the first the game reads; see `ludus games`).
    #[arg(long, value_name = "NAME", requires = "record")]
    record_format: Option<String>,
}

/// The largest game record read.
const MAX_RECORD_BYTES: u64 = 4 << 20;

/// The largest position file read.
const MAX_POSITION_BYTES: u64 = 1 << 20;

/// Reads a position file, or says which file could not be read: a
/// regular file of at most [`MAX_POSITION_BYTES`], whose texts (where it
/// is JSON, as every game's position files are) hold no control
/// character ([`ludus::core::control_text`]).
pub fn read_position(path: &Option<String>) -> Result<Option<String>, Failure> {
    path.as_ref()
        .map(|p| {
            let refused = |e: String| Failure::Input(format!("{}: {e}", inline(p)));
            let text = ludus::core::input::read_text(p, MAX_POSITION_BYTES)
                .map_err(|e| refused(e.to_string()))?;
            // What is not JSON is left to the game, which says where.
            if let Ok(value) = serde_json::from_str::<serde_json::Value>(&text)
                && let Some(control) = ludus::core::control_text::json_control(&value)
            {
                return Err(refused(control.to_string()));
            }
            Ok(text)
        })
        .transpose()
}

/// Shows the position.
pub fn position(args: PositionArgs) -> Result<(), Failure> {
    let entry = find_game(&args.game)?;
    let record = match &args.record {
        Some(path) => Some(read_record(entry, path, args.record_format.as_deref())?),
        None => None,
    };
    let implied = record.as_ref().map_or(&[][..], |r| &r.options[..]);
    let options = args.options.resolve_over(entry, implied)?;
    let text = read_position(&args.position)?;
    let start = Start::new(&options, text.as_deref());
    let moves: Vec<String> = match &record {
        Some(r) => r.moves.clone(),
        None => args
            .moves
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_string)
            .collect(),
    };
    let shown = entry.position(&start, &moves, args.json).map_err(|e| {
        let place = args
            .record
            .as_deref()
            .or(args.position.as_deref())
            .unwrap_or(entry.name());
        Failure::Input(format!("{place}: {e}"))
    })?;
    if let (Some(r), Some(path)) = (&record, &args.record) {
        // The notes quote the record, and the path is the user's: both
        // escaped, as every message is.
        eprintln!(
            "{}",
            crate::cli::shown(&format!(
                "{path}: {} played{}",
                ludus::core::plural::plural(r.moves.len(), "move"),
                r.options
                    .iter()
                    .map(|(k, v)| format!(", {k}={v}"))
                    .collect::<String>()
            ))
        );
        for note in &r.notes {
            eprintln!("{}", crate::cli::shown(&format!("{path}: {note}")));
        }
    }
    println!("{}", crate::cli::shown(shown.trim_end()));
    Ok(())
}

/// Reads the record at `path` in `format` (the game's first by default).
fn read_record(
    entry: &dyn ludus::runner::game_entry::GameEntry,
    path: &str,
    format: Option<&str>,
) -> Result<ludus::core::record::Record, Failure> {
    let formats = entry.record_formats();
    let format = match format {
        Some(f) if formats.contains(&f) => f,
        Some(f) => {
            return Err(Failure::Input(format!(
                "--record-format `{f}`: {} reads {}",
                entry.name(),
                if formats.is_empty() {
                    "no game records".to_string()
                } else {
                    formats.join(", ")
                }
            )));
        }
        None => formats.first().copied().ok_or_else(|| {
            Failure::Input(format!("--record: {} reads no game records", entry.name()))
        })?,
    };
    let text = ludus::core::input::read_text(path, MAX_RECORD_BYTES)
        .map_err(|e| Failure::Input(format!("{path}: {e}")))?;
    entry
        .read_record(format, &text)
        .map_err(|e| Failure::Input(format!("{path}: {e}")))
}
