//! Why a search was refused or stopped.

use thiserror::Error;

use crate::plan::plan_error::PlanError;
use crate::reports::write_error::WriteError;
use crate::run::RunError;

/// A search refused or stopped; the rounds already played stay in its
/// folder, and `--resume` finishes it.
#[derive(Debug, Error)]
pub enum SearchError {
    /// A round's experiment could not be made (a candidate the plan let through).
    #[error(transparent)]
    Plan(PlanError),
    /// A round's run (or an NTBEA batch's) was refused or stopped.
    #[error("{stage}: {error}")]
    Round {
        /// Which: `round 3`, `NTBEA batch 12`.
        stage: String,
        /// Why (boxed: it is large).
        error: Box<RunError>,
    },
    /// A round's games could not be played by the settings' round player
    /// (a cluster's jobs failed, or were stopped).
    #[error("{stage}: {error}")]
    Elsewhere {
        /// Which: `round 3`, `NTBEA batch 12`.
        stage: String,
        /// Why, as the player says it.
        error: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The folder holds another search's tables.
    #[error(
        "{}: holds the search `{found}`, not `{wanted}`; give another --out, or --force to replace it",
        dir.display()
    )]
    OtherSearch {
        /// The folder.
        dir: std::path::PathBuf,
        /// The search it holds.
        found: String,
        /// This one.
        wanted: String,
    },
    /// The tables could not be written.
    #[error(transparent)]
    Write(#[from] WriteError),
}
