//! `ludus run [EXPERIMENT]`: plays every cell and writes the report.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};

use ludus::registry;
use ludus::reports::manifest::Manifest;
use ludus::reports::report::{CellResult, write_report};
use ludus::reports::table::summary_table;
use ludus::runner::cell_run::{CellPlan, OnBotError};
use ludus::runner::drive::BOT_ERROR;
use ludus::runner::experiment::Experiment;

use crate::cli::Failure;
use crate::cli::replay::replay_command;

/// Arguments of `ludus run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The experiment file (TOML); without it, the embedded default experiment.
    experiment: Option<String>,
    /// Games per cell, replacing the file's `games`.
    #[arg(long)]
    games: Option<u64>,
    /// Worker threads (default: every core). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// The experiment seed, replacing the file's `seed`.
    #[arg(long)]
    seed: Option<u64>,
    /// The report folder (default: reports/<experiment name>).
    #[arg(long)]
    out: Option<PathBuf>,
    /// No progress bar and no table.
    #[arg(long, short)]
    quiet: bool,
    /// What a failing policy (a script error, a budget exceeded, an
    /// illegal answer) does: `stop` the run (exit code 3), or `forfeit`
    /// the game (that seat loses, ending "bot-error") and go on.
    #[arg(long, value_name = "stop|forfeit")]
    on_bot_error: Option<String>,
}

/// Plays the experiment and writes its report, cell by cell, so that a run
/// stopped by a failing bot keeps every finished cell.
pub fn run(args: RunArgs) -> Result<(), Failure> {
    let mut exp = match &args.experiment {
        Some(path) => Experiment::load(path).map_err(Failure::Input)?,
        None => Experiment::default_experiment(),
    };
    if let Some(g) = args.games {
        exp.set_games(g).map_err(Failure::Input)?;
    }
    if let Some(s) = args.seed {
        exp.set_seed(s);
    }
    if let Some(on) = &args.on_bot_error {
        let on =
            OnBotError::parse(on).map_err(|e| Failure::Input(format!("--on-bot-error: {e}")))?;
        exp.set_on_bot_error(on);
    }
    let threads = match args.threads {
        Some(0) => return Err(Failure::Input("--threads must be at least 1".into())),
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::Io(format!("cannot start {threads} threads: {e}")))?;
    let dir = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports").join(&exp.name));
    let total = exp.games * exp.cells.len() as u64;
    let bar = if args.quiet {
        ProgressBar::hidden()
    } else {
        ProgressBar::new(total)
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {per_sec}  eta {eta}  {msg}")
            .expect("a valid template"),
    );
    let done = AtomicU64::new(0);
    let start = Instant::now();
    let mut results: Vec<CellResult> = Vec::new();
    let mut failure = None;
    for plan in &exp.cells {
        let entry = registry::find(plan.game).expect("the experiment names registered games");
        bar.set_message(format!("cell {} {}", plan.index, plan.game));
        let progress = |n: u64| {
            done.fetch_add(n, Ordering::Relaxed);
            bar.inc(n);
        };
        match pool.install(|| entry.run_cell(plan, &progress)) {
            Ok(tally) => {
                if let Some(f) = &tally.first_forfeit {
                    let forfeits = tally
                        .reasons
                        .iter()
                        .find(|(r, _)| *r == BOT_ERROR)
                        .map_or(0, |(_, n)| *n);
                    let what =
                        failed_game(plan, f.game_index, f.game_seed, f.seat, f.ply, &f.message);
                    bar.suspend(|| {
                        eprintln!(
                            "warning: cell {} ({} {}): {forfeits} games forfeited by a failing policy; the first, {what}",
                            plan.index, plan.game, plan.options
                        )
                    });
                }
                results.push(CellResult {
                    plan: plan.clone(),
                    tally,
                });
            }
            Err(f) => {
                failure = Some(format!(
                    "cell {} ({} {}), {}",
                    f.cell,
                    plan.game,
                    plan.options,
                    failed_game(plan, f.game_index, f.game_seed, f.seat, f.ply, &f.message)
                ));
                break;
            }
        }
        write(&dir, &exp, threads, &results, start, None)?;
    }
    bar.finish_and_clear();
    write(&dir, &exp, threads, &results, start, failure.clone())?;
    if !args.quiet {
        print!("{}", summary_table(&results));
        let secs = start.elapsed().as_secs_f64();
        let played: u64 = results.iter().map(|r| r.tally.games).sum();
        println!(
            "{} games in {:.2} s ({:.0} games/s, {} threads); report in {}",
            played,
            secs,
            played as f64 / secs.max(1e-9),
            threads,
            dir.display()
        );
    }
    match failure {
        Some(f) => Err(Failure::Bot(format!(
            "{f}\n(the report in {} holds the {} finished cells)",
            dir.display(),
            results.len()
        ))),
        None => Ok(()),
    }
}

fn write(
    dir: &std::path::Path,
    exp: &Experiment,
    threads: usize,
    results: &[CellResult],
    start: Instant,
    error: Option<String>,
) -> Result<(), Failure> {
    let secs = start.elapsed().as_secs_f64();
    let played: u64 = results.iter().map(|r| r.tally.games).sum();
    let manifest = Manifest {
        ludus_version: env!("CARGO_PKG_VERSION"),
        experiment: exp.name.clone(),
        source: exp.source.clone(),
        source_sha256: exp.source_sha256.clone(),
        seed: exp.seed,
        games_per_cell: exp.games,
        max_plies: exp.max_plies,
        threads,
        cells: exp.cells.len(),
        cells_done: results.len(),
        games_played: played,
        wall_seconds: secs,
        games_per_second: played as f64 / secs.max(1e-9),
        complete: results.len() == exp.cells.len() && error.is_none(),
        error,
    };
    write_report(dir, results, &manifest)
        .map_err(|e| Failure::Io(format!("cannot write the report to {}: {e}", dir.display())))
}

/// Which game failed and how, with the command that replays it: the part of
/// a failure's message that a stopped run and a forfeit warning share.
fn failed_game(
    plan: &CellPlan,
    game_index: u64,
    game_seed: u64,
    seat: usize,
    ply: u32,
    message: &str,
) -> String {
    format!(
        "game {game_index} (seed {game_seed}): seat {} ({}) failed at length {ply}: {message}\n  replay: {}",
        seat + 1,
        plan.seats[seat],
        replay_command(plan, game_seed)
    )
}
