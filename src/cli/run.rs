//! `ludus run [EXPERIMENT]`: plays every cell and writes the report.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use ludus::core::plural::plural;
use ludus::registry;
use ludus::reports::atomic::write_atomic;
use ludus::reports::manifest::{CellRunRecord, Manifest};
use ludus::reports::partial::{self, CellRecord, Partial, PartialManifest, ScriptHash};
use ludus::reports::report::{CellRef, CellResult, ReportWriter};
use ludus::reports::table::summary_table;
use ludus::reports::timings::CellTiming;
use ludus::runner::batch::{self, Ended, Observer};
use ludus::runner::cell_progress::BatchProgress;
use ludus::runner::cell_run::{CellJob, CellPlan, OnBotError};
use ludus::runner::checkpoint::CellState;
use ludus::runner::experiment::Experiment;
use ludus::runner::game_ranges::GameRanges;
use ludus::runner::selected_games::SelectedGames;
use ludus::runner::shard::Shard;

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
    /// Write into a report folder that holds another experiment's report,
    /// or an unfinished run's checkpoint (which is then lost).
    #[arg(long, conflicts_with = "resume")]
    force: bool,
    /// Play only shard K of N: in every cell, the K-th of N contiguous
    /// ranges of its games. Writes partial.json (exact tallies) for
    /// `ludus merge`, not the CSVs.
    #[arg(long, value_name = "K/N")]
    shard: Option<String>,
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
}

/// Raised by the first Ctrl-C (SIGINT) or SIGTERM (what `scancel` and a
/// batch job's time limit send); a second one ends the process at once.
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

