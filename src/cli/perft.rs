//! `ludus perft <game>`: counts the positions a given number of moves deep,
//! to check move generation against other engines.

use std::time::Instant;

use clap::Args;

use crate::cli::game_options::GameOptions;
use crate::cli::position::read_position;
use crate::cli::{Failure, find_game};
use ludus::analysis::start::Start;

/// Arguments of `ludus perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The game (see `ludus games`).
    game: String,
    #[command(flatten)]
    options: GameOptions,
    /// How many moves deep.
    #[arg(long, default_value_t = 1)]
    depth: u32,
    /// A position file (JSON); the starting position if absent.
    #[arg(long, value_name = "FILE")]
    position: Option<String>,
}

/// The deepest perft asked for.
const MAX_DEPTH: u32 = 16;

/// Prints perft(1..=depth).
pub fn perft(args: PerftArgs) -> Result<(), Failure> {
    let entry = find_game(&args.game)?;
    let options = args.options.resolve(entry)?;
    let text = read_position(&args.position)?;
    let start = Start::new(&options, text.as_deref());
    if args.depth == 0 {
        return Err(Failure::Input(
            "--depth must be at least 1 (perft(0) is 1, the position itself)".into(),
        ));
    }
    // Every game here branches at least tenfold: depth 16 is already
    // past what any machine counts, and a larger one is surely a typo.
    if args.depth > MAX_DEPTH {
        return Err(Failure::Input(format!(
            "--depth must be at most {MAX_DEPTH}, not {} (the counts grow about tenfold a ply or more)",
            args.depth
        )));
    }
    // A position the game refuses is the file's fault: name the file.
    let whence = match &args.position {
        Some(p) => format!("{p} ({})", entry.name()),
        None => entry.name().to_string(),
    };
    for d in 1..=args.depth {
        let t = Instant::now();
        let n = entry
            .perft(&start, d)
            .map_err(|e| Failure::Input(format!("{whence}: {e}")))?;
        println!("perft({d}) = {n}  ({:.2} s)", t.elapsed().as_secs_f64());
    }
    Ok(())
}
