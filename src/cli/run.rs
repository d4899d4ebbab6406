//! `ludus run [EXPERIMENT]`: plays every cell and writes the report.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use clap::Args;

use ludus::core::plural::plural;
use ludus::plan::cell_plan::CellPlan;
use ludus::plan::experiment::Experiment;
use ludus::reports::cell_result::CellResult;
use ludus::reports::charts::FinishedCells;
use ludus::reports::manifest::Manifest;
use ludus::reports::records;
use ludus::reports::run_folder::RunFolder;
use ludus::reports::table::{MAX_TABLE_CELLS, summary_table_of};
use ludus::reports::write_error::WriteError;
use ludus::runner::batch::{self, CellSize, Ended, Observer, ObserverError};
use ludus::runner::cell_job::CellJob;
use ludus::runner::cell_progress::BatchProgress;
use ludus::runner::checkpoint::CellState;
use ludus::runner::game_ranges::GameRanges;
use ludus::runner::game_record::GameRecord;
use ludus::runner::metrics_level::MetricsLevel;
use ludus::runner::on_bot_error::OnBotError;
use ludus::runner::selected_games::SelectedGames;
use ludus::runner::shard::Shard;
use ludus::store::folder::{check_folder, check_writable};
use ludus::store::identity;
use ludus::store::packed_state::PackedState;
use ludus::store::partial::{self, PartialManifest};
use ludus::store::resume::{Prior, prior_states};

use crate::cli::Failure;
use crate::cli::batch_args::{BatchArgs, pool, shard_cannot_record};
use crate::cli::progress::{LOG_EVERY, Progress, duration, human};
use crate::cli::replay::{records_said, replay_command};

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
    let plan = Plan::of(&args)?;
    let pool = pool(plan.threads)?;
    catch_interrupt();
    plan.say_resumed(args.quiet);
    let mut observer = RunObserver::new(&plan, args.quiet);
    observer.keep_settled()?;
    let (batch, ended) = plan.play(&pool, &mut observer);
    observer.progress.finish();
    observer.checkpoint(&batch)?;
    observer.finish(&batch, ended, args.quiet)
}

/// A run made ready to play: the experiment as the command line sets it,
/// the report folder, what its checkpoint holds, the games to play.
struct Plan {
    exp: Experiment,
    shard: Option<Shard>,
    threads: usize,
    dir: PathBuf,
    /// The run a checkpoint of it must be of.
    identity: PartialManifest,
    log_every: Duration,
    /// Each cell's seats.
    players: Vec<usize>,
    /// What each cell held before this batch (a resumed run's checkpoint).
    prior: Vec<Option<PackedState>>,
    /// The games of each cell the run is to hold.
    targets: Vec<GameRanges>,
    /// The games of each cell this batch plays.
    selections: Vec<GameRanges>,
    /// The share of a cell's games that may be forfeited (0-1).
    max_forfeits: f64,
}