/// Plays the experiment (or one shard of it, or what an interrupted run
/// lacks) and writes its report as cells finish and its checkpoint as games
/// finish, so that a run stopped by a failing bot, an error, Ctrl-C or a
/// killed job keeps every finished cell and can be resumed.
pub fn run(args: RunArgs) -> Result<(), Failure> {
    let mut exp = match &args.experiment {
        Some(path) => Experiment::load(path).map_err(Failure::Input)?,
        None => Experiment::default_experiment(),
    };
    if exp.has_tournament && !args.quiet {
        eprintln!(
            "note: {0}'s [tournament] table is not played by `ludus run`; `ludus tournament {0}` plays it",
            exp.source
        );
    }
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
    let shard = match &args.shard {
        Some(s) => Some(Shard::parse(s).map_err(Failure::Input)?),
        None => None,
    };
    let threads = match args.threads {
        Some(t) if !(1..=MAX_THREADS).contains(&t) => {
            return Err(Failure::Input(format!(
                "--threads must be 1-{MAX_THREADS}, not {t}"
            )));
        }
        Some(t) => t,
        None => std::thread::available_parallelism().map_or(1, |n| n.get()),
    };
    let dir = args.out.clone().unwrap_or_else(|| {
        let report = PathBuf::from("reports").join(&exp.name);
        match shard {
            Some(s) => report
                .join("shards")
                .join(format!("shard-{}-of-{}", s.index, s.count)),
            None => report,
        }
    });
    if shard.is_none() {
        check_folder(&dir, &exp, args.force)?;
    }
    let identity = identity(&exp, shard)?;
    let log_every = Duration::try_from_secs_f64(args.progress_every).map_err(|_| {
        Failure::Input(format!(
            "--progress-every takes a number of seconds, not {}",
            args.progress_every
        ))
    })?;
    let players = exp
        .cells
        .iter()
        .map(|plan| {
            registry::find(plan.game)
                .expect("the experiment names registered games")
                .players(&plan.options)
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(Failure::Input)?;
    let prior = prior_states(&dir, &exp, &identity, &players, &args)?;
    let targets: Vec<GameRanges> = exp
        .cells
        .iter()
        .map(|plan| GameRanges::from(shard.map_or(0..plan.games, |s| s.games(plan.games))))
        .collect();
    let selections: Vec<GameRanges> = targets
        .iter()
        .zip(&prior)
        .map(|(t, p)| t.minus(&p.done))
        .collect();
    let jobs = exp
        .cells
        .iter()
        .zip(&selections)
        .map(|(plan, selection)| {
            let inner = registry::find(plan.game)
                .expect("the experiment names registered games")
                .cell_job(plan)?;
            Ok(Box::new(SelectedGames::new(inner, selection.clone())) as Box<dyn CellJob>)
        })
        .collect::<Result<Vec<_>, String>>()
        .map_err(Failure::Input)?;
    check_writable(&dir)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::Io(format!("cannot start {threads} threads: {e}")))?;
    catch_interrupt();
    let resumed: u64 = prior.iter().map(|p| p.tally.games).sum();
    if resumed > 0 && !args.quiet {
        eprintln!(
            "resuming: {} of {} games were played before; playing the {} left",
            resumed,
            targets.iter().map(GameRanges::len).sum::<u64>(),
            selections.iter().map(GameRanges::len).sum::<u64>()
        );
    }
    let mut observer = RunObserver {
        exp: &exp,
        dir: &dir,
        threads,
        report: shard.is_none(),
        progress: Progress::new(exp.cells.clone(), args.quiet, log_every),
        writer: ReportWriter::new(),
        next_write: None,
        identity: &identity,
        prior: &prior,
        selections: &selections,
        targets: &targets,
        finished: vec![None; exp.cells.len()],
        next_checkpoint: None,
        checkpointed: 0,
    };
    let (batch, ended) = batch::play(&jobs, &pool, threads, &INTERRUPTED, &mut observer);
    observer.progress.finish();
    observer
        .checkpoint(&batch)
        .map_err(|e| report_error(&dir, e))?;
    let results = observer.finished_results(&batch);
    let mut writer = observer.writer;
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
        Ended::Interrupted => {
            Some("interrupted (SIGINT or SIGTERM) before every cell finished".into())
        }
        Ended::Observer(e) => Some(e.clone()),
    };
    let interrupted = matches!(ended, Ended::Interrupted);
    let secs = batch.started.elapsed().as_secs_f64();
    let played: u64 = batch.done_games();
    let kept = match shard {
        None => {
            let manifest = manifest(&exp, threads, secs, &results, interrupted, error.clone());
            let cells: Vec<CellRef> = results.iter().map(CellResult::as_ref).collect();
            writer
                .write(&dir, &cells, &manifest)
                .map_err(|e| report_error(&dir, e))?;
            ludus::reports::charts::write_charts(&dir, &exp, &results)
                .map_err(|e| report_error(&dir, e))?;
            if !args.quiet {
                print!("{}", summary_table(&results));
                println!(
                    "{} games in {} ({} games/s, {} threads); report in {}",
                    played,
                    duration(Some(secs)),
                    human(played as f64 / secs.max(1e-9)),
                    threads,
                    dir.display()
                );
            }
            format!(
                "the report in {} holds {} of {}; --resume finishes it",
                dir.display(),
                plural(results.len(), "finished cell"),
                exp.cells.len()
            )
        }
        Some(s) => {
            let path = dir.join(partial::FILE);
            if !args.quiet {
                println!(
                    "shard {s}: {} games in {} ({} games/s, {} threads); partial in {}",
                    played,
                    duration(Some(secs)),
                    human(played as f64 / secs.max(1e-9)),
                    threads,
                    path.display()
                );
            }
            format!(
                "{} holds what was played; --resume finishes the shard",
                path.display()
            )
        }
    };
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

/// What run a partial of this one must belong to: the experiment, its
/// settings, the scripts' hashes, the shard.
fn identity(exp: &Experiment, shard: Option<Shard>) -> Result<PartialManifest, Failure> {
    let scripts = script_hashes(exp.script_paths())?;
    let on_bot_error = match exp.cells.first().map(|c| c.on_bot_error) {
        Some(OnBotError::Forfeit) => "forfeit",
        _ => "stop",
    };
    let cell_games: Vec<u64> = exp.cells.iter().map(|c| c.games).collect();
    Ok(PartialManifest {
        kind: partial::EXPERIMENT.to_string(),
        ludus_version: env!("CARGO_PKG_VERSION").to_string(),
        experiment: exp.name.clone(),
        source: exp.source.clone(),
        experiment_sha256: exp.source_sha256.clone(),
        seed: exp.seed,
        games_per_cell: exp.games,
        games_planned: exp
            .cells
            .iter()
            .map(|c| shard.map_or(c.games, |s| s.games(c.games).end - s.games(c.games).start))
            .sum(),
        cell_games,
        max_plies: exp.max_plies,
        on_bot_error: on_bot_error.to_string(),
        scripts,
        shard: shard.map(Into::into),
        complete: false,
        games_played: 0,
        missing: Vec::new(),
        experiment_text: exp.text.clone(),
    })
}

/// The SHA-256 of each script at `paths`, or an input error naming the one
/// that cannot be read.
pub(crate) fn script_hashes(paths: Vec<String>) -> Result<Vec<ScriptHash>, Failure> {
    use sha2::{Digest, Sha256};
    let mut scripts = Vec::new();
    for path in paths {
        let text = ludus::policies::lua::source::source(&path)
            .map_err(|e| Failure::Input(format!("{path}: cannot read the script: {e}")))?;
        scripts.push(ScriptHash {
            path,
            sha256: format!("{:x}", Sha256::digest(text.as_bytes())),
        });
    }
    Ok(scripts)
}

/// What the report folder's checkpoint holds of this run, every cell, or
/// nothing when there is none (or `--force`). Without `--resume`, an
/// unfinished run's checkpoint or another experiment's is refused (exit 2);
/// with it, a checkpoint of another run is.
fn prior_states(
    dir: &Path,
    exp: &Experiment,
    identity: &PartialManifest,
    players: &[usize],
    args: &RunArgs,
) -> Result<Vec<CellState>, Failure> {
    let fresh = || players.iter().map(|&p| CellState::new(p)).collect();
    let path = dir.join(partial::FILE);
    if args.force || !path.exists() {
        return Ok(fresh());
    }
    let refuse = |what: String| Failure::Input(format!("{}: {what}", path.display()));
    let p = Partial::read(&path).map_err(|e| {
        refuse(format!(
            "{e}; pass --force to replace it, or --out another folder"
        ))
    })?;
    if !args.resume {
        let m = &p.manifest;
        if m.experiment != exp.name || m.source != exp.source {
            return Err(refuse(format!(
                "holds the checkpoint of experiment `{}` ({}), not `{}` ({}); pass --force to \
                 replace it, or --out another folder",
                m.experiment, m.source, exp.name, exp.source
            )));
        }
        if !m.complete {
            return Err(refuse(format!(
                "holds an unfinished run ({} of {} games played); pass --resume to finish it, \
                 or --force to start again",
                m.games_played, m.games_planned
            )));
        }
        return Ok(fresh());
    }
    if let Some(d) = identity.differs(&p.manifest, true) {
        return Err(refuse(format!(
            "cannot resume: the checkpoint is of another run ({d}); resume with the same \
             arguments, or pass --force to start again"
        )));
    }
    let states = p
        .states()
        .map_err(|e| refuse(format!("{e}; pass --force to start again")))?;
    for (c, s) in states.iter().enumerate() {
        if s.tally.players != players[c] {
            return Err(refuse(format!(
                "cell {c} has {} seats in the checkpoint, {} in the experiment",
                s.tally.players, players[c]
            )));
        }
    }
    Ok(states)
}

/// Refuses a folder that holds the report of another experiment (another
/// name or file), or report files with no manifest, unless `force`.
pub(crate) fn check_folder(dir: &Path, exp: &Experiment, force: bool) -> Result<(), Failure> {
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
        // A run killed while writing its report may leave its CSVs without
        // a manifest, but its checkpoint says whose they are.
        Err(_) if dir.join("summary.csv").exists() => {
            match Partial::read(&dir.join(partial::FILE)) {
                Ok(p) if p.manifest.experiment == exp.name && p.manifest.source == exp.source => {
                    Ok(())
                }
                _ => refuse("holds a summary.csv but no manifest.json".into()),
            }
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

pub(crate) fn report_error(dir: &Path, e: std::io::Error) -> Failure {
    Failure::Io(format!("cannot write the report to {}: {e}", dir.display()))
}

/// Writes the report as cells finish, the checkpoint as games finish, and
/// draws the progress. A write of either happens at most every
/// [`CHECKPOINT`], and no sooner after the last one than [`WRITE_SHARE`]
/// times what it took: however many cells, writing takes a small share of
/// the run.
struct RunObserver<'a> {
    exp: &'a Experiment,
    dir: &'a Path,
    threads: usize,
    /// Whether to write the CSVs (not for a shard).
    report: bool,
    progress: Progress,
    writer: ReportWriter,
    next_write: Option<Instant>,
    /// The run the checkpoint is of.
    identity: &'a PartialManifest,
    /// What each cell held before this batch (a resumed run's checkpoint).
    prior: &'a [CellState],
    /// The games of each cell this batch plays.
    selections: &'a [GameRanges],
    /// The games of each cell the run is to hold.
    targets: &'a [GameRanges],
    /// The finished cells' states, made once.
    finished: Vec<Option<CellState>>,
    next_checkpoint: Option<Instant>,
    /// The batch's games counted at the last checkpoint.
    checkpointed: u64,
}

/// How many times its own duration the run goes on between two writes of
/// the report.
const WRITE_SHARE: u32 = 20;

impl Observer for RunObserver<'_> {
    fn progress(&mut self, batch: &BatchProgress) {
        self.progress.update(batch);
        if self.next_checkpoint.is_none_or(|t| Instant::now() >= t)
            && batch.done_games() > self.checkpointed
            && let Err(e) = self.checkpoint(batch)
        {
            self.progress.say(&format!(
                "warning: cannot write the checkpoint: {}",
                report_error(self.dir, e)
            ));
        }
    }

    fn cell_finished(&mut self, cell: usize, batch: &BatchProgress) -> Result<(), String> {
        let plan = &self.exp.cells[cell];
        let state = self.prior[cell].with_progress(&batch.cells[cell], &self.selections[cell]);
        if let Some(f) = &state.tally.first_forfeit {
            let what = failed_game(plan, f.game_index, f.game_seed, f.seat, f.ply, &f.message);
            self.progress.say(&format!(
                "warning: cell {cell} ({}): {} forfeited by a failing policy; the first, {what}",
                describe(plan),
                plural(state.tally.forfeits as usize, "game")
            ));
        }
        self.finished[cell] = Some(state);
        if self.next_write.is_some_and(|t| Instant::now() < t) {
            return Ok(());
        }
        let start = Instant::now();
        self.checkpoint(batch)
            .map_err(|e| report_error(self.dir, e).to_string())?;
        if self.report {
            let results = self.finished_results(batch);
            let cells: Vec<CellRef> = results.iter().map(CellResult::as_ref).collect();
            let secs = batch.started.elapsed().as_secs_f64();
            let manifest = manifest(self.exp, self.threads, secs, &results, false, None);
            self.writer
                .write(self.dir, &cells, &manifest)
                .map_err(|e| report_error(self.dir, e).to_string())?;
        }
        self.next_write = Some(Instant::now() + CHECKPOINT.max(start.elapsed() * WRITE_SHARE));
        Ok(())
    }
}

impl RunObserver<'_> {
    /// Every cell's state: what it held before and what the batch played.
    fn states(&self, batch: &BatchProgress) -> Vec<CellState> {
        (0..self.exp.cells.len())
            .map(|c| match &self.finished[c] {
                Some(s) => s.clone(),
                None => self.prior[c].with_progress(&batch.cells[c], &self.selections[c]),
            })
            .collect()
    }

    /// Writes partial.json: every game finished so far, exactly.
    fn checkpoint(&mut self, batch: &BatchProgress) -> std::io::Result<()> {
        let start = Instant::now();
        let states = self.states(batch);
        let mut manifest = self.identity.clone();
        manifest.games_played = states.iter().map(|s| s.tally.games).sum();
        manifest.complete = states
            .iter()
            .zip(self.targets)
            .all(|(s, t)| s.done.covers(t));
        let cells = self
            .exp
            .cells
            .iter()
            .zip(&states)
            .map(|(plan, s)| CellRecord::new(plan.index, plan.game, s))
            .collect();
        let partial = Partial::new(manifest, cells);
        write_atomic(&self.dir.join(partial::FILE), &partial.to_json())?;
        self.checkpointed = batch.done_games();
        self.next_checkpoint = Some(Instant::now() + CHECKPOINT.max(start.elapsed() * WRITE_SHARE));
        Ok(())
    }

    /// The cells that hold every game they are to hold, in cell order.
    fn finished_results(&self, batch: &BatchProgress) -> Vec<CellResult> {
        self.exp
            .cells
            .iter()
            .enumerate()
            .filter(|(c, _)| batch.cells[*c].finished())
            .map(|(c, plan)| {
                let state = match &self.finished[c] {
                    Some(s) => s.clone(),
                    None => self.prior[c].with_progress(&batch.cells[c], &self.selections[c]),
                };
                CellResult {
                    plan: plan.clone(),
                    timing: CellTiming {
                        wall_seconds: state.wall_seconds,
                        thread_seconds: state.thread_seconds,
                    },
                    tally: state.tally,
                }
            })
            .collect()
    }
}

/// A cell as messages name it: its game and the settings that tell it apart.
fn describe(plan: &CellPlan) -> String {
    let mut words = vec![plan.game.to_string()];
    words.extend(ludus::reports::table::cell_settings(plan));
    words.join(" ")
}

/// The report's manifest: the run, its settings and its finished cells
/// `results`, after `secs` seconds.
pub(crate) fn manifest(
    exp: &Experiment,
    threads: usize,
    secs: f64,
    results: &[CellResult],
    interrupted: bool,
    error: Option<String>,
) -> Manifest {
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
        merged: None,
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
