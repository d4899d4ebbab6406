//! Where an analysis starts: a game set up from its options or from a
//! position file's text, and why an analysis that follows decisions cannot
//! go past a chance event.

use crate::analysis::analysis_error::AnalysisError;
use crate::core::game::Game;
use crate::core::options::Options;

/// The start of `G` under `options`, or the position `position` (a
/// position file's text) sets up.
pub fn load<G: Game>(options: &Options, position: Option<&str>) -> Result<G, AnalysisError> {
    match position {
        Some(text) => Ok(G::from_position(options, text)?),
        None => Ok(G::new(options)?),
    }
}

/// Why an analysis that follows decisions stopped at a chance event:
/// `why` for games that throw dice, the option that fixes the start for
/// games that draw lots for the first move.
pub fn chance_error<G: Game>(why: &str) -> AnalysisError {
    AnalysisError::Chance(match G::FIXED_START {
        Some(fixed) => {
            format!("who moves first is drawn by lot: pass --opt {fixed} for a fixed start")
        }
        None => format!("{} throws dice: {why}", G::NAME),
    })
}
