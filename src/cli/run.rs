//! `ludus run [EXPERIMENT]`: plays every cell and writes the report.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use ludus::core::plural::plural;
use ludus::registry;
use ludus::reports::manifest::{CellRunRecord, Manifest};
use ludus::reports::report::{CellRef, CellResult, ReportWriter};
use ludus::reports::table::summary_table;
use ludus::reports::timings::CellTiming;
use ludus::runner::batch::{self, Ended, Observer};
use ludus::runner::cell_progress::BatchProgress;
use ludus::runner::cell_run::{CellPlan, OnBotError};
use ludus::runner::experiment::Experiment;

use crate::cli::Failure;
use crate::cli::progress::{LOG_EVERY, Progress, duration, human};
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
    /// Write into a report folder that holds another experiment's report.
    #[arg(long)]
    force: bool,
    /// No progress and no table.
    #[arg(long, short)]
    quiet: bool,
    /// Without a terminal (a batch job's log), print a progress line this
    /// often, in seconds.
    #[arg(long, value_name = "SECONDS", default_value_t = LOG_EVERY.as_secs_f64())]
    progress_every: f64,
    /// What a failing policy (a script error, a budget exceeded, an
    /// illegal answer) does: `stop` the run (exit code 3), or `forfeit`
    /// the game (that seat is last, ending "bot-error"; in a game that
    /// lets the others play on without it, it leaves in last place) and go on.
    #[arg(long, value_name = "stop|forfeit")]
    on_bot_error: Option<String>,
}

/// Raised by the first Ctrl-C (SIGINT); a second one ends the process at once.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

fn catch_interrupt() {
    // A second handler (a second run in one process, as in tests) is refused; the first stays.
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(Failure::Interrupted(String::new()).code());
        }
    });
}

/// How often the report is rewritten while cells finish.
const CHECKPOINT: Duration = Duration::from_secs(1);

/// Plays the experiment and writes its report as cells finish, so that a
/// run stopped by a failing bot, an error or Ctrl-C keeps every finished cell.
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
        Some(t) if !(1..=MAX_THREADS).contains(&t) => {
            return Err(Failure::Input(format!(
                "--threads must be 1-{MAX_THREADS}, not {t}"
            )));
        }
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let dir = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports").join(&exp.name));
    check_folder(&dir, &exp, args.force)?;
    let log_every = Duration::try_from_secs_f64(args.progress_every).map_err(|_| {
        Failure::Input(format!(
            "--progress-every takes a number of seconds, not {}",
            args.progress_every
        ))
    })?;
    let jobs = exp
        .cells
        .iter()
        .map(|plan| {
            registry::find(plan.game)
                .expect("the experiment names registered games")
                .cell_job(plan)
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(Failure::Input)?;
    check_writable(&dir)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::Io(format!("cannot start {threads} threads: {e}")))?;
    catch_interrupt();
    let mut observer = RunObserver {
        exp: &exp,
        dir: &dir,
        threads,
        progress: Progress::new(exp.cells.clone(), args.quiet, log_every),
        writer: ReportWriter::new(),
        next_write: None,
    };
    let (batch, ended) = batch::play(&jobs, &pool, threads, &INTERRUPTED, &mut observer);
    observer.progress.finish();
    let mut writer = observer.writer;
    let results = finished(&exp, &batch);
    let error = match &ended {
        Ended::Complete => None,
        Ended::Failed(f) => {
            let plan = &exp.cells[f.cell];
            Some(format!(
                "cell {} ({}), {}",
                f.cell,
                describe(plan),
                failed_game(plan, f.game_index, f.game_seed, f.seat, f.ply, &f.message)
            ))
        }
        Ended::Interrupted => Some("interrupted (SIGINT) before every cell finished".into()),
        Ended::Observer(e) => Some(e.clone()),
    };
    let interrupted = matches!(ended, Ended::Interrupted);
    let manifest = manifest(&exp, threads, &batch, interrupted, error.clone());
    let cells: Vec<CellRef> = results.iter().map(CellResult::as_ref).collect();
    writer
        .write(&dir, &cells, &manifest)
        .map_err(|e| report_error(&dir, e))?;
    ludus::reports::charts::write_charts(&dir, &exp, &results)
        .map_err(|e| report_error(&dir, e))?;
    if !args.quiet {
        print!("{}", summary_table(&results));
        let secs = batch.started.elapsed().as_secs_f64();
        let played: u64 = results.iter().map(|r| r.tally.games).sum();
        println!(
            "{} games in {} ({} games/s, {} threads); report in {}",
            played,
            duration(Some(secs)),
            human(played as f64 / secs.max(1e-9)),
            threads,
            dir.display()
        );
    }
    let kept = format!(
        "the report in {} holds {} of {}",
        dir.display(),
        plural(results.len(), "finished cell"),
        exp.cells.len()
    );
    match ended {
        Ended::Complete => Ok(()),
        Ended::Failed(_) => Err(Failure::Bot(format!(
            "{}\n({kept})",
            error.expect("a failure has a message")
        ))),
        Ended::Interrupted => Err(Failure::Interrupted(format!("interrupted: {kept}"))),
        Ended::Observer(e) => Err(Failure::Io(e)),
    }
}

