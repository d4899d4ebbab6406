//! Calibrated skill: each skill ladder of an experiment
//! ([`crate::plan::skill_ladder`]) played as a short round-robin among
//! its levels and `random`, on common seeds, and rated by the same
//! Bradley-Terry fit as a tournament, `random` at Elo 0. Each rated
//! cell's [`CellPlan::skill_elo`] then holds its level's rating, which
//! metrics.csv writes (`skill_elo`) and the skill chart takes as its
//! x-axis.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use crate::plan::cell_plan::CellPlan;
use crate::plan::skill_ladder::Ladder;
use crate::reports::bradley_terry::fit;
use crate::reports::standings;
use crate::runner::batch::{Ended, Unobserved};
use crate::runner::cell_job::CellJob;
use crate::runner::run_setting_error::RunSettingError;
use crate::runner::tournament;

/// Why a ladder could not be rated: its round-robin stopped.
#[derive(Debug)]
pub enum CalibrationError {
    /// A cell's game could not be set up, or the round-robin refused.
    Setting(String),
    /// A game of the round-robin failed or was interrupted (its words).
    Stopped(String),
}

impl std::fmt::Display for CalibrationError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            CalibrationError::Setting(s) | CalibrationError::Stopped(s) => f.write_str(s),
        }
    }
}

/// Plays every ladder's round-robin on `threads` workers of `pool` and
/// sets each rated cell's [`CellPlan::skill_elo`]; returns how many games
/// were played. A cell rated before (a resumed run in one process) keeps
/// its rating. The ratings depend on the seeds alone, not on the threads.
pub fn calibrate(
    cells: &[CellPlan],
    ladders: &[Ladder],
    pool: &rayon::ThreadPool,
    threads: usize,
    halt: &AtomicBool,
) -> Result<u64, CalibrationError> {
    let mut played = 0;
    for ladder in ladders {
        let t = &ladder.tournament;
        let seatings: Vec<Arc<dyn CellJob>> = t
            .seatings()
            .iter()
            .map(|p| p.job().map(Arc::from))
            .collect::<Result<_, _>>()
            .map_err(|e| CalibrationError::Setting(e.to_string()))?;
        let outcome = tournament::play(
            &t.pairings(),
            &seatings,
            None,
            0..t.games_per_seating,
            pool,
            threads,
            halt,
            &mut Unobserved,
        )
        .map_err(|e: RunSettingError| CalibrationError::Setting(e.to_string()))?;
        match outcome.ended {
            Ended::Complete => {}
            Ended::Failed(f) => {
                return Err(CalibrationError::Stopped(format!(
                    "{} vs {}, game {}: seat {} ({}) failed at ply {}: {}",
                    t.policies[t.pairings()[f.cell].0],
                    t.policies[t.pairings()[f.cell].1],
                    f.game_index,
                    f.seat + 1,
                    f.policy,
                    f.ply,
                    f.message
                )));
            }
            Ended::Interrupted => return Err(CalibrationError::Stopped("stopped".to_string())),
            Ended::Observer(e) => return Err(CalibrationError::Stopped(e)),
        }
        let pairings = standings::pairings(&outcome.pairings);
        played += outcome.pairings.iter().map(|r| r.games()).sum::<u64>();
        // `random` is the ladder's first policy: the anchor.
        let ratings = fit(t.policies.len(), &pairings, 0);
        for (&c, &level) in ladder.cells.iter().zip(&ladder.level_of) {
            let r = ratings[level];
            let _ = cells[c].skill_elo.set([r.elo, r.low, r.high]);
        }
    }
    Ok(played)
}
