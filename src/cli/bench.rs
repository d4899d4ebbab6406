//! `ludus bench`: games per second for each game, 1 thread against 2; or,
//! with `--experiment`, a whole experiment's wall time with 1 and 2 threads.
//!
//! The last column is the game's own length unit per second on one thread
//! (throws for the dice games, moves for board games).
//!
//! Each measurement is the median of several runs, since the machines are
//! noisy; the runs of 1 and 2 threads alternate, after one warm-up run of
//! each (which compiles Lua scripts and touches the memory), so that both
//! see the same machine. Games are played by the runner itself, in the
//! chunks a `ludus run` would use.
//!
//! `--seats` (repeatable) benches the same game with other policies, e.g. a
//! Lua script against the native random policy; every row after the first
//! then shows its speed relative to the first row (1 thread) and the time
//! it adds per unit of game length (a decision in Rithmomachy, where every
//! ply is one), `(1/rate - 1/first rate) / mean length`.
//!
//! `--search P` (repeatable) benches a search policy instead: one decision
//! from each of `--count` positions met in random games (every fifth
//! position with a choice), on one thread, and prints its work per second
//! (playouts for `mcts`, positions visited for `alphabeta`), the median of
//! `--repeat` runs over the same positions.

use std::sync::atomic::AtomicBool;
use std::time::Instant;

use clap::Args;

use ludus::core::options::Options;
use ludus::plan::experiment::Experiment;
use ludus::policies::policy_spec::PolicySpec;
use ludus::runner::batch::{self, Ended, Unobserved};
use ludus::runner::cell::Cell;
use ludus::runner::cell_job::CellJob;
use ludus::runner::game_entry::GameEntry;
use ludus::runner::metrics_level::MetricsLevel;
use ludus::runner::tally::Tally;

use crate::cli::batch_args::pool;
use crate::cli::game_options::GameOptions;
use crate::cli::progress::human;
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
    /// What metrics.csv measures while the games are played: `basic` (what
    /// every run counts) or `all` (an experiment's `metrics = "all"`).
    #[arg(long, default_value = "basic", value_name = "LEVEL")]
    metrics: String,
    /// Bench a whole experiment instead (the default one if no file is
    /// given): its wall time with 1 thread and with 2.
    #[arg(long, value_name = "FILE", num_args = 0..=1, default_missing_value = "")]
    experiment: Option<String>,
    /// With --experiment: games per cell, replacing the file's.
    #[arg(long, requires = "experiment")]
    cell_games: Option<u64>,
    /// Bench a search policy (e.g. `mcts:100`, `alphabeta:3`): its
    /// playouts or positions per second, deciding from `--count` positions
    /// met in random games; repeatable.
    #[arg(long, value_name = "POLICY", conflicts_with_all = ["seats", "experiment"])]
    search: Vec<String>,
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Plays `jobs` once with `threads` workers; returns the wall seconds and
/// every cell's tally.
fn time_once(
    jobs: &[Box<dyn CellJob>],
    pool: &rayon::ThreadPool,
    threads: usize,
) -> Result<(f64, Vec<Tally>), Failure> {
    let t = Instant::now();
    let (progress, ended) = batch::play(
        jobs,
        pool,
        threads,
        &AtomicBool::new(false),
        &mut Unobserved,
    );
    let secs = t.elapsed().as_secs_f64();
    match ended {
        Ended::Complete => Ok((
            secs,
            progress.cells.into_iter().map(|c| c.into_tally()).collect(),
        )),
        Ended::Failed(f) => Err(Failure::Bot(format!(
            "cell {}, game {} (seed {}): seat {} failed: {}",
            f.cell,
            f.game_index,
            f.game_seed,
            f.seat + 1,
            f.message
        ))),
        Ended::Interrupted | Ended::Observer(_) => {
            Err(Failure::Io("the benchmark stopped early".into()))
        }
    }
}