/// Refuses a folder that holds the report of another experiment (another
/// name or file), or report files with no manifest, unless `force`.
fn check_folder(dir: &Path, exp: &Experiment, force: bool) -> Result<(), Failure> {
    if force {
        return Ok(());
    }
    let refuse = |what: String| {
        Err(Failure::Input(format!(
            "{}: {what}; pass --force to replace it, or --out another folder",
            dir.display()
        )))
    };
    match std::fs::read(dir.join("manifest.json")) {
        Ok(bytes) => match serde_json::from_slice::<serde_json::Value>(&bytes) {
            Ok(m) => {
                let name = m["experiment"].as_str().unwrap_or("");
                let source = m["source"].as_str().unwrap_or("");
                if name != exp.name || source != exp.source {
                    return refuse(format!(
                        "holds the report of experiment `{name}` ({source}), not `{}` ({})",
                        exp.name, exp.source
                    ));
                }
                Ok(())
            }
            Err(_) => refuse("holds a manifest.json that is not a ludus report's".into()),
        },
        Err(_) if dir.join("summary.csv").exists() => {
            refuse("holds a summary.csv but no manifest.json".into())
        }
        Err(_) => Ok(()),
    }
}

/// The most worker threads `--threads` takes.
pub(crate) const MAX_THREADS: usize = 1024;

/// Checks, before any game is played, that the report can be written
/// into `dir`: it is made if needed and a scratch file is written and
/// removed.
pub(crate) fn check_writable(dir: &Path) -> Result<(), Failure> {
    let refuse = |e: std::io::Error| {
        Failure::Io(format!(
            "cannot write the report to {}: {e} (nothing was played)",
            dir.display()
        ))
    };
    std::fs::create_dir_all(dir).map_err(refuse)?;
    let probe = tempfile::Builder::new()
        .prefix(".ludus-write-check")
        .tempfile_in(dir)
        .map_err(refuse)?;
    probe.close().map_err(refuse)
}

fn report_error(dir: &Path, e: std::io::Error) -> Failure {
    Failure::Io(format!("cannot write the report to {}: {e}", dir.display()))
}

/// Writes the report as cells finish and draws the progress. A write
/// happens at most every [`CHECKPOINT`], and no sooner after the last one
/// than [`WRITE_SHARE`] times what it took: however many cells, writing
/// takes a small share of the run.
struct RunObserver<'a> {
    exp: &'a Experiment,
    dir: &'a Path,
    threads: usize,
    progress: Progress,
    writer: ReportWriter,
    next_write: Option<Instant>,
}

/// How many times its own duration the run goes on between two writes of
/// the report.
const WRITE_SHARE: u32 = 20;

