//! A finished cell as the report tables read it: owned (`CellResult`) or
//! borrowed (`CellRef`).

use crate::plan::cell_plan::CellPlan;
use crate::runner::tally::Tally;
use crate::store::cell_timing::CellTiming;

/// A finished cell: its plan, what its games added up to, what they cost.
#[derive(Clone, Debug)]
pub struct CellResult {
    /// What was played.
    pub plan: CellPlan,
    /// What came of it.
    pub tally: Tally,
    /// What it cost (zero where unknown).
    pub timing: CellTiming,
}

/// A finished cell as the report writer reads it: borrowed, so that a
/// checkpoint copies nothing.
#[derive(Clone, Copy, Debug)]
pub struct CellRef<'a> {
    /// What was played.
    pub plan: &'a CellPlan,
    /// What came of it.
    pub tally: &'a Tally,
    /// What it cost.
    pub timing: CellTiming,
}

impl CellResult {
    /// The cell as the report writer reads it.
    pub fn as_ref(&self) -> CellRef<'_> {
        CellRef {
            plan: &self.plan,
            tally: &self.tally,
            timing: self.timing,
        }
    }
}
