//! `ludus run [EXPERIMENT]`: plays every cell and writes the report.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use clap::Args;

use ludus::plan::experiment::Experiment;
use ludus::reports::charts::FinishedCells;
use ludus::reports::replay_command::records_said;
use ludus::reports::table::{MAX_TABLE_CELLS, summary_table_of};
use ludus::run::{RunError, RunOutcome, RunSettings, RunWatch};
use ludus::runner::cell_progress::BatchProgress;
use ludus::runner::metrics_level::MetricsLevel;
use ludus::runner::on_bot_error::OnBotError;
use ludus::store::resume::Prior;

use crate::cli::Failure;
use crate::cli::batch_args::{BatchArgs, shard_cannot_record};
use crate::cli::progress::{LOG_EVERY, Progress, duration, human};

/// Arguments of `ludus run`.
#[derive(Args, Debug)]
pub struct RunArgs {
    /// The experiment file (TOML); without it, the embedded default experiment.
    experiment: Option<String>,
    /// Games per cell, replacing the file's `games`.
    #[arg(long)]
    games: Option<u64>,
    #[command(flatten)]
    batch: BatchArgs,
    /// Write into a report folder that holds another experiment's report,
    /// or an unfinished run's checkpoint (which is then lost).
    #[arg(long, conflicts_with = "resume")]
    force: bool,
    /// Finish an interrupted run of the same arguments: play only the games
    /// its checkpoint (partial.json in the report folder) lacks.
    #[arg(long)]
    resume: bool,
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
    /// With `forfeit`: the percentage of a cell's games that may be
    /// forfeited; past it the run, its report written, exits 3 with the
    /// first forfeit's replay command.
    #[arg(long, value_name = "PERCENT", default_value_t = 5.0)]
    max_forfeits: f64,
    /// How much of metrics.csv to measure, replacing the file's
    /// `metrics`: `basic` (cheap, the default) or `all` (every decision's
    /// options, the lead followed by an evaluator, repetitions).
    #[arg(long, value_name = "basic|all")]
    metrics: Option<String>,
    /// Keep the first N games of each cell whole (seed, seats, every
    /// decision and throw, the result) in records.jsonl, replacing the
    /// file's `record`; `ludus play --record` replays one. 0: none.
    #[arg(long, value_name = "N")]
    record: Option<u64>,
    /// Play nothing: print how long the run would take on these threads,
    /// per cell and in all, from a pilot of a fraction of a second of
    /// each cell's own games. Writes no report.
    #[arg(long, conflicts_with = "resume")]
    estimate: bool,
}

/// Raised by the first Ctrl-C (SIGINT) or SIGTERM (what `scancel` and a
/// batch job's time limit send); a second one ends the process at once.
pub(crate) static INTERRUPTED: AtomicBool = AtomicBool::new(false);

pub(crate) fn catch_interrupt() {
    // A second handler (a second run in one process, as in tests) is refused; the first stays.
    let _ = ctrlc::set_handler(|| {
        if INTERRUPTED.swap(true, Ordering::SeqCst) {
            std::process::exit(Failure::Interrupted(String::new()).code());
        }
    });
}

/// Plays the experiment (or one shard of it, or what an interrupted run
/// lacks) through the library's [`ludus::run::run`], drawing its progress
/// and printing its table.
pub fn run(args: RunArgs) -> Result<(), Failure> {
    if !(0.0..=100.0).contains(&args.max_forfeits) {
        return Err(Failure::Input(format!(
            "--max-forfeits takes a percentage, 0 to 100, not {}",
            args.max_forfeits
        )));
    }
    let exp = experiment(&args)?;
    if args.estimate {
        let threads = args.batch.threads()?;
        return crate::cli::estimate::estimate(&exp, threads, args.batch.shard()?, args.quiet);
    }
    let settings = settings(&args, &exp)?;
    let log_every = Duration::try_from_secs_f64(args.progress_every).map_err(|_| {
        Failure::Input(format!(
            "--progress-every takes a number of seconds, not {}",
            args.progress_every
        ))
    })?;
    catch_interrupt();
    let mut watch = Terminal {
        progress: Progress::new(&exp.cells, args.quiet, log_every),
        quiet: args.quiet,
        expected: Expected::default(),
    };
    match ludus::run::run(&exp, &settings, &mut watch) {
        Ok(_) => Ok(()),
        Err(RunError::ShardRecords { shard, record }) => Err(shard_cannot_record(
            shard,
            record,
            args.record.is_some(),
            &format!(
                "ludus run {} --record {record} --games {record}",
                crate::cli::shown(&exp.source),
            ),
        )),
        Err(e) => Err(e.into()),
    }
}