impl Plan {
    /// Reads the experiment and the command line, checks the report
    /// folder and its checkpoint, and sets every cell's game up once,
    /// before anything is played: bad input is refused at once.
    fn of(args: &RunArgs) -> Result<Plan, Failure> {
        if !(0.0..=100.0).contains(&args.max_forfeits) {
            return Err(Failure::Input(format!(
                "--max-forfeits takes a percentage, 0 to 100, not {}",
                args.max_forfeits
            )));
        }
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
            let on = OnBotError::parse(on)
                .map_err(|e| Failure::Input(format!("--on-bot-error: {e}")))?;
            exp.set_on_bot_error(on);
        }
        if let Some(m) = &args.metrics {
            let m =
                MetricsLevel::parse(m).map_err(|e| Failure::Input(format!("--metrics: {e}")))?;
            exp.set_metrics(m);
        }
        if let Some(said) = exp.unused_evaluator() {
            return Err(Failure::Input(match &args.metrics {
                Some(m) => format!("--metrics {m}: {said}"),
                None => format!("{}: {said}", exp.source),
            }));
        }
        if let Some(n) = args.record {
            exp.set_record(n);
        }
        let shard = args.batch.shard()?;
        if let Some(s) = shard
            && exp.record > 0
        {
            return Err(shard_cannot_record(
                s,
                exp.record,
                args.record.is_some(),
                &format!(
                    "ludus run {} --record {} --games {}",
                    crate::cli::shown(&exp.source),
                    exp.record,
                    exp.record
                ),
            ));
        }
        let threads = args.batch.threads()?;
        let dir = args.batch.dir(&exp.name, shard);
        if shard.is_none() {
            check_folder(&dir, &exp, args.force)?;
        }
        let identity = identity::of_experiment(&exp, shard)?;
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
        let prior = match (args.force, args.resume) {
            (true, _) => Prior::Replace,
            (_, true) => Prior::Resume,
            _ => Prior::Keep,
        };
        let prior = prior_states(&dir, &exp, &identity, &players, prior)?;
        let targets: Vec<GameRanges> = exp
            .cells
            .iter()
            .map(|plan| {
                GameRanges::from(shard.map_or(0..plan.cell.games, |s| s.games(plan.cell.games)))
            })
            .collect();
        let selections = targets
            .iter()
            .zip(&prior)
            .map(|(t, p)| p.as_ref().map_or_else(|| t.clone(), |p| t.minus(&p.done)))
            .collect();
        // Every cell's game is set up once before anything is played, so
        // that options no game can be made of are refused at once; the
        // jobs the batch plays are made again as their cells come up, and
        // dropped when they are done, so that a run holds a few at a time.
        for plan in &exp.cells {
            plan.job().map_err(Failure::from)?;
        }
        check_writable(&dir)?;
        Ok(Plan {
            max_forfeits: args.max_forfeits / 100.0,
            exp,
            shard,
            threads,
            dir,
            identity,
            log_every,
            players,
            prior,
            targets,
            selections,
        })
    }

    /// Says how much of the run a resumed checkpoint held.
    fn say_resumed(&self, quiet: bool) {
        let resumed: u64 = self.prior.iter().flatten().map(|p| p.tally.games()).sum();
        if resumed > 0 && !quiet {
            eprintln!(
                "resuming: {} of {} games were played before; playing the {} left",
                resumed,
                self.targets.iter().map(GameRanges::len).sum::<u64>(),
                self.selections.iter().map(GameRanges::len).sum::<u64>()
            );
        }
    }

    /// Plays the games selected, on `pool`.
    fn play(&self, pool: &rayon::ThreadPool, observer: &mut RunObserver) -> (BatchProgress, Ended) {
        let sizes: Vec<CellSize> = self
            .selections
            .iter()
            .zip(&self.players)
            .map(|(s, &players)| CellSize {
                games: s.len(),
                players,
            })
            .collect();
        let make = |c: usize| {
            let inner = self.exp.cells[c]
                .job()
                .expect("every cell's job was made once already");
            Box::new(SelectedGames::new(inner, self.selections[c].clone())) as Box<dyn CellJob>
        };
        batch::play_lazily(&sizes, &make, pool, self.threads, &INTERRUPTED, observer)
    }

    /// The state of cell `c`: what it held before and what `batch` played of it.
    fn state(&self, c: usize, batch: &BatchProgress) -> CellState {
        let prior = match &self.prior[c] {
            Some(p) => p.unpack(),
            None => CellState::new(self.players[c]),
        };
        prior.with_progress(&batch.cells[c], &self.selections[c])
    }
}

/// Writes the report as cells finish, the checkpoint as games finish, and
/// draws the progress. A write of either happens at most every
/// [`CHECKPOINT`], and no sooner after the last one than [`WRITE_SHARE`]
/// times what it took: however many cells, writing takes a small share of
/// the run.
struct RunObserver<'a> {
    plan: &'a Plan,
    progress: Progress<'a>,
    folder: RunFolder<'a>,
    next_write: Option<Instant>,
    next_checkpoint: Option<Instant>,
    /// The batch's games counted at the last checkpoint.
    checkpointed: u64,
    /// The first cell (by index) whose forfeits passed the bound, and
    /// what to say of it.
    too_many_forfeits: Option<(usize, String)>,
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
            self.progress
                .say(&format!("warning: cannot write the checkpoint: {e}"));
        }
    }

    fn cell_finished(&mut self, cell: usize, batch: &BatchProgress) -> Result<(), ObserverError> {
        let plan = &self.plan.exp.cells[cell];
        let state = self.state(cell, batch);
        if let Some(f) = &state.tally.first_forfeit {
            let what = failed_game(
                plan,
                f.game_index,
                f.game_seed,
                (f.seat, false),
                f.ply,
                &f.message,
            );
            let (forfeits, games) = (state.tally.forfeits, state.tally.games);
            let share = forfeits as f64 / games.max(1) as f64;
            if share > self.plan.max_forfeits
                && self
                    .too_many_forfeits
                    .as_ref()
                    .is_none_or(|(c, _)| cell < *c)
            {
                let said = format!(
                    "cell {cell} ({}): {forfeits} of {games} games forfeited by a failing \
                     policy ({:.1}%), more than --max-forfeits {}%; the first, {what}",
                    describe(plan),
                    100.0 * share,
                    100.0 * self.plan.max_forfeits,
                );
                self.too_many_forfeits = Some((cell, said));
            }
            self.progress.say(&format!(
                "warning: cell {cell} ({}): {} forfeited by a failing policy; the first, {what}",
                describe(plan),
                plural(forfeits as usize, "game")
            ));
        }
        self.folder.keep(cell, &state)?;
        if self.next_write.is_some_and(|t| Instant::now() < t) {
            return Ok(());
        }
        let start = Instant::now();
        self.checkpoint(batch)?;
        if self.plan.shard.is_none() {
            let secs = batch.started.elapsed().as_secs_f64();
            self.write_report(secs, false, false, None)
                .map_err(|e| e.to_string())?;
        }
        self.next_write = Some(Instant::now() + CHECKPOINT.max(start.elapsed() * WRITE_SHARE));
        Ok(())
    }

    fn forgets_finished(&self) -> bool {
        true
    }
}

