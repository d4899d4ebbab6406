//! `ludus run [EXPERIMENT]`: plays every cell and writes the report.

use ludus::core::option_error::OptionError;
use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use ludus::core::plural::plural;
use ludus::plan::cell_plan::CellPlan;
use ludus::plan::experiment::Experiment;
use ludus::reports::atomic::write_atomic_with;
use ludus::reports::charts::FinishedCells;
use ludus::reports::manifest::{CellRunRecord, Manifest};
use ludus::reports::partial::{self, CellRecord, Partial, PartialManifest, ScriptHash};
use ludus::reports::report::{CellRef, CellResult, ReportWriter};
use ludus::reports::table::{MAX_TABLE_CELLS, summary_table_of};
use ludus::reports::timings::CellTiming;
use ludus::runner::batch::{self, CellSize, Ended, Observer};
use ludus::runner::cell_job::CellJob;
use ludus::runner::cell_progress::BatchProgress;
use ludus::runner::checkpoint::CellState;
use ludus::runner::game_ranges::GameRanges;
use ludus::runner::on_bot_error::OnBotError;
use ludus::runner::packed_tally::PackedTally;
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
    if let Some(s) = args.seed {
        exp.set_seed(s);
    }
    if let Some(on) = &args.on_bot_error {
        let on =
            OnBotError::parse(on).map_err(|e| Failure::Input(format!("--on-bot-error: {e}")))?;
        exp.set_on_bot_error(on);
    }
    let shard = match &args.shard {
        Some(s) => Some(Shard::parse(s)?),
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
        .map(|plan| plan.game.players(&plan.cell.options))
        .collect::<Result<Vec<_>, _>>()
        .map_err(Failure::from)?;
    let prior = prior_states(&dir, &exp, &identity, &players, &args)?;
    let targets: Vec<GameRanges> = exp
        .cells
        .iter()
        .map(|plan| {
            GameRanges::from(shard.map_or(0..plan.cell.games, |s| s.games(plan.cell.games)))
        })
        .collect();
    let selections: Vec<GameRanges> = targets
        .iter()
        .zip(&prior)
        .map(|(t, p)| match p {
            Some(p) => t.minus(&p.done),
            None => t.clone(),
        })
        .collect();
    // Every cell's game is set up once before anything is played, so that
    // options no game can be made of are refused at once; the jobs the
    // batch plays are made again as their cells come up, and dropped when
    // they are done, so that a run holds a few at a time.
    let job = |c: usize| {
        let plan = &exp.cells[c];
        let inner = plan.job()?;
        Ok::<_, OptionError>(
            Box::new(SelectedGames::new(inner, selections[c].clone())) as Box<dyn CellJob>
        )
    };
    for plan in &exp.cells {
        plan.job().map_err(Failure::from)?;
    }
    let sizes: Vec<CellSize> = selections
        .iter()
        .zip(&players)
        .map(|(s, &players)| CellSize {
            games: s.len(),
            players,
        })
        .collect();
    check_writable(&dir)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| Failure::Io(format!("cannot start {threads} threads: {e}")))?;
    catch_interrupt();
    let resumed: u64 = prior.iter().flatten().map(|p| p.tally.games()).sum();
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
        progress: Progress::new(&exp.cells, args.quiet, log_every),
        writer: ReportWriter::new(),
        next_write: None,
        identity: &identity,
        players: &players,
        prior: &prior,
        selections: &selections,
        targets: &targets,
        finished: vec![None; exp.cells.len()],
        records: vec![None; exp.cells.len()],
        next_checkpoint: None,
        checkpointed: 0,
    };
    observer.keep_settled().map_err(|e| report_error(&dir, e))?;
    let make = |c: usize| job(c).expect("every cell's job was made once already");
    let (batch, ended) =
        batch::play_lazily(&sizes, &make, &pool, threads, &INTERRUPTED, &mut observer);
    observer.progress.finish();
    observer
        .checkpoint(&batch)
        .map_err(|e| report_error(&dir, e))?;
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
            let manifest = manifest_of(
                &exp,
                threads,
                secs,
                observer.cell_runs(),
                interrupted,
                error.clone(),
            );
            observer
                .write_report(&manifest)
                .map_err(|e| report_error(&dir, e))?;
            let finished = observer.finished_cells();
            ludus::reports::charts::write_charts_of(&dir, &exp, &finished)
                .map_err(|e| report_error(&dir, e))?;
            if !args.quiet {
                let shown: Vec<CellResult> = finished
                    .indices()
                    .into_iter()
                    .take(MAX_TABLE_CELLS)
                    .map(|c| finished.result(c))
                    .collect();
                print!("{}", summary_table_of(&shown, finished.count()));
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
                plural(finished.count(), "finished cell"),
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
    let on_bot_error = match exp.cells.first().map(|c| c.cell.on_bot_error) {
        Some(OnBotError::Forfeit) => "forfeit",
        _ => "stop",
    };
    let cell_games: Vec<u64> = exp.cells.iter().map(|c| c.cell.games).collect();
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
            .map(|c| {
                shard.map_or(c.cell.games, |s| {
                    s.games(c.cell.games).end - s.games(c.cell.games).start
                })
            })
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

/// What the report folder's checkpoint holds of this run, every cell
/// (`None` for a cell of which it holds no game), or nothing when there is
/// none (or `--force`). Without `--resume`, an unfinished run's checkpoint
/// or another experiment's is refused (exit 2); with it, a checkpoint of
/// another run is.
fn prior_states(
    dir: &Path,
    exp: &Experiment,
    identity: &PartialManifest,
    players: &[usize],
    args: &RunArgs,
) -> Result<Vec<Option<PackedState>>, Failure> {
    let fresh = || vec![None; players.len()];
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
    let mut packed = Vec::with_capacity(states.len());
    for (c, s) in states.into_iter().enumerate() {
        if s.tally.players != players[c] {
            return Err(refuse(format!(
                "cell {c} has {} seats in the checkpoint, {} in the experiment",
                s.tally.players, players[c]
            )));
        }
        packed.push((s.tally.games > 0).then(|| PackedState::pack(&s)));
    }
    Ok(packed)
}

/// A cell's games played, their tally packed (see [`PackedTally`]): what
/// a run keeps of each finished cell, and of each cell a resumed run's
/// checkpoint held, however many cells.
#[derive(Clone, Debug)]
struct PackedState {
    done: GameRanges,
    tally: PackedTally,
    thread_seconds: f64,
    wall_seconds: f64,
}

impl PackedState {
    fn pack(s: &CellState) -> PackedState {
        PackedState {
            done: s.done.clone(),
            tally: PackedTally::pack(&s.tally),
            thread_seconds: s.thread_seconds,
            wall_seconds: s.wall_seconds,
        }
    }

    fn unpack(&self) -> CellState {
        CellState {
            done: self.done.clone(),
            tally: self.tally.unpack(),
            thread_seconds: self.thread_seconds,
            wall_seconds: self.wall_seconds,
        }
    }

    fn timing(&self) -> CellTiming {
        CellTiming {
            wall_seconds: self.wall_seconds,
            thread_seconds: self.thread_seconds,
        }
    }
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
/// the run. Of a finished cell it keeps its rows, rendered once, and its
/// tally packed, so that its memory grows by about a kilobyte a cell.
struct RunObserver<'a> {
    exp: &'a Experiment,
    dir: &'a Path,
    threads: usize,
    /// Whether to write the CSVs (not for a shard).
    report: bool,
    progress: Progress<'a>,
    writer: ReportWriter,
    next_write: Option<Instant>,
    /// The run the checkpoint is of.
    identity: &'a PartialManifest,
    /// Each cell's seats.
    players: &'a [usize],
    /// What each cell held before this batch (a resumed run's checkpoint).
    prior: &'a [Option<PackedState>],
    /// The games of each cell this batch plays.
    selections: &'a [GameRanges],
    /// The games of each cell the run is to hold.
    targets: &'a [GameRanges],
    /// The finished cells' states, made once.
    finished: Vec<Option<PackedState>>,
    /// The finished cells' records in partial.json and their digests
    /// (what the seal is made of), made once.
    records: Vec<Option<KeptRecord>>,
    next_checkpoint: Option<Instant>,
    /// The batch's games counted at the last checkpoint.
    checkpointed: u64,
}

/// A finished cell's record in partial.json and its digest.
type KeptRecord = (Box<[u8]>, [u8; 32]);

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
        let state = self.state(cell, batch);
        if let Some(f) = &state.tally.first_forfeit {
            let what = failed_game(plan, f.game_index, f.game_seed, f.seat, f.ply, &f.message);
            self.progress.say(&format!(
                "warning: cell {cell} ({}): {} forfeited by a failing policy; the first, {what}",
                describe(plan),
                plural(state.tally.forfeits as usize, "game")
            ));
        }
        self.keep(cell, &state)
            .map_err(|e| report_error(self.dir, e).to_string())?;
        if self.next_write.is_some_and(|t| Instant::now() < t) {
            return Ok(());
        }
        let start = Instant::now();
        self.checkpoint(batch)
            .map_err(|e| report_error(self.dir, e).to_string())?;
        if self.report {
            let secs = batch.started.elapsed().as_secs_f64();
            let manifest = manifest_of(self.exp, self.threads, secs, self.cell_runs(), false, None);
            self.write_report(&manifest)
                .map_err(|e| report_error(self.dir, e).to_string())?;
        }
        self.next_write = Some(Instant::now() + CHECKPOINT.max(start.elapsed() * WRITE_SHARE));
        Ok(())
    }

    fn forgets_finished(&self) -> bool {
        true
    }
}