impl Observer for RunObserver<'_> {
    fn progress(&mut self, batch: &BatchProgress) {
        self.progress.update(batch);
    }

    fn cell_finished(&mut self, cell: usize, batch: &BatchProgress) -> Result<(), String> {
        let plan = &self.exp.cells[cell];
        let tally = &batch.cells[cell].tally;
        if let Some(f) = &tally.first_forfeit {
            let what = failed_game(plan, f.game_index, f.game_seed, f.seat, f.ply, &f.message);
            self.progress.say(&format!(
                "warning: cell {cell} ({}): {} forfeited by a failing policy; the first, {what}",
                describe(plan),
                plural(tally.forfeits as usize, "game")
            ));
        }
        if self.next_write.is_some_and(|t| Instant::now() < t) {
            return Ok(());
        }
        let start = Instant::now();
        let cells = finished_refs(self.exp, batch);
        let manifest = manifest(self.exp, self.threads, batch, false, None);
        let written = self
            .writer
            .write(self.dir, &cells, &manifest)
            .map_err(|e| report_error(self.dir, e).to_string());
        self.next_write = Some(Instant::now() + CHECKPOINT.max(start.elapsed() * WRITE_SHARE));
        written
    }
}

/// A cell as messages name it: its game and the settings that tell it apart.
fn describe(plan: &CellPlan) -> String {
    let mut words = vec![plan.game.to_string()];
    words.extend(ludus::reports::table::cell_settings(plan));
    words.join(" ")
}

/// The finished cells, in cell order, borrowed.
fn finished_refs<'a>(exp: &'a Experiment, batch: &'a BatchProgress) -> Vec<CellRef<'a>> {
    exp.cells
        .iter()
        .zip(&batch.cells)
        .filter(|(_, c)| c.finished())
        .map(|(plan, c)| CellRef {
            plan,
            tally: &c.tally,
            timing: CellTiming {
                wall_seconds: c.wall_seconds(),
                thread_seconds: c.busy.as_secs_f64(),
            },
        })
        .collect()
}

/// The finished cells, in cell order.
fn finished(exp: &Experiment, batch: &BatchProgress) -> Vec<CellResult> {
    exp.cells
        .iter()
        .zip(&batch.cells)
        .filter(|(_, c)| c.finished())
        .map(|(plan, c)| CellResult {
            plan: plan.clone(),
            tally: c.tally.clone(),
            timing: CellTiming {
                wall_seconds: c.wall_seconds(),
                thread_seconds: c.busy.as_secs_f64(),
            },
        })
        .collect()
}

fn manifest(
    exp: &Experiment,
    threads: usize,
    batch: &BatchProgress,
    interrupted: bool,
    error: Option<String>,
) -> Manifest {
    let results = finished_refs(exp, batch);
    let secs = batch.started.elapsed().as_secs_f64();
    let played: u64 = results.iter().map(|r| r.tally.games).sum();
    Manifest {
        ludus_version: env!("CARGO_PKG_VERSION").to_string(),
        experiment: exp.name.clone(),
        source: exp.source.clone(),
        source_sha256: exp.source_sha256.clone(),
        seed: exp.seed,
        games_per_cell: exp.games,
        max_plies: exp.max_plies,
        threads,
        cells: exp.cells.len(),
        cells_done: results.len(),
        games_total: exp.cells.iter().map(|c| c.games).sum(),
        games_played: played,
        wall_seconds: secs,
        games_per_second: played as f64 / secs.max(1e-9),
        complete: results.len() == exp.cells.len() && error.is_none(),
        interrupted,
        error,
        cell_runs: results
            .iter()
            .map(|r| CellRunRecord {
                cell: r.plan.index,
                game: r.plan.game.to_string(),
                games: r.tally.games,
                wall_seconds: r.timing.wall_seconds,
                thread_seconds: r.timing.thread_seconds,
                games_per_second: r.timing.games_per_second(r.tally.games),
            })
            .collect(),
    }
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