impl<'a> RunObserver<'a> {
    fn new(plan: &'a Plan, quiet: bool) -> RunObserver<'a> {
        RunObserver {
            plan,
            progress: Progress::new(&plan.exp.cells, quiet, plan.log_every),
            folder: RunFolder::new(&plan.exp, &plan.dir, &plan.identity, plan.shard.is_none()),
            next_write: None,
            next_checkpoint: None,
            checkpointed: 0,
            too_many_forfeits: None,
        }
    }

    /// Keeps the cells that have no game left to play before the batch
    /// starts: those a resumed run's checkpoint holds whole, which the
    /// batch never reports finished.
    fn keep_settled(&mut self) -> Result<(), WriteError> {
        for c in 0..self.plan.exp.cells.len() {
            if self.plan.selections[c].is_empty() {
                let state = match &self.plan.prior[c] {
                    Some(p) => p.unpack(),
                    None => CellState::new(self.plan.players[c]),
                };
                self.folder.keep(c, &state)?;
            }
        }
        Ok(())
    }

    /// Cell `c`'s state: what it held before and what the batch played of it.
    fn state(&self, c: usize, batch: &BatchProgress) -> CellState {
        match self.folder.finished(c) {
            Some(s) => s.unpack(),
            None => self.plan.state(c, batch),
        }
    }

    /// Writes partial.json: every game finished so far, exactly.
    fn checkpoint(&mut self, batch: &BatchProgress) -> Result<(), WriteError> {
        let start = Instant::now();
        self.folder
            .write_checkpoint(|c| self.plan.state(c, batch), &self.plan.targets)?;
        self.checkpointed = batch.done_games();
        self.next_checkpoint = Some(Instant::now() + CHECKPOINT.max(start.elapsed() * WRITE_SHARE));
        Ok(())
    }

    /// Writes the CSVs and the manifest of the finished cells, after
    /// `secs` seconds. Only the `last` write, after every other file of
    /// the run, may say the run is complete: a run that dies writing its
    /// records or charts leaves a manifest that says it is not.
    fn write_report(
        &mut self,
        secs: f64,
        last: bool,
        interrupted: bool,
        error: Option<String>,
    ) -> Result<(), WriteError> {
        let runs = self.folder.cell_runs();
        let mut manifest = Manifest::of_run(
            &self.plan.exp,
            self.plan.threads,
            secs,
            runs,
            interrupted,
            error,
        );
        manifest.complete &= last;
        self.folder.write_report(&manifest)
    }

    /// Writes records.jsonl: the first games (`record`) of each finished
    /// cell, played again from their seeds on this thread through the
    /// narrated path, in (cell, index) order whatever the threads, each
    /// written as it is played; the batch's own games pay nothing for it.
    /// Without `record`, removes an older run's file. Returns how many
    /// games it holds.
    fn write_records(&self) -> Result<usize, WriteError> {
        let (exp, dir) = (&self.plan.exp, &self.plan.dir);
        if exp.record == 0 {
            records::remove(dir).map_err(|e| WriteError::report(dir, e))?;
            return Ok(0);
        }
        let kept = self.folder.indices().into_iter().flat_map(|c| {
            let plan = &exp.cells[c];
            (0..exp.record.min(plan.cell.games))
                .map(move |k| GameRecord::of_cell(plan.game, &plan.cell, k))
        });
        records::write(dir, kept).map_err(|e| WriteError::report(dir, e))
    }

    /// Writes what the batch `ended` with: the report and charts (or a
    /// shard's partial, written already), and says how it went.
    fn finish(&mut self, batch: &BatchProgress, ended: Ended, quiet: bool) -> Result<(), Failure> {
        let plan = self.plan;
        let (exp, dir, threads) = (&plan.exp, &plan.dir, plan.threads);
        let error = match &ended {
            Ended::Complete => None,
            Ended::Failed(f) => {
                let plan = &exp.cells[f.cell];
                Some(format!(
                    "cell {} ({}), {}",
                    f.cell,
                    describe(plan),
                    failed_game(
                        plan,
                        f.game_index,
                        f.game_seed,
                        (f.seat, f.by_evaluator),
                        f.ply,
                        &f.message
                    )
                ))
            }
            Ended::Interrupted => {
                Some("interrupted (SIGINT or SIGTERM) before every cell finished".into())
            }
            Ended::Observer(e) => Some(e.clone()),
        };
        let secs = batch.started.elapsed().as_secs_f64();
        let played = batch.done_games();
        let speed = format!(
            "{played} games in {} ({} games/s, {threads} threads)",
            duration(Some(secs)),
            human(played as f64 / secs.max(1e-9)),
        );
        let kept = match self.plan.shard {
            None => {
                let interrupted = matches!(ended, Ended::Interrupted);
                // The manifest last: it says complete only once the
                // records and the charts are on disk; the games' report is
                // written even when the records could not be.
                let recorded = self.write_records();
                ludus::reports::charts::write_charts_of(dir, exp, &self.folder)
                    .map_err(|e| WriteError::report(dir, e))?;
                self.write_report(secs, recorded.is_ok(), interrupted, error.clone())?;
                let recorded = recorded?;
                if !quiet {
                    let shown: Vec<CellResult> = self
                        .folder
                        .indices()
                        .into_iter()
                        .take(MAX_TABLE_CELLS)
                        .map(|c| self.folder.result(c))
                        .collect();
                    print!("{}", summary_table_of(&shown, self.folder.count()));
                    println!("{speed}; report in {}", dir.display());
                    if recorded > 0 {
                        println!("{}", records_said(recorded, dir));
                    }
                }
                format!(
                    "the report in {} holds {} of {}; --resume finishes it",
                    dir.display(),
                    plural(self.folder.count(), "finished cell"),
                    exp.cells.len()
                )
            }
            Some(s) => {
                let path = dir.join(partial::FILE);
                if !quiet {
                    println!("shard {s}: {speed}; partial in {}", path.display());
                }
                format!(
                    "{} holds what was played; --resume finishes the shard",
                    path.display()
                )
            }
        };
        match ended {
            Ended::Complete => match self.too_many_forfeits.take() {
                None => Ok(()),
                Some((_, said)) => Err(Failure::Bot(format!(
                    "{said}\n(every game was played: {})",
                    kept.split_once(';').map_or(kept.as_str(), |(k, _)| k)
                ))),
            },
            Ended::Failed(_) => Err(Failure::Bot(format!(
                "{}\n({kept})",
                error.expect("a failure has a message")
            ))),
            Ended::Interrupted => Err(Failure::Interrupted(format!("interrupted: {kept}"))),
            Ended::Observer(e) => Err(Failure::Io(e)),
        }
    }
}

/// A cell as messages name it: its game and the settings that tell it apart.
fn describe(plan: &CellPlan) -> String {
    let mut words = vec![plan.game.to_string()];
    words.extend(ludus::reports::table::cell_settings(plan));
    words.join(" ")
}

/// Which game failed and how, with the command that replays it: the part of
/// a failure's message that a stopped run and a forfeit warning share.
/// `(seat, by_evaluator)`: the seat that failed, or whose decision the
/// cell's `metrics_evaluator` failed to judge.
fn failed_game(
    plan: &CellPlan,
    game_index: u64,
    game_seed: u64,
    (seat, by_evaluator): (usize, bool),
    ply: u32,
    message: &str,
) -> String {
    let who = if by_evaluator {
        format!(
            "metrics_evaluator {} failed judging seat {}'s decision",
            plan.cell
                .evaluator
                .as_ref()
                .map_or("(the game's evaluation)".to_string(), |e| e.to_string()),
            seat + 1
        )
    } else {
        format!("seat {} ({}) failed", seat + 1, plan.cell.seats[seat])
    };
    format!(
        "game {game_index} (seed {game_seed}): {who} at length {ply}: {message}\n  replay: {}",
        replay_command(plan, game_seed)
    )
}