impl RunObserver<'_> {
    /// Keeps finished cell `cell` in `state`: its rows rendered, its tally packed.
    fn keep(&mut self, cell: usize, state: &CellState) -> std::io::Result<()> {
        let packed = PackedState::pack(state);
        let plan = &self.exp.cells[cell];
        let record = CellRecord::new(plan.cell.index, plan.game.name(), state);
        let bytes = serde_json::to_vec(&record).map_err(std::io::Error::other)?;
        self.records[cell] = Some((bytes.into_boxed_slice(), record.digest()));
        if self.report {
            self.writer.render(&CellRef {
                plan: &self.exp.cells[cell],
                tally: &state.tally,
                timing: packed.timing(),
            })?;
        }
        self.finished[cell] = Some(packed);
        Ok(())
    }

    /// Keeps the cells that have no game left to play before the batch
    /// starts: those a resumed run's checkpoint holds whole, which the
    /// batch never reports finished.
    fn keep_settled(&mut self) -> std::io::Result<()> {
        for c in 0..self.exp.cells.len() {
            if self.selections[c].is_empty() {
                let state = match &self.prior[c] {
                    Some(p) => p.unpack(),
                    None => CellState::new(self.players[c]),
                };
                self.keep(c, &state)?;
            }
        }
        Ok(())
    }

    /// Cell `c`'s state: what it held before and what the batch played of it.
    fn state(&self, c: usize, batch: &BatchProgress) -> CellState {
        if let Some(s) = &self.finished[c] {
            return s.unpack();
        }
        let prior = match &self.prior[c] {
            Some(p) => p.unpack(),
            None => CellState::new(self.players[c]),
        };
        prior.with_progress(&batch.cells[c], &self.selections[c])
    }

    /// Writes partial.json: every game finished so far, exactly. The cells'
    /// records are made and written one at a time, so that the checkpoint
    /// of a run of many cells never holds every cell's tally at once.
    fn checkpoint(&mut self, batch: &BatchProgress) -> std::io::Result<()> {
        let start = Instant::now();
        let mut manifest = self.identity.clone();
        manifest.games_played = 0;
        manifest.complete = true;
        for c in 0..self.exp.cells.len() {
            match &self.finished[c] {
                Some(s) => manifest.games_played += s.tally.games(),
                None => {
                    let s = self.state(c, batch);
                    manifest.games_played += s.tally.games;
                    manifest.complete &= s.done.covers(&self.targets[c]);
                }
            }
        }
        let records = self
            .exp
            .cells
            .iter()
            .map(|plan| match &self.records[plan.cell.index] {
                Some((bytes, digest)) => (Cow::Borrowed(&**bytes), *digest),
                None => {
                    let record = CellRecord::new(
                        plan.cell.index,
                        plan.game.name(),
                        &self.state(plan.cell.index, batch),
                    );
                    let bytes = serde_json::to_vec(&record).expect("a cell record serializes");
                    (Cow::Owned(bytes), record.digest())
                }
            });
        write_atomic_with(&self.dir.join(partial::FILE), |w| {
            write_partial(w, manifest, records)
        })?;
        self.checkpointed = batch.done_games();
        self.next_checkpoint = Some(Instant::now() + CHECKPOINT.max(start.elapsed() * WRITE_SHARE));
        Ok(())
    }

    /// The finished cells' games and cost, in cell order, as the manifest
    /// lists them.
    fn cell_runs(&self) -> Vec<CellRunRecord> {
        self.exp
            .cells
            .iter()
            .zip(&self.finished)
            .filter_map(|(plan, s)| {
                s.as_ref()
                    .map(|s| cell_run(plan, s.tally.games(), s.timing()))
            })
            .collect()
    }

    /// Writes the CSVs and the manifest of the finished cells, whose rows
    /// were rendered as they finished.
    fn write_report(&mut self, manifest: &Manifest) -> std::io::Result<()> {
        let plans: Vec<&CellPlan> = self
            .exp
            .cells
            .iter()
            .zip(&self.finished)
            .filter(|(_, s)| s.is_some())
            .map(|(plan, _)| plan)
            .collect();
        self.writer.write_rendered(self.dir, &plans, manifest)
    }

    /// The finished cells, for the charts, the page and the table, which
    /// unpack the few they show.
    fn finished_cells(&self) -> FinishedRun<'_> {
        FinishedRun {
            exp: self.exp,
            finished: &self.finished,
        }
    }
}