/// The median wall seconds of `repeat` runs with 1 thread and with 2,
/// alternating, after a warm-up run of each; and the tallies of one run.
fn time_1_and_2(
    jobs: &[Box<dyn CellJob>],
    repeat: usize,
) -> Result<([f64; 2], Vec<Tally>), Failure> {
    let pools = [pool(1)?, pool(2)?];
    let mut tallies = Vec::new();
    for (i, p) in pools.iter().enumerate() {
        tallies = time_once(jobs, p, i + 1)?.1;
    }
    let mut runs = [Vec::new(), Vec::new()];
    for _ in 0..repeat.max(1) {
        for (i, p) in pools.iter().enumerate() {
            runs[i].push(time_once(jobs, p, i + 1)?.0);
        }
    }
    let [one, two] = runs;
    Ok(([median(one), median(two)], tallies))
}

/// Prints games/s with 1 and 2 threads for each game, or an experiment's wall times.
pub fn bench(args: BenchArgs) -> Result<(), Failure> {
    if args.count == 0 {
        return Err(Failure::Input("--count must be at least 1".into()));
    }
    if args.repeat == 0 {
        return Err(Failure::Input("--repeat must be at least 1".into()));
    }
    if let Some(path) = &args.experiment {
        return bench_experiment(&args, path);
    }
    if !args.search.is_empty() {
        return bench_search(&args);
    }
    let entries = benched(&args)?;
    let compare = args.seats.len() > 1;
    print!(
        "{:<16} {:>14} {:>14} {:>8} {:>14}",
        "game", "1 thread g/s", "2 threads g/s", "2t/1t", "1t length/s"
    );
    if compare {
        print!(" {:>9} {:>15}  seats", "vs first", "+us/ply");
    }
    println!();
    for (entry, options) in entries {
        let in_force = entry.options_in_force(&options).map_err(Failure::from)?;
        let players = entry.players(&options).map_err(Failure::from)?;
        let seat_lists: Vec<Vec<PolicySpec>> = if args.seats.is_empty() {
            vec![vec![PolicySpec::parse("random").expect("valid"); players]]
        } else {
            args.seats
                .iter()
                .map(|list| seats(entry, list, players, &in_force))
                .collect::<Result<_, _>>()?
        };
        let metrics = MetricsLevel::parse(&args.metrics)
            .map_err(|e| Failure::Input(format!("--metrics: {e}")))?;
        let mut first: Option<(f64, f64)> = None;
        for seats in seat_lists {
            let shown = seats
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(",");
            let cell = Cell {
                index: 0,
                options: options.clone(),
                in_force: in_force.clone(),
                seats,
                games: args.count,
                seed: 1,
                max_plies: u32::MAX,
                on_bot_error: Default::default(),
                metrics,
                evaluator: None,
                exact_budget: 0,
            };
            let jobs = vec![entry.cell_job(&cell).map_err(Failure::from)?];
            let ([t1, t2], tallies) = time_1_and_2(&jobs, args.repeat)?;
            let (r1, r2) = (args.count as f64 / t1, args.count as f64 / t2);
            let tally = &tallies[0];
            let total: u64 = tally
                .lengths
                .iter()
                .enumerate()
                .map(|(len, n)| len as u64 * n)
                .sum();
            let mean_length = total as f64 / tally.games.max(1) as f64;
            print!(
                "{:<16} {:>14.0} {:>14.0} {:>8.2} {:>14.0}",
                entry.name(),
                r1,
                r2,
                r2 / r1,
                r1 * mean_length
            );
            if compare {
                let (r0, _) = *first.get_or_insert((r1, mean_length));
                let extra = (1.0 / r1 - 1.0 / r0) / mean_length.max(1.0) * 1e6;
                println!(" {:>9.3} {:>15.3}  {shown}", r1 / r0, extra);
            } else {
                println!();
            }
        }
    }
    Ok(())
}

/// The games to bench, each with its options: `--opt` applies when one
/// game is benched, the defaults when several are.
fn benched(args: &BenchArgs) -> Result<Vec<(&'static dyn GameEntry, Options)>, Failure> {
    let entries: Vec<&'static dyn GameEntry> = if args.games.is_empty() {
        ludus::registry::games().to_vec()
    } else {
        args.games
            .iter()
            .map(|g| find_game(g))
            .collect::<Result<_, _>>()?
    };
    let one = entries.len() == 1;
    entries
        .into_iter()
        .map(|entry| {
            let options = if one {
                args.options.resolve(entry)?
            } else {
                Options::defaults(entry.option_specs())
            };
            Ok((entry, options))
        })
        .collect()
}

