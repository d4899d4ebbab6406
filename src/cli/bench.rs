//! `ludus bench`: games per second for each game, 1 thread against 2.
//!
//! The last column is the game's own length unit per second on one thread
//! (throws for the dice games, moves for board games).
//!
//! Each measurement is the median of several runs, since the machines are
//! noisy; the ratio 2-thread/1-thread is taken within the same invocation.

use std::time::Instant;

use clap::Args;

use ludus::core::options::Options;
use ludus::runner::cell_run::CellPlan;
use ludus::runner::policy_spec::PolicySpec;

use crate::cli::game_options::GameOptions;
use crate::cli::{Failure, find_game};

/// Arguments of `ludus bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Games to bench (default: every game).
    games: Vec<String>,
    /// Games per run.
    #[arg(long, default_value_t = 1_000_000)]
    count: u64,
    /// Runs per measurement; the median is reported.
    #[arg(long, default_value_t = 5)]
    repeat: usize,
    /// Options for the game, when one game is benched.
    #[command(flatten)]
    options: GameOptions,
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Prints games/s with 1 and 2 threads for each game, default options, random seats.
pub fn bench(args: BenchArgs) -> Result<(), Failure> {
    let entries: Vec<_> = if args.games.is_empty() {
        ludus::registry::games().to_vec()
    } else {
        args.games
            .iter()
            .map(|g| find_game(g))
            .collect::<Result<_, _>>()?
    };
    println!(
        "{:<16} {:>14} {:>14} {:>8} {:>14}",
        "game", "1 thread g/s", "2 threads g/s", "2t/1t", "1t length/s"
    );
    let one = entries.len() == 1;
    for entry in entries {
        let options = if one {
            args.options.resolve(entry)?
        } else {
            Options::defaults(entry.option_specs())
        };
        let players = entry.players(&options).map_err(Failure::Input)?;
        let plan = CellPlan {
            index: 0,
            game: entry.name(),
            options,
            seats: vec![PolicySpec::parse("random").expect("valid"); players],
            games: args.count,
            seed: 1,
            max_plies: u32::MAX,
            on_bot_error: Default::default(),
        };
        let mut rates = Vec::new();
        let mut mean_length = 0.0;
        for threads in [1, 2] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .map_err(|e| Failure::Io(e.to_string()))?;
            let runs: Vec<f64> = (0..args.repeat.max(1))
                .map(|_| {
                    let t = Instant::now();
                    let tally = pool
                        .install(|| entry.run_cell(&plan, &|_| {}))
                        .expect("random policies do not fail");
                    let rate = args.count as f64 / t.elapsed().as_secs_f64();
                    let total: u64 = tally
                        .lengths
                        .iter()
                        .enumerate()
                        .map(|(len, n)| len as u64 * n)
                        .sum();
                    mean_length = total as f64 / tally.games as f64;
                    rate
                })
                .collect();
            rates.push(median(runs));
        }
        println!(
            "{:<16} {:>14.0} {:>14.0} {:>8.2} {:>14.0}",
            entry.name(),
            rates[0],
            rates[1],
            rates[1] / rates[0],
            rates[0] * mean_length
        );
    }
    Ok(())
}