/// A run's finished cells, each result made when asked for.
struct FinishedRun<'a> {
    exp: &'a Experiment,
    finished: &'a [Option<PackedState>],
}

impl FinishedRun<'_> {
    fn count(&self) -> usize {
        self.finished.iter().flatten().count()
    }
}

impl FinishedCells for FinishedRun<'_> {
    fn indices(&self) -> Vec<usize> {
        (0..self.finished.len())
            .filter(|&c| self.finished[c].is_some())
            .collect()
    }

    fn games_played(&self) -> u64 {
        self.finished
            .iter()
            .flatten()
            .map(|s| s.tally.games())
            .sum()
    }

    fn result(&self, cell: usize) -> CellResult {
        let s = self.finished[cell]
            .as_ref()
            .expect("only finished cells are asked for");
        CellResult {
            plan: self.exp.cells[cell].clone(),
            tally: s.tally.unpack(),
            timing: s.timing(),
        }
    }
}

/// Writes partial.json of `manifest` and the cells' records, each as its
/// JSON with its digest, in cell order, to `w`: the bytes
/// [`Partial::to_json`] writes, made from records serialized once each
/// rather than from every cell's record at once. The seal is made of the
/// digests, so they are gathered first; the records unfinished cells make
/// afresh are held meanwhile (those of finished cells are borrowed).
fn write_partial<'a>(
    w: &mut dyn std::io::Write,
    manifest: PartialManifest,
    records: impl Iterator<Item = (Cow<'a, [u8]>, [u8; 32])>,
) -> std::io::Result<()> {
    let records: Vec<(Cow<'a, [u8]>, [u8; 32])> = records.collect();
    let seal = Partial::seal_from(&manifest, records.iter().map(|(_, d)| *d));
    let shell = Partial::new(manifest, Vec::new()).to_json_sealed(&seal);
    // The records go where the empty list of cells is, the last field.
    let head = shell
        .strip_suffix(b"\"cells\":[]}")
        .expect("the cells are the partial's last field");
    w.write_all(head)?;
    w.write_all(b"\"cells\":[")?;
    for (i, (r, _)) in records.iter().enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        w.write_all(r)?;
    }
    w.write_all(b"]}")
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
    let runs = results
        .iter()
        .map(|r| cell_run(&r.plan, r.tally.games, r.timing))
        .collect();
    manifest_of(exp, threads, secs, runs, interrupted, error)
}

