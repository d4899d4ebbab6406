//! `RunObserver`: what a run does as its batch plays. It keeps each cell
//! in the report folder as it finishes, writes the checkpoint as games
//! finish and the report as cells do (each at the pace of
//! [`WritePace`]), counts forfeits against the run's bound, and at the
//! end writes the records, the charts and the manifest, last.

use std::time::Instant;

use crate::core::plural::plural;
use crate::plan::experiment::Experiment;
use crate::reports::charts::{FinishedCells, write_charts_of};
use crate::reports::finished_states::FinishedStates;
use crate::reports::manifest::Manifest;
use crate::reports::records;
use crate::reports::run_folder::RunFolder;
use crate::reports::write_error::WriteError;
use crate::run::failed_game::{describe, failed_game};
use crate::run::{RunError, RunOutcome, RunSettings, RunWatch};
use crate::runner::batch::{self, Ended, Observer, ObserverError};
use crate::runner::cell_job::CellJob;
use crate::runner::cell_progress::BatchProgress;
use crate::runner::checkpoint::CellState;
use crate::runner::game_record::GameRecord;
use crate::runner::selected_games::SelectedGames;
use crate::store::partial;
use crate::store::partial_manifest::PartialManifest;
use crate::store::run_games::RunGames;
use crate::store::write_pace::WritePace;

/// The observer of one run's batch.
pub(crate) struct RunObserver<'e, 'a> {
    /// The experiment, which outlives the run (its outcome borrows it).
    exp: &'e Experiment,
    settings: &'a RunSettings,
    games: &'a RunGames,
    watch: &'a mut dyn RunWatch,
    folder: RunFolder<'a>,
    report_pace: WritePace,
    checkpoint_pace: WritePace,
    /// The batch's games counted at the last checkpoint.
    checkpointed: u64,
    /// The first cell (by index) whose forfeits passed the bound, and
    /// what to say of it.
    too_many_forfeits: Option<(usize, String)>,
}

impl<'e: 'a, 'a> Observer for RunObserver<'e, 'a> {
    fn progress(&mut self, batch: &BatchProgress) {
        self.watch.progress(batch);
        if self.checkpoint_pace.due(Instant::now())
            && batch.done_games() > self.checkpointed
            && let Err(e) = self.checkpoint(batch)
        {
            self.watch
                .warn(&format!("warning: cannot write the checkpoint: {e}"));
        }
    }

    fn cell_finished(&mut self, cell: usize, batch: &BatchProgress) -> Result<(), ObserverError> {
        let state = self.state(cell, batch);
        self.count_forfeits(cell, &state);
        self.folder.keep(cell, &state)?;
        if !self.report_pace.due(Instant::now()) {
            return Ok(());
        }
        let start = Instant::now();
        self.checkpoint(batch)?;
        if self.settings.shard.is_none() {
            let secs = batch.started.elapsed().as_secs_f64();
            self.write_report(secs, false, false, None)?;
        }
        self.report_pace.wrote(start);
        Ok(())
    }

    fn forgets_finished(&self) -> bool {
        true
    }

    fn more_games(&mut self, cell: usize, batch: &BatchProgress) -> u64 {
        let state = self.games.state(cell, batch);
        self.games
            .to_play(cell, &state)
            .saturating_sub(batch.cells[cell].games)
    }
}

