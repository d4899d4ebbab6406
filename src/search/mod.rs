//! `ludus search`: which rule settings make the best game, for players of
//! every skill. A search plan ([`crate::plan::search_plan`]) names a space
//! of options, skill levels and goals; the race ([`race`]) plays the
//! candidates in rounds, drops those beaten on every goal with confidence
//! and takes exact values where a candidate solves; a space too large to
//! race is first searched by NTBEA ([`ntbea`]), whose best are raced; the
//! tables ([`search_tables`]) say what was tried and which settings are
//! best, and the page ([`search_page`]) shows them.

pub mod contender;
pub mod estimate_cells;
pub mod exact_goals;
pub mod fitness;
pub mod goal_value;
pub mod ntbea;
pub mod ntbea_table;
pub mod ntuple_model;
pub mod race;
pub mod round_player;
pub mod round_run;
pub mod search_error;
pub mod search_page;
pub mod search_settings;
pub mod search_tables;
pub mod search_watch;

pub use search_error::SearchError;
pub use search_settings::SearchSettings;
pub use search_watch::{Quiet, SearchWatch};

use crate::plan::search_plan::{Method, SearchPlan};
use crate::search::ntbea::Ntbea;
use crate::search::race::Race;

/// Runs the search `plan` and writes its tables into `settings.dir`:
/// candidates.csv, front.csv, confirm.toml, manifest.json and index.html.
pub fn search(
    plan: &SearchPlan,
    settings: &SearchSettings,
    watch: &mut dyn SearchWatch,
) -> Result<Race, SearchError> {
    let started = std::time::Instant::now();
    search_tables::check_folder(plan, &settings.dir, settings.force)?;
    let race = match plan.method {
        Method::Race => Race::run(plan, plan.candidates(), plan.budget, settings, watch)?,
        Method::Ntbea => {
            let ntbea = Ntbea::run(plan, settings, watch)?;
            let left = plan.budget.saturating_sub(ntbea.spent);
            let mut race = Race::run(plan, ntbea.shortlist(plan), left, settings, watch)?;
            race.ntbea = Some(ntbea);
            race
        }
    };
    search_tables::write(plan, &race, &settings.dir, started.elapsed().as_secs_f64())?;
    Ok(race)
}