/// The experiment as the command line sets it.
fn experiment(args: &RunArgs) -> Result<Experiment, Failure> {
    let mut exp = match &args.experiment {
        Some(path) => Experiment::load(path).map_err(Failure::from)?,
        None => Experiment::default_experiment(),
    };
    if exp.has_tournament && !args.quiet {
        eprintln!(
            "note: {0}'s [tournament] table is not played by `ludus run`; `ludus tournament {0}` plays it",
            crate::cli::shown(&exp.source)
        );
    }
    if let Some(g) = args.games {
        exp.set_games(g).map_err(Failure::from)?;
    }
    if let Some(s) = args.batch.seed {
        exp.set_seed(s);
    }
    if let Some(on) = &args.on_bot_error {
        let on =
            OnBotError::parse(on).map_err(|e| Failure::Input(format!("--on-bot-error: {e}")))?;
        exp.set_on_bot_error(on);
    }
    if let Some(m) = &args.metrics {
        let level =
            MetricsLevel::parse(m).map_err(|e| Failure::Input(format!("--metrics: {e}")))?;
        exp.set_metrics(level);
        if let Some(said) = exp.unused_evaluator() {
            return Err(Failure::Input(format!("--metrics {m}: {said}")));
        }
    }
    if let Some(n) = args.record {
        exp.set_record(n);
    }
    Ok(exp)
}

/// How the command line runs `exp`.
fn settings(args: &RunArgs, exp: &Experiment) -> Result<RunSettings, Failure> {
    let shard = args.batch.shard()?;
    Ok(RunSettings {
        dir: args.batch.dir(&exp.name, shard),
        threads: args.batch.threads()?,
        shard,
        prior: match (args.force, args.resume) {
            (true, _) => Prior::Replace,
            (_, true) => Prior::Resume,
            _ => Prior::Keep,
        },
        max_forfeits: args.max_forfeits / 100.0,
        halt: &INTERRUPTED,
    })
}

/// A run as a terminal or a batch job's log shows it.
struct Terminal<'a> {
    progress: Progress<'a>,
    quiet: bool,
    expected: Expected,
}

/// The run's first games played before its time is foretold: at least
/// this long...
const FORETELL_AFTER: Duration = Duration::from_secs(1);
/// ... and until every cell's first chunk is measured, or this long.
const FORETELL_BY: Duration = Duration::from_secs(5);

/// Whether the line foretelling the run's time has been printed.
#[derive(Default)]
struct Expected {
    said: bool,
}

impl Expected {
    /// The line that says how long the whole run will take, once its
    /// first second of games is measured: the time so far and the time
    /// left, each cell's games left at its own measured cost (the run
    /// plays a short probe of every cell first, see
    /// `ludus::runner::dispatch`). Costs nothing: the run's own games are
    /// the pilot. `None` until it is due, and once said.
    fn due(&mut self, batch: &BatchProgress) -> Option<String> {
        let elapsed = batch.started.elapsed();
        if self.said || elapsed < FORETELL_AFTER {
            return None;
        }
        let measured = batch
            .cells
            .iter()
            .filter(|c| c.finished() || c.cost().is_some())
            .count();
        if measured < batch.cells.len() && elapsed < FORETELL_BY {
            return None;
        }
        let left = batch.eta()?;
        self.said = true;
        let threads = batch.threads;
        Some(format!(
            "expected: about {} in all on {threads} thread{} (from its first {:.1} s, \
             {measured} of {} cells measured; `--estimate` tells before playing)",
            crate::cli::estimate::about(elapsed.as_secs_f64() + left),
            if threads == 1 { "" } else { "s" },
            elapsed.as_secs_f64(),
            batch.cells.len(),
        ))
    }
}

impl RunWatch for Terminal<'_> {
    fn resumed(&mut self, resumed: u64, planned: u64, left: u64) {
        if !self.quiet {
            eprintln!(
                "resuming: {resumed} of {planned} games were played before; playing the {left} left"
            );
        }
    }

    fn progress(&mut self, batch: &BatchProgress) {
        if !self.quiet
            && let Some(line) = self.expected.due(batch)
        {
            self.progress.say(&line);
        }
        self.progress.update(batch);
    }

    fn warn(&mut self, said: &str) {
        self.progress.say(said);
    }

    fn played(&mut self) {
        self.progress.finish();
    }

    fn finished(&mut self, outcome: &RunOutcome) {
        if self.quiet {
            return;
        }
        let speed = format!(
            "{} games in {} ({} games/s, {})",
            outcome.played,
            duration(Some(outcome.secs)),
            human(outcome.played as f64 / outcome.secs.max(1e-9)),
            ludus::core::plural::plural(outcome.threads, "thread")
        );
        let dir = &outcome.dir;
        match outcome.shard {
            None => {
                let shown: Vec<_> = outcome
                    .cells
                    .indices()
                    .into_iter()
                    .take(MAX_TABLE_CELLS)
                    .map(|c| outcome.cells.result(c))
                    .collect();
                print!("{}", summary_table_of(&shown, outcome.cells.count()));
                println!("{speed}; report in {}", dir.display());
                if outcome.recorded > 0 {
                    println!("{}", records_said(outcome.recorded, dir));
                }
            }
            Some(s) => println!(
                "shard {s}: {speed}; partial in {}",
                dir.join(ludus::store::partial::FILE).display()
            ),
        }
    }
}
