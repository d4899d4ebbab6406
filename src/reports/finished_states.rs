//! `FinishedStates`: the finished cells of a run of an experiment, each
//! kept packed (about a kilobyte a cell, however many cells) and unpacked
//! only for the few a chart, a page or a caller asks for.

use crate::plan::experiment::Experiment;
use crate::reports::cell_result::CellResult;
use crate::reports::charts::FinishedCells;
use crate::store::packed_state::PackedState;

/// Each cell of `exp`'s state once it finished.
#[derive(Debug)]
pub struct FinishedStates<'a> {
    /// The experiment.
    pub exp: &'a Experiment,
    /// Each cell's state, `None` while it is not finished.
    pub states: Vec<Option<PackedState>>,
}

impl<'a> FinishedStates<'a> {
    /// No cell of `exp` finished.
    pub fn new(exp: &'a Experiment) -> FinishedStates<'a> {
        FinishedStates {
            exp,
            states: vec![None; exp.cells.len()],
        }
    }

    /// How many cells are finished.
    pub fn count(&self) -> usize {
        self.states.iter().flatten().count()
    }

    /// Every finished cell's result, in the experiment's order: its plan,
    /// its tally and its cost, what a row of summary.csv, metrics.csv and
    /// the other tables is made of.
    pub fn results(&self) -> impl Iterator<Item = CellResult> + '_ {
        self.indices().into_iter().map(|c| self.result(c))
    }
}

impl FinishedCells for FinishedStates<'_> {
    fn indices(&self) -> Vec<usize> {
        (0..self.states.len())
            .filter(|&c| self.states[c].is_some())
            .collect()
    }

    fn games_played(&self) -> u64 {
        self.states.iter().flatten().map(|s| s.tally.games()).sum()
    }

    fn result(&self, cell: usize) -> CellResult {
        let s = self.states[cell]
            .as_ref()
            .expect("only finished cells are asked for");
        CellResult {
            plan: self.exp.cells[cell].clone(),
            tally: s.tally.unpack(),
            timing: s.timing(),
        }
    }
}
