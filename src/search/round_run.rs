//! One round of a search played: the (candidate, level) cells it names
//! as an experiment run by the library ([`crate::run::run`]) into a
//! folder of its own, so that a killed search resumes round by round; or
//! played elsewhere by a [`RoundPlayer`](crate::search::round_player::RoundPlayer)
//! (a cluster's jobs) that leaves the games' sum in that folder.

use std::path::Path;

use crate::plan::cell_plan::CellPlan;
use crate::plan::experiment::Experiment;
use crate::plan::search_plan::{Candidate, SearchPlan};
use crate::run::{RunSettings, RunWatch, run};
use crate::runner::cell_progress::BatchProgress;
use crate::runner::packed_tally::PackedTally;
use crate::search::search_error::SearchError;
use crate::search::search_settings::SearchSettings;
use crate::search::search_watch::SearchWatch;
use crate::store::resume::Prior;

/// Tells the watch's progress to a round's run.
struct RoundWatch<'w>(&'w mut dyn SearchWatch);

impl RunWatch for RoundWatch<'_> {
    fn progress(&mut self, batch: &BatchProgress) {
        self.0.progress(batch);
    }
}

/// What a round plays.
#[derive(Clone, Copy, Debug)]
pub struct Round<'a> {
    /// How its experiment and its errors name it (`round 3`).
    pub stage: &'a str,
    /// Its folder, under the search's.
    pub folder: &'a Path,
    /// Its experiment's seed.
    pub seed: u64,
    /// Games of each cell.
    pub games: u64,
    /// The (candidate, level) cells.
    pub cells: &'a [(Candidate, usize)],
}

/// A cell of a round, played: its plan and its games, packed, since a
/// round of thousands of long games held as tallies (each with a length
/// histogram as long as its longest game) took gigabytes.
#[derive(Clone, Debug)]
pub struct PlayedCell {
    /// What was played.
    pub plan: CellPlan,
    /// What came of it.
    pub tally: PackedTally,
}

/// Plays `round`'s games into its folder: every cell's result, in the
/// order of `round.cells`.
pub fn play_round(
    plan: &SearchPlan,
    settings: &SearchSettings,
    watch: &mut dyn SearchWatch,
    round: Round,
) -> Result<Vec<PlayedCell>, SearchError> {
    let stage = round.stage;
    let name = format!("{}-{}", plan.name, stage.replace(' ', "-").to_lowercase());
    let text = plan.experiment_text(&name, round.seed, round.games, round.cells);
    let source = format!("{} ({stage})", plan.source);
    let exp = Experiment::parse(&text, &source).map_err(SearchError::Plan)?;
    let folder = settings.dir.join(round.folder);
    let mut run_settings = RunSettings::new(&folder);
    run_settings.threads = settings.threads;
    run_settings.halt = settings.halt;
    run_settings.prior = if settings.resume {
        Prior::Resume
    } else {
        Prior::Replace
    };
    if let Some(player) = &settings.player {
        player
            .play(&exp, &folder, settings.resume)
            .map_err(|error| SearchError::Elsewhere {
                stage: stage.to_string(),
                error,
            })?;
        // The games are in the checkpoint: the run below plays none of
        // them again and writes the round's report from it.
        run_settings.prior = Prior::Resume;
    }
    let outcome =
        run(&exp, &run_settings, &mut RoundWatch(watch)).map_err(|error| SearchError::Round {
            stage: stage.to_string(),
            error: Box::new(error),
        })?;
    Ok(outcome
        .cells
        .results()
        .map(|r| PlayedCell {
            tally: PackedTally::pack(&r.tally),
            plan: r.plan,
        })
        .collect())
}