impl<'e: 'a, 'a> RunObserver<'e, 'a> {
    pub(crate) fn new(
        exp: &'e Experiment,
        settings: &'a RunSettings,
        identity: &'a PartialManifest,
        games: &'a RunGames,
        watch: &'a mut dyn RunWatch,
    ) -> RunObserver<'e, 'a> {
        RunObserver {
            exp,
            settings,
            games,
            watch,
            folder: RunFolder::new(exp, &settings.dir, identity, settings.shard.is_none()),
            report_pace: WritePace::default(),
            checkpoint_pace: WritePace::default(),
            checkpointed: 0,
            too_many_forfeits: None,
        }
    }

    /// Keeps the cells that have no game left to play before the batch
    /// starts: those a resumed run's checkpoint holds whole, which the
    /// batch never reports finished.
    pub(crate) fn keep_settled(&mut self) -> Result<(), WriteError> {
        for c in 0..self.exp.cells.len() {
            if self.games.selections[c].is_empty() {
                self.folder.keep(c, &self.games.prior_state(c))?;
            }
        }
        Ok(())
    }

    /// Plays the games selected, on `pool`.
    pub(crate) fn play(&mut self, pool: &rayon::ThreadPool) -> (BatchProgress, Ended) {
        let (exp, games, settings) = (self.exp, self.games, self.settings);
        let make = |c: usize| {
            let inner = exp.cells[c]
                .job()
                .expect("every cell's job was made once already");
            Box::new(SelectedGames::new(inner, games.selections[c].clone())) as Box<dyn CellJob>
        };
        let (batch, ended) = batch::play_lazily(
            &games.sizes(),
            &make,
            pool,
            settings.threads,
            settings.halt,
            self,
        );
        self.watch.played();
        (batch, ended)
    }

    /// Cell `c`'s state: what it held before and what the batch played of it.
    fn state(&self, c: usize, batch: &BatchProgress) -> CellState {
        match self.folder.finished(c) {
            Some(s) => s.unpack(),
            None => self.games.state(c, batch),
        }
    }

    /// Warns of finished cell `cell`'s forfeits, and notes the first cell
    /// whose forfeits passed the run's bound.
    fn count_forfeits(&mut self, cell: usize, state: &CellState) {
        let Some(f) = &state.tally.first_forfeit else {
            return;
        };
        let plan = &self.exp.cells[cell];
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
        let bound = self.settings.max_forfeits;
        if share > bound
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
                100.0 * bound,
            );
            self.too_many_forfeits = Some((cell, said));
        }
        self.watch.warn(&format!(
            "warning: cell {cell} ({}): {} forfeited by a failing policy; the first, {what}",
            describe(plan),
            plural(forfeits as usize, "game")
        ));
    }

    /// Writes partial.json: every game finished so far, exactly.
    fn checkpoint(&mut self, batch: &BatchProgress) -> Result<(), WriteError> {
        let start = Instant::now();
        let games = self.games;
        self.folder
            .write_checkpoint(|c| games.state(c, batch), &games.targets)?;
        self.checkpointed = batch.done_games();
        self.checkpoint_pace.wrote(start);
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
            self.exp,
            self.settings.threads,
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
        let (exp, dir) = (self.exp, &self.settings.dir);
        if exp.record == 0 {
            records::remove(dir).map_err(|e| WriteError::report(dir, e))?;
            return Ok(0);
        }
        let folder = &self.folder;
        let kept = folder.indices().into_iter().flat_map(|c| {
            let plan = &exp.cells[c];
            // The games played: a cell played to a precision may stop short of `cell.games`.
            let played = folder.finished(c).map_or(0, |s| s.tally.games());
            (0..exp.record.min(played)).map(move |k| GameRecord::of_cell(plan.game, &plan.cell, k))
        });
        records::write(dir, kept).map_err(|e| WriteError::report(dir, e))
    }

    /// What the batch `ended` with, as the manifest says it.
    fn ending(&self, ended: &Ended) -> Option<String> {
        match ended {
            Ended::Complete => None,
            Ended::Failed(f) => {
                let plan = &self.exp.cells[f.cell];
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
        }
    }

    /// Writes what the batch `ended` with: the report, records and charts
    /// (or a shard's partial, written already), tells the watch, and
    /// returns the outcome, or why the run stopped.
    pub(crate) fn finish(
        mut self,
        batch: &BatchProgress,
        ended: Ended,
    ) -> Result<RunOutcome<'e>, RunError> {
        self.checkpoint(batch)?;
        let error = self.ending(&ended);
        let secs = batch.started.elapsed().as_secs_f64();
        let dir = &self.settings.dir;
        let (recorded, kept) = match self.settings.shard {
            None => {
                let interrupted = matches!(ended, Ended::Interrupted);
                // The manifest last: it says complete only once the
                // records and the charts are on disk; the games' report is
                // written even when the records could not be.
                let recorded = self.write_records();
                write_charts_of(dir, self.exp, &self.folder)
                    .map_err(|e| WriteError::report(dir, e))?;
                self.write_report(secs, recorded.is_ok(), interrupted, error.clone())?;
                let kept = format!(
                    "the report in {} holds {} of {}; --resume finishes it",
                    dir.display(),
                    plural(self.folder.count(), "finished cell"),
                    self.exp.cells.len()
                );
                (recorded?, kept)
            }
            Some(_) => {
                let path = dir.join(partial::FILE);
                let kept = format!(
                    "{} holds what was played; --resume finishes the shard",
                    path.display()
                );
                (0, kept)
            }
        };
        let too_many_forfeits = self.too_many_forfeits.take();
        let outcome = RunOutcome {
            dir: dir.clone(),
            shard: self.settings.shard,
            played: batch.done_games(),
            secs,
            threads: self.settings.threads,
            recorded,
            cells: FinishedStates {
                exp: self.exp,
                states: self.folder.into_finished().states,
            },
        };
        self.watch.finished(&outcome);
        match ended {
            Ended::Complete => match too_many_forfeits {
                None => Ok(outcome),
                Some((_, said)) => Err(RunError::TooManyForfeits {
                    said,
                    kept: kept
                        .split_once(';')
                        .map_or(kept.as_str(), |(k, _)| k)
                        .to_string(),
                }),
            },
            Ended::Failed(_) => Err(RunError::Bot {
                said: error.expect("a failure has a message"),
                kept,
            }),
            Ended::Interrupted => Err(RunError::Interrupted { kept }),
            Ended::Observer(e) => Err(RunError::Unwritten(e)),
        }
    }
}
