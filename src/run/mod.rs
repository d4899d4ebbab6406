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

pub use run_error::RunError;
pub use run_outcome::RunOutcome;
pub use run_settings::RunSettings;
pub use run_watch::{RunWatch, Silent};

use crate::plan::experiment::Experiment;
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
    if games.resumed() > 0 {
        watch.resumed(games.resumed(), games.planned(), games.left());
    }
    let mut observer = run_observer::RunObserver::new(exp, settings, &identity, &games, watch);
    observer.keep_settled()?;
    let (batch, ended) = observer.play(&pool);
    observer.finish(&batch, ended)
}
