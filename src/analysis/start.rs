//! Where an analysis starts: a game set up from its options or from a
//! position file's text, and why an analysis that follows decisions cannot
//! go past a chance event.

use crate::analysis::analysis_error::AnalysisError;
use crate::core::game::Game;
use crate::core::options::Options;

/// Where play starts: a game's options, and the text of a position file
/// where play starts from that position instead of the options' start.
#[derive(Clone, Copy, Debug)]
pub struct Start<'a> {
    /// The game's options.
    pub options: &'a Options,
    /// A position file's text, if play starts from its position.
    pub position: Option<&'a str>,
}

impl<'a> Start<'a> {
    /// Play under `options`, from `position` (a position file's text) or
    /// else from the options' start.
    pub fn new(options: &'a Options, position: Option<&'a str>) -> Start<'a> {
        Start { options, position }
    }

    /// The game `G` set up here.
    pub fn load<G: Game>(&self) -> Result<G, AnalysisError> {
        match self.position {
            Some(text) => Ok(G::from_position(self.options, text)?),
            None => Ok(G::new(self.options)?),
        }
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
