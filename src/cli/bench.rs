//! `ludus bench`: games per second for each game, 1 thread against 2.
//!
//! The last column is the game's own length unit per second on one thread
//! (throws for the dice games, moves for board games).
//!
//! Each measurement is the median of several runs, since the machines are
//! noisy; the ratio 2-thread/1-thread is taken within the same invocation.
//!
//! `--seats` (repeatable) benches the same game with other policies, e.g. a
//! Lua script against the native random policy; every row after the first
//! then shows its speed relative to the first row (1 thread) and the time
//! it adds per unit of game length (a decision in Rithmomachy, where every
//! ply is one), `(1/rate - 1/first rate) / mean length`.

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
    /// One policy per seat, comma-separated (default: random everywhere);
    /// repeat to compare, e.g. `--seats random,random --seats
    /// lua:scripts/random.lua,lua:scripts/random.lua`.
    #[arg(long, value_name = "P1,P2,...")]
    seats: Vec<String>,
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
    let compare = args.seats.len() > 1;
    print!(
        "{:<16} {:>14} {:>14} {:>8} {:>14}",
        "game", "1 thread g/s", "2 threads g/s", "2t/1t", "1t length/s"
    );
    if compare {
        print!(" {:>9} {:>15}  seats", "vs first", "+us/ply");
    }
    println!();
    let one = entries.len() == 1;
    for entry in entries {
        let options = if one {
            args.options.resolve(entry)?
        } else {
            Options::defaults(entry.option_specs())
        };
        let players = entry.players(&options).map_err(Failure::Input)?;
        let seat_lists: Vec<Vec<PolicySpec>> = if args.seats.is_empty() {
            vec![vec![PolicySpec::parse("random").expect("valid"); players]]
        } else {
            args.seats
                .iter()
                .map(|list| seats(entry, list, players))
                .collect::<Result<_, _>>()?
        };
        let mut first: Option<(f64, f64)> = None;
        for seats in seat_lists {
            let shown = seats
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(",");
            let (rate, mean_length) = bench_row(&args, entry, &options, seats)?;
            if compare {
                let (r0, _) = *first.get_or_insert((rate, mean_length));
                let extra = (1.0 / rate - 1.0 / r0) / mean_length.max(1.0) * 1e6;
                println!(" {:>9.3} {:>15.3}  {shown}", rate / r0, extra);
            } else {
                println!();
            }
        }
    }
    Ok(())
}

fn seats(
    entry: &dyn ludus::registry::GameEntry,
    list: &str,
    players: usize,
) -> Result<Vec<PolicySpec>, Failure> {
    let specs =
        PolicySpec::parse_list(list).map_err(|e| Failure::Input(format!("--seats: {e}")))?;
    let specs = if specs.len() == 1 {
        vec![specs[0].clone(); players]
    } else {
        specs
    };
    if specs.len() != players {
        return Err(Failure::Input(format!(
            "--seats `{list}` lists {} policies but {} has {players} seats",
            specs.len(),
            entry.name()
        )));
    }
    for (s, spec) in specs.iter().enumerate() {
        entry
            .check_policy(spec)
            .map_err(|e| Failure::Input(format!("--seats, seat {}: {e}", s + 1)))?;
    }
    Ok(specs)
}

/// Prints one row (without its end of line); returns the 1-thread rate and
/// the mean game length.
fn bench_row(
    args: &BenchArgs,
    entry: &dyn ludus::registry::GameEntry,
    options: &Options,
    seats: Vec<PolicySpec>,
) -> Result<(f64, f64), Failure> {
    {
        let plan = CellPlan {
            index: 0,
            game: entry.name(),
            options: options.clone(),
            seats,
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
                        .map_err(|f| {
                            Failure::Bot(format!(
                                "game {} (seed {}): seat {} failed: {}",
                                f.game_index,
                                f.game_seed,
                                f.seat + 1,
                                f.message
                            ))
                        })?;
                    let rate = args.count as f64 / t.elapsed().as_secs_f64();
                    let total: u64 = tally
                        .lengths
                        .iter()
                        .enumerate()
                        .map(|(len, n)| len as u64 * n)
                        .sum();
                    mean_length = total as f64 / tally.games as f64;
                    Ok(rate)
                })
                .collect::<Result<_, Failure>>()?;
            rates.push(median(runs));
        }
        print!(
            "{:<16} {:>14.0} {:>14.0} {:>8.2} {:>14.0}",
            entry.name(),
            rates[0],
            rates[1],
            rates[1] / rates[0],
            rates[0] * mean_length
        );
        Ok((rates[0], mean_length))
    }
}
