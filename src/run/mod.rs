//! A run of an experiment from the library: what `ludus run` does (plays
//! every cell, or a shard's share, or what an interrupted run lacks, and
//! keeps its report folder) without the command line, so that a search's
//! rounds and an in-process caller drive runs. Experiment in, report folder
//! and tables out.

pub mod failed_game;
pub mod run_error;
pub mod run_observer;
pub mod run_outcome;
pub mod run_settings;
pub mod run_watch;
pub mod skill_calibration;

pub use run_error::RunError;
pub use run_outcome::RunOutcome;
pub use run_settings::RunSettings;
pub use run_watch::{RunWatch, Silent};

use crate::core::plural::plural;
use crate::plan::experiment::Experiment;
use crate::plan::skill_ladder;
use crate::store::folder::{check_folder, check_writable};
use crate::store::identity;
use crate::store::run_games::RunGames;

/// Plays `exp` as `settings` say and writes its report into
/// `settings.dir` as cells finish, its checkpoint as games finish, so
/// that a run stopped by a failing bot, an error or an interruption keeps
/// every finished cell and can be resumed. Every cell's game is set up
/// before anything is played: bad input is refused at once.
///
/// ```no_run
/// use ludus::plan::experiment::Experiment;
/// use ludus::run::{RunSettings, Silent, run};
///
/// let exp = Experiment::default_experiment();
/// let done = run(&exp, &RunSettings::new("reports/default"), &mut Silent)?;
/// for cell in done.cells.results() {
///     println!("{}: {} games", cell.plan.game, cell.tally.games);
/// }
/// # Ok::<(), ludus::run::RunError>(())
/// ```
pub fn run<'e>(
    exp: &'e Experiment,
    settings: &RunSettings,
    watch: &mut dyn RunWatch,
) -> Result<RunOutcome<'e>, RunError> {
    settings.check(exp)?;
    let dir = &settings.dir;
    if settings.shard.is_none() {
        check_folder(
            dir,
            exp,
            settings.prior == crate::store::resume::Prior::Replace,
        )?;
    }
    let identity = identity::of_experiment(exp, settings.shard)?;
    let players = exp
        .cells
        .iter()
        .enumerate()
        .map(|(c, plan)| {
            plan.game
                .players(&plan.cell.options)
                .map_err(|error| RunError::Cell { cell: c, error })
        })
        .collect::<Result<Vec<_>, _>>()?;
    let games = RunGames::of(exp, settings.shard, dir, &identity, players, settings.prior)?;
    // Every cell's game is set up once before anything is played, so
    // that options no game can be made of are refused at once; the jobs
    // the batch plays are made again as their cells come up, and dropped
    // when they are done, so that a run holds a few at a time.
    for (c, plan) in exp.cells.iter().enumerate() {
        plan.job()
            .map_err(|error| RunError::Cell { cell: c, error })?;
    }
    check_writable(dir)?;
    let pool = settings.pool()?;
    if settings.shard.is_none() {
        rate_skill(exp, settings, &pool, watch)?;
    }
    if games.resumed() > 0 {
        watch.resumed(games.resumed(), games.planned(), games.left());
    }
    let mut observer = run_observer::RunObserver::new(exp, settings, &identity, &games, watch);
    observer.keep_settled()?;
    let (batch, ended) = observer.play(&pool);
    observer.finish(&batch, ended)
}

/// Rates the levels of the experiment's skill ladders before play
/// ([`skill_calibration`]), saying so first. A shard does not: each
/// would play the same round-robin, and its partial keeps no ratings.
fn rate_skill(
    exp: &Experiment,
    settings: &RunSettings,
    pool: &rayon::ThreadPool,
    watch: &mut dyn RunWatch,
) -> Result<(), RunError> {
    let games_of = |entry: usize| exp.calibrate.get(entry).copied().unwrap_or(0);
    let ladders = skill_ladder::ladders(&exp.cells, games_of, exp.seed);
    if ladders.is_empty() {
        return Ok(());
    }
    let games: u64 = ladders
        .iter()
        .map(|l| 2 * l.tournament.games_per_seating * l.tournament.pairings().len() as u64)
        .sum();
    let levels: usize = ladders.iter().map(|l| l.tournament.policies.len()).sum();
    watch.warn(&format!(
        "rating the skill levels first: a round-robin of {} among {} (random included)",
        plural(games as usize, "game"),
        plural(levels, "level"),
    ));
    let kept = "no game of the run was played yet; `calibrate = 0` in the experiment skips \
                the rating";
    skill_calibration::calibrate(&exp.cells, &ladders, pool, settings.threads, settings.halt)
        .map(|_| ())
        .map_err(|e| {
            if settings.halt.load(std::sync::atomic::Ordering::Relaxed) {
                RunError::Interrupted {
                    kept: "no game of the run was played yet".to_string(),
                }
            } else {
                RunError::Bot {
                    said: format!("rating the skill levels: {e}"),
                    kept: kept.to_string(),
                }
            }
        })
}
