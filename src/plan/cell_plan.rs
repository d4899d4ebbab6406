//! A cell of an experiment or a tournament as planned: the game, what the
//! runner plays of it, and where in its file the cell comes from.

use crate::core::option_error::OptionError;
use crate::runner::cell::Cell;
use crate::runner::cell_job::CellJob;
use crate::runner::game_entry::GameEntry;

/// One cell to play: a game, and its options and seats as the runner plays
/// them, with the entry of the file and the sweep point it comes from.
#[derive(Clone, Debug)]
pub struct CellPlan {
    /// The game.
    pub game: &'static dyn GameEntry,
    /// What to play of it.
    pub cell: Cell,
    /// The index of the `[[cells]]` entry of the experiment file this cell
    /// comes from: the cells of one sweep share it.
    pub entry: usize,
    /// This cell's point of its entry's sweep, as (key, value) pairs in
    /// the file's order (`seats` among them when seat lists are swept).
    pub swept: Vec<(String, String)>,
}

impl CellPlan {
    /// The cell's games ready to play: its game set up once.
    pub fn job(&self) -> Result<Box<dyn CellJob>, OptionError> {
        self.game.cell_job(&self.cell)
    }
}
