//! `RunFolder`: what a run keeps of its finished cells, and writes into
//! its report folder as they finish: the CSVs and manifest (not for a
//! shard), and its checkpoint, partial.json, streamed cell by cell.

use std::borrow::Cow;
use std::path::Path;

use crate::plan::cell_plan::CellPlan;
use crate::plan::experiment::Experiment;
use crate::reports::cell_result::{CellRef, CellResult};
use crate::reports::charts::FinishedCells;
use crate::reports::finished_states::FinishedStates;
use crate::reports::manifest::{CellRunRecord, Manifest};
use crate::reports::report::ReportWriter;
use crate::reports::write_error::WriteError;
use crate::runner::checkpoint::CellState;
use crate::runner::game_ranges::GameRanges;
use crate::store::atomic::write_atomic_with;
use crate::store::cell_record::CellRecord;
use crate::store::packed_state::PackedState;
use crate::store::partial::{self, Partial};
use crate::store::partial_manifest::PartialManifest;

/// A finished cell's record in partial.json and its digest.
type KeptRecord = (Box<[u8]>, [u8; 32]);

/// The report folder of a run of `exp` (or of one shard, which writes the
/// checkpoint only). Of a finished cell it keeps its rows, rendered once,
/// its tally packed and its record in the checkpoint serialized, so that
/// its memory grows by about a kilobyte a cell.
pub struct RunFolder<'a> {
    exp: &'a Experiment,
    dir: &'a Path,
    /// Whether to write the CSVs (not for a shard).
    report: bool,
    /// The run the checkpoint is of.
    identity: &'a PartialManifest,
    writer: ReportWriter,
    /// The finished cells' states, made once.
    finished: FinishedStates<'a>,
    /// The finished cells' records in partial.json and their digests
    /// (what the seal is made of), made once.
    records: Vec<Option<KeptRecord>>,
}

impl<'a> RunFolder<'a> {
    /// The folder `dir` of the run `identity` of `exp`, nothing finished
    /// yet; `report`: whether it holds the CSVs.
    pub fn new(
        exp: &'a Experiment,
        dir: &'a Path,
        identity: &'a PartialManifest,
        report: bool,
    ) -> RunFolder<'a> {
        RunFolder {
            exp,
            dir,
            report,
            identity,
            writer: ReportWriter::new(),
            finished: FinishedStates::new(exp),
            records: vec![None; exp.cells.len()],
        }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        self.dir
    }

    /// An error writing into the folder.
    fn error(&self, e: std::io::Error) -> WriteError {
        WriteError::report(self.dir, e)
    }

    /// Keeps finished cell `cell` in `state`: its rows rendered, its tally
    /// packed, its record serialized.
    pub fn keep(&mut self, cell: usize, state: &CellState) -> Result<(), WriteError> {
        let packed = PackedState::pack(state);
        let exp = self.exp;
        let plan = &exp.cells[cell];
        let record = CellRecord::new(plan.cell.index, plan.game.name(), state);
        let bytes = serde_json::to_vec(&record).map_err(|e| self.error(e.into()))?;
        self.records[cell] = Some((bytes.into_boxed_slice(), record.digest()));
        if self.report {
            let c = CellRef {
                plan,
                tally: &state.tally,
                timing: packed.timing(),
            };
            self.writer.render(&c).map_err(|e| self.error(e))?;
        }
        self.finished.states[cell] = Some(packed);
        Ok(())
    }

    /// Finished cell `cell`'s state, or `None` while it is not finished.
    pub fn finished(&self, cell: usize) -> Option<&PackedState> {
        self.finished.states[cell].as_ref()
    }

    /// Writes partial.json: every game finished so far, exactly; `state`
    /// gives an unfinished cell's state, `targets` the games each cell is
    /// to hold. The cells' records are made and written one at a time, so
    /// that the checkpoint of a run of many cells never holds every cell's
    /// tally at once.
    pub fn write_checkpoint(
        &self,
        state: impl Fn(usize) -> CellState,
        targets: &[GameRanges],
    ) -> Result<(), WriteError> {
        let mut manifest = self.identity.clone();
        manifest.games_played = 0;
        manifest.complete = true;
        for (c, (finished, target)) in self.finished.states.iter().zip(targets).enumerate() {
            match finished {
                Some(s) => manifest.games_played += s.tally.games(),
                None => {
                    let s = state(c);
                    manifest.games_played += s.tally.games;
                    manifest.complete &= s.done.covers(target);
                }
            }
        }
        let records = self
            .exp
            .cells
            .iter()
            .map(|plan| match &self.records[plan.cell.index] {
                Some((bytes, digest)) => (Cow::Borrowed(&**bytes), *digest),
                None => {
                    let record =
                        CellRecord::new(plan.cell.index, plan.game.name(), &state(plan.cell.index));
                    let bytes = serde_json::to_vec(&record).expect("a cell record serializes");
                    (Cow::Owned(bytes), record.digest())
                }
            });
        write_atomic_with(&self.dir.join(partial::FILE), |w| {
            write_partial(w, manifest, records)
        })
        .map_err(|e| self.error(e))
    }

    /// The finished cells' games and cost, in cell order, as the manifest
    /// lists them.
    pub fn cell_runs(&self) -> Vec<CellRunRecord> {
        self.exp
            .cells
            .iter()
            .zip(&self.finished.states)
            .filter_map(|(plan, s)| {
                s.as_ref()
                    .map(|s| CellRunRecord::of(plan, s.tally.games(), s.timing()))
            })
            .collect()
    }

    /// Writes the CSVs and the manifest of the finished cells, whose rows
    /// were rendered as they finished.
    pub fn write_report(&mut self, manifest: &Manifest) -> Result<(), WriteError> {
        let plans: Vec<&CellPlan> = self
            .exp
            .cells
            .iter()
            .zip(&self.finished.states)
            .filter(|(_, s)| s.is_some())
            .map(|(plan, _)| plan)
            .collect();
        self.writer
            .write_rendered(self.dir, &plans, manifest)
            .map_err(|e| WriteError::report(self.dir, e))
    }

    /// How many cells are finished.
    pub fn count(&self) -> usize {
        self.finished.count()
    }

    /// The finished cells, the folder written.
    pub fn into_finished(self) -> FinishedStates<'a> {
        self.finished
    }
}