/// Each search policy's work per second in each game, medians of
/// `--repeat` runs over the same positions.
fn bench_search(args: &BenchArgs) -> Result<(), Failure> {
    let count = usize::try_from(args.count)
        .ok()
        .filter(|&n| n <= 100_000)
        .ok_or_else(|| {
            Failure::Input("with --search, --count is at most 100000 positions".into())
        })?;
    let entries = benched(args)?;
    println!(
        "{:<16} {:<20} {:>9} {:>14} {:>14} {:>12}",
        "game", "policy", "decisions", "work/decision", "work/s", "ms/decision"
    );
    for (entry, options) in entries {
        let in_force = entry.options_in_force(&options).map_err(Failure::from)?;
        for name in &args.search {
            let spec = PolicySpec::parse(name)
                .map_err(|e| Failure::Input(format!("--search {name}: {e}")))?;
            if let Err(e) = entry.check_policy(&spec, &in_force) {
                if args.games.is_empty() {
                    // Benching every game: skip those the policy cannot play.
                    println!("{:<16} {:<20} {e}", entry.name(), name);
                    continue;
                }
                return Err(Failure::Input(format!("--search {name}: {e}")));
            }
            let mut runs = Vec::new();
            let mut last = None;
            for _ in 0..args.repeat {
                let s = match entry.search_speed(&options, &spec, count) {
                    Ok(s) => s,
                    Err(e) if args.games.is_empty() => {
                        println!("{:<16} {:<20} {e}", entry.name(), name);
                        break;
                    }
                    Err(e) => return Err(Failure::Input(format!("{}: {e}", entry.name()))),
                };
                runs.push(s.work as f64 / s.seconds.max(1e-9));
                last = Some(s);
            }
            let Some(s) = last else { continue };
            println!(
                "{:<16} {:<20} {:>9} {:>14.1} {:>14.0} {:>12.3}",
                entry.name(),
                name,
                s.decisions,
                s.work as f64 / s.decisions as f64,
                median(runs),
                s.seconds / s.decisions as f64 * 1e3
            );
        }
    }
    Ok(())
}

/// An experiment's wall time with 1 and 2 threads, medians of `--repeat`.
fn bench_experiment(args: &BenchArgs, path: &str) -> Result<(), Failure> {
    let mut exp = if path.is_empty() {
        Experiment::default_experiment()
    } else {
        Experiment::load(path).map_err(Failure::from)?
    };
    if let Some(g) = args.cell_games {
        exp.set_games(g).map_err(Failure::from)?;
    }
    let jobs = exp
        .cells
        .iter()
        .map(|plan| plan.job().map_err(Failure::from))
        .collect::<Result<Vec<_>, _>>()?;
    let games: u64 = exp.cells.iter().map(|c| c.cell.games).sum();
    let ([t1, t2], _) = time_1_and_2(&jobs, args.repeat)?;
    println!(
        "experiment {}: {} cells, {games} games; wall seconds, median of {}",
        exp.name,
        exp.cells.len(),
        args.repeat.max(1)
    );
    println!("{:<8} {:>10} {:>12}", "threads", "wall s", "games/s");
    for (threads, t) in [(1, t1), (2, t2)] {
        println!("{threads:<8} {t:>10.2} {:>12}", human(games as f64 / t));
    }
    println!("2t/1t wall time: {:.3}", t2 / t1);
    Ok(())
}

fn seats(
    entry: &dyn GameEntry,
    list: &str,
    players: usize,
    in_force: &Options,
) -> Result<Vec<PolicySpec>, Failure> {
    let specs = PolicySpec::parse_seats(list, players, entry.name())
        .map_err(|e| Failure::Input(format!("--seats `{list}` {e}")))?;
    for (s, spec) in specs.iter().enumerate() {
        entry
            .check_policy(spec, in_force)
            .map_err(|e| Failure::Input(format!("--seats, seat {}: {e}", s + 1)))?;
    }
    Ok(specs)
}
