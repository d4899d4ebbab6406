//! How a search is run and where its tables go: what the command line
//! adds to a search plan, as plain fields a caller sets.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::search::round_player::RoundPlayer;

/// A flag that nobody raises.
static NEVER: AtomicBool = AtomicBool::new(false);

/// How a search is run and where its tables go.
#[derive(Clone, Debug)]
pub struct SearchSettings {
    /// The search's folder: its tables, and its rounds in `rounds/`.
    pub dir: PathBuf,
    /// Worker threads (results do not depend on them).
    pub threads: usize,
    /// Finish a killed search: each round plays only what its checkpoint lacks.
    pub resume: bool,
    /// Write into a folder that holds another search's tables.
    pub force: bool,
    /// Raised to stop the search between games; what was played is kept.
    pub halt: &'static AtomicBool,
    /// Who plays the rounds' games: this process (`None`), or another
    /// player, such as the CLI's Slurm job arrays.
    pub player: Option<Arc<dyn RoundPlayer>>,
}

impl SearchSettings {
    /// A search into `dir` on one thread, from its start.
    pub fn new(dir: impl Into<PathBuf>) -> SearchSettings {
        SearchSettings {
            dir: dir.into(),
            threads: 1,
            resume: false,
            force: false,
            halt: &NEVER,
            player: None,
        }
    }
}
