//! `ludus play <game>`: one game, every throw and decision printed.

use clap::Args;

use ludus::registry::LogDyn;
use ludus::runner::experiment::DEFAULT_MAX_PLIES;
use ludus::runner::policy_spec::PolicySpec;

use crate::cli::game_options::GameOptions;
use crate::cli::{Failure, find_game};

/// Arguments of `ludus play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The game (see `ludus games`).
    game: String,
    #[command(flatten)]
    options: GameOptions,
    /// One policy per seat, comma-separated (default: random for every seat).
    #[arg(long, value_name = "P1,P2,...")]
    seats: Option<String>,
    /// The game's seed; the same seed plays the same game.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Stop the game as a draw at this length.
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    max_plies: u32,
}

struct Printer;

impl LogDyn for Printer {
    fn line_dyn(&mut self, text: String) {
        println!("{text}");
    }
}

/// Plays and prints one game.
pub fn play(args: PlayArgs) -> Result<(), Failure> {
    let entry = find_game(&args.game)?;
    let options = args.options.resolve(entry)?;
    let players = entry
        .players(&options)
        .map_err(|e| Failure::Input(format!("{}: {e}", entry.name())))?;
    let seats: Vec<PolicySpec> = match &args.seats {
        None => vec![PolicySpec::parse("random").expect("valid"); players],
        Some(list) => {
            let specs = PolicySpec::parse_list(list)
                .map_err(|e| Failure::Input(format!("--seats: {e}")))?;
            if specs.len() != players {
                return Err(Failure::Input(format!(
                    "--seats lists {} policies but {} with {options} has {players} seats",
                    specs.len(),
                    entry.name()
                )));
            }
            specs
        }
    };
    let in_force = entry
        .options_in_force(&options)
        .map_err(|e| Failure::Input(format!("{}: {e}", entry.name())))?;
    for (s, spec) in seats.iter().enumerate() {
        entry
            .check_policy(spec, &in_force)
            .map_err(|e| Failure::Input(format!("--seats, seat {}: {e}", s + 1)))?;
    }
    println!("{} — {options} — seed {}", entry.title(), args.seed);
    let played = entry
        .play_one(&options, &seats, args.seed, args.max_plies, &mut Printer)
        .map_err(|f| {
            Failure::Bot(format!(
                "seat {} ({}) failed at length {}: {}",
                f.seat + 1,
                seats[f.seat],
                f.ply,
                f.error
            ))
        })?;
    let o = played.outcome;
    match o.sole_winner() {
        Some(w) => println!(
            "{} wins ({}); length {}",
            entry.seat_name(w),
            o.reason,
            played.length
        ),
        None => {
            let who: Vec<String> = o.winners.iter().map(|s| entry.seat_name(s)).collect();
            println!(
                "draw between {} ({}); length {}",
                who.join(", "),
                o.reason,
                played.length
            );
        }
    }
    if played.payoffs.iter().any(|&p| p != 0) {
        let pays: Vec<String> = played
            .payoffs
            .iter()
            .enumerate()
            .map(|(s, p)| format!("{}: {p:+}", entry.seat_name(s)))
            .collect();
        println!("payoffs: {}", pays.join(", "));
    }
    Ok(())
}