/// The finished cells, for the charts, the page and the table, which
/// unpack the few they show.
impl FinishedCells for RunFolder<'_> {
    fn indices(&self) -> Vec<usize> {
        self.finished.indices()
    }

    fn games_played(&self) -> u64 {
        self.finished.games_played()
    }

    fn result(&self, cell: usize) -> CellResult {
        self.finished.result(cell)
    }
}

/// Writes partial.json of `manifest` and the cells' records, each as its
/// JSON with its digest, in cell order, to `w`: the bytes
/// [`Partial::to_json`] writes, made from records serialized once each
/// rather than from every cell's record at once. The seal is made of the
/// digests, so they are gathered first; the records unfinished cells make
/// afresh are held meanwhile (those of finished cells are borrowed).
fn write_partial<'a>(
    w: &mut dyn std::io::Write,
    manifest: PartialManifest,
    records: impl Iterator<Item = (Cow<'a, [u8]>, [u8; 32])>,
) -> std::io::Result<()> {
    let records: Vec<(Cow<'a, [u8]>, [u8; 32])> = records.collect();
    let seal = Partial::seal_from(&manifest, records.iter().map(|(_, d)| *d));
    let shell = Partial::new(manifest, Vec::new()).to_json_sealed(&seal);
    // The records go where the empty list of cells is, the last field.
    let head = shell
        .strip_suffix(b"\"cells\":[]}")
        .expect("the cells are the partial's last field");
    w.write_all(head)?;
    w.write_all(b"\"cells\":[")?;
    for (i, (r, _)) in records.iter().enumerate() {
        if i > 0 {
            w.write_all(b",")?;
        }
        w.write_all(r)?;
    }
    w.write_all(b"]}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::identity;

    #[test]
    fn a_partial_written_record_by_record_is_the_partials_json() {
        let exp = Experiment::parse(
            "name = \"p\"\nseed = 1\ngames = 3\n[[cells]]\ngame = \"mayor\"\n\
             sweep = { players = [2, 3] }\n",
            "p.toml",
        )
        .unwrap();
        let manifest = identity::of_experiment(&exp, None).unwrap();
        let mut state = CellState::new(3);
        state.done.insert(0..1);
        state.tally.games = 1;
        state.tally.wins[2] = 1;
        state.tally.lengths = vec![0, 0, 1];
        let mut records = vec![
            CellRecord::new(0, "mayor", &CellState::new(2)),
            CellRecord::new(1, "mayor", &state),
        ];
        // Seconds are written but not sealed.
        records[1].wall_seconds = 1.5;
        let whole = Partial::new(manifest.clone(), records.clone()).to_json();
        let mut streamed = Vec::new();
        let bytes = records
            .iter()
            .map(|r| (Cow::Owned(serde_json::to_vec(r).unwrap()), r.digest()));
        write_partial(&mut streamed, manifest, bytes).unwrap();
        assert_eq!(
            String::from_utf8(streamed).unwrap(),
            String::from_utf8(whole).unwrap()
        );
    }
}
