//! A partial's cells' states, each checked against its cell's plan, and
//! the manifest's counts and missing games checked against them.

use crate::runner::checkpoint::CellState;
use crate::runner::game_ranges::GameRanges;
use crate::runner::shard::Shard;
use crate::store::cell_record::{MAX_LENGTH_ENTRIES, longest_game};
use crate::store::partial::Partial;
use crate::store::partial_error::PartialError;
use crate::store::partial_manifest::MissingGames;

impl Partial {
    /// Every cell's state, checked against the cell's plan (see
    /// [`crate::store::cell_record::CellRecord::state`]), and the manifest's counts against them.
    /// The error names the field (`cells[3].lengths[0]: ...`).
    pub fn states(&self) -> Result<Vec<CellState>, PartialError> {
        let m = &self.manifest;
        if self.cells.len() != m.cell_games.len() {
            return Err(PartialError::at(
                "cells",
                format!(
                    "{} cells, but its experiment has {}",
                    self.cells.len(),
                    m.cell_games.len()
                ),
            ));
        }
        if let Some((i, c)) = self.cells.iter().enumerate().find(|(i, c)| c.cell != *i) {
            return Err(PartialError::at(
                format!("cells[{i}].cell"),
                format!("{}, not {i}", c.cell),
            ));
        }
        let plans = self.plans()?;
        let shard = match m.shard {
            None => None,
            Some(s) => Some(
                Shard::parse(&format!("{}/{}", s.index, s.count))
                    .map_err(|e| PartialError::at("manifest.shard", e.to_string()))?,
            ),
        };
        let mut states = Vec::with_capacity(self.cells.len());
        let (mut planned, mut played) = (0u64, 0u64);
        let mut whole = true;
        let mut entries = 0u64;
        for (i, (c, plan)) in self.cells.iter().zip(&plans).enumerate() {
            let range = shard.map_or(0..plan.cell.games, |s| s.games(plan.cell.games));
            // Each cell's lengths are bounded before its table is made (a
            // length past the bound is its own error); so is their total.
            let need = c.table_entries();
            if need <= longest_game(plan) + 1 {
                entries += need;
                if entries > MAX_LENGTH_ENTRIES {
                    return Err(PartialError::at(
                        format!("cells[{i}].lengths"),
                        format!(
                            "the cells up to this one hold games so long that \
                         their length tables would take more than {MAX_LENGTH_ENTRIES} entries"
                        ),
                    ));
                }
            }
            let s = c
                .state(plan, &range)
                .map_err(|e| e.within(&format!("cells[{i}]")))?;
            planned = planned.saturating_add(range.end - range.start);
            played = played.saturating_add(s.tally.games);
            // A cell played to a precision that stopped short of its most
            // games is whole too.
            let stopped = plan
                .precision
                .is_some_and(|p| p.next_target(&s.done, &s.tally).is_none());
            whole &= stopped || s.done.covers(&GameRanges::from(range));
            states.push(s);
        }
        if m.games_planned != planned {
            return Err(PartialError::at(
                "manifest.games_planned",
                format!("{}, but its cells are to hold {planned}", m.games_planned),
            ));
        }
        if m.games_played != played {
            return Err(PartialError::at(
                "manifest.games_played",
                format!("{}, but its cells hold {played}", m.games_played),
            ));
        }
        if m.complete && !whole {
            return Err(PartialError::at(
                "manifest.complete",
                "true, but games are missing",
            ));
        }
        self.check_missing(&states)?;
        Ok(states)
    }

    /// A merge's list of missing games: none, or exactly the games the
    /// cells lack (and then only for the whole run).
    fn check_missing(&self, states: &[CellState]) -> Result<(), PartialError> {
        let m = &self.manifest;
        if m.missing.is_empty() {
            return Ok(());
        }
        let lacking: Vec<MissingGames> = states
            .iter()
            .zip(&m.cell_games)
            .enumerate()
            .filter_map(|(c, (s, &games))| {
                let lack = GameRanges::from(0..games).minus(&s.done);
                (!lack.is_empty()).then(|| MissingGames {
                    cell: c,
                    ranges: lack.ranges().iter().map(|r| [r.start, r.end]).collect(),
                })
            })
            .collect();
        if m.shard.is_some() || m.missing != lacking {
            return Err(PartialError::at(
                "manifest.missing",
                "not the games its cells lack",
            ));
        }
        Ok(())
    }
}