/// A finished cell's line in the manifest.
fn cell_run(plan: &CellPlan, games: u64, timing: CellTiming) -> CellRunRecord {
    CellRunRecord {
        cell: plan.cell.index,
        game: plan.game.to_string(),
        games,
        wall_seconds: timing.wall_seconds,
        thread_seconds: timing.thread_seconds,
        games_per_second: timing.games_per_second(games),
    }
}

/// The report's manifest: the run, its settings and its finished cells'
/// `runs`, after `secs` seconds.
fn manifest_of(
    exp: &Experiment,
    threads: usize,
    secs: f64,
    runs: Vec<CellRunRecord>,
    interrupted: bool,
    error: Option<String>,
) -> Manifest {
    let played: u64 = runs.iter().map(|r| r.games).sum();
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
        cells_done: runs.len(),
        games_total: exp.cells.iter().map(|c| c.cell.games).sum(),
        games_played: played,
        wall_seconds: secs,
        games_per_second: played as f64 / secs.max(1e-9),
        complete: runs.len() == exp.cells.len() && error.is_none(),
        interrupted,
        error,
        cell_runs: runs,
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
        plan.cell.seats[seat],
        replay_command(plan, game_seed)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_partial_written_record_by_record_is_the_partials_json() {
        let exp = Experiment::parse(
            "name = \"p\"\nseed = 1\ngames = 3\n[[cells]]\ngame = \"mayor\"\n\
             sweep = { players = [2, 3] }\n",
            "p.toml",
        )
        .unwrap();
        let manifest = identity(&exp, None).unwrap();
        let mut state = CellState::new(3);
        state.done.insert(0..1);
        state.tally.games = 1;
        state.tally.wins[2] = 1;
        state.tally.lengths = vec![0, 0, 1];
        let mut records = vec![
            CellRecord::new(0, "mayor", &CellState::new(2)),
            CellRecord::new(1, "mayor", &state),
        ];
        // Seconds are written but not sealed.
        records[1].wall_seconds = 1.5;
        let whole = Partial::new(manifest.clone(), records.clone()).to_json();
        let mut streamed = Vec::new();
        let bytes = records
            .iter()
            .map(|r| (Cow::Owned(serde_json::to_vec(r).unwrap()), r.digest()));
        write_partial(&mut streamed, manifest, bytes).unwrap();
        assert_eq!(
            String::from_utf8(streamed).unwrap(),
            String::from_utf8(whole).unwrap()
        );
    }
}
