//! A cell of an experiment or a tournament as planned: the game, what the
//! runner plays of it, and where in its file the cell comes from.

use std::sync::OnceLock;

use crate::analysis::equilibrium::Objective;
use crate::analysis::exact::SeatOdds;
use crate::core::option_error::OptionError;
use crate::plan::exact_cache;
use crate::plan::exact_reach::SKILL_EQUILIBRIUM;
use crate::plan::unsolved::Unsolved;
use crate::policies::policy_spec::PolicySpec;
use crate::runner::cell::Cell;
use crate::runner::cell_job::CellJob;
use crate::runner::game_entry::GameEntry;
use crate::runner::precision::{Precision, Stopped};

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
    /// The entry's `label`, if its file gives one: what index.html calls
    /// the entry instead of "entry N".
    pub label: Option<String>,
    /// This cell's point of its entry's sweep, as (key, value) pairs in
    /// the file's order (`seats` among them when seat lists are swept).
    pub swept: Vec<(String, String)>,
    /// The policy parameters among them (`budget` of `seats =
    /// "mcts:{budget}"`), in the same order: the keys that are neither an
    /// option of the game nor `seats`, each a column of the reports.
    pub params: Vec<(String, String)>,
    /// The precision the cell plays to (`games = { until_se, max }`), its
    /// `cell.games` then the most; `None`: it plays `cell.games`.
    pub precision: Option<Precision>,
    /// The cell's exact odds by seat, or why it has none, once asked for
    /// ([`CellPlan::exact_status`]): only what the reports show is kept,
    /// as a sweep may solve 100,000 cells.
    pub exact: OnceLock<Result<Vec<SeatOdds>, Unsolved>>,
    /// Each seat's skill gap ([`CellPlan::skill_gap`]), once asked for.
    pub skill: OnceLock<Vec<Option<f64>>>,
    /// The Elo of the level every seat plays, with its 95% interval
    /// (`[elo, low, high]`, `random` at 0), where the cell is a level of
    /// a skill ladder the run rated ([`crate::run::skill_calibration`]).
    pub skill_elo: OnceLock<[f64; 3]>,
}

pub use crate::plan::exact_reach::CAP_TOLERANCE;

impl CellPlan {
    /// Why the cell's games, which add up to `tally`, are as many as they
    /// are (cells.csv's `stopped`).
    pub fn stopped(&self, tally: &crate::runner::tally::Tally) -> Stopped {
        self.precision.map_or(Stopped::Games, |p| p.stopped(tally))
    }

    /// The cell's games ready to play: its game set up once.
    pub fn job(&self) -> Result<Box<dyn CellJob>, OptionError> {
        self.game.cell_job(&self.cell)
    }

    /// The exact odds and payoffs of the cell's play, where they exist
    /// ([`CellPlan::exact_status`]); `None` otherwise.
    pub fn exact(&self) -> Option<&[SeatOdds]> {
        self.exact_status().ok()
    }

    /// The exact odds and payoffs of the cell's play, solved once for
    /// every cell of the same rules ([`exact_cache`]), or why there are
    /// none: the cell asks for them (`exact`), its seats are policies of
    /// known choices, its states number at most
    /// [`crate::plan::exact_reach::EXACT_LIMIT`], the outcomes followed
    /// stay within its budget ([`Cell::exact_budget`]) and its length cap
    /// cuts off no more than [`CAP_TOLERANCE`] of its games.
    pub fn exact_status(&self) -> Result<&[SeatOdds], &Unsolved> {
        self.exact
            .get_or_init(|| {
                if self.cell.exact_budget == 0 {
                    return Err(Unsolved::Off);
                }
                let cap = self.cell.max_plies;
                let solved = exact_cache::verdict(self.game, &self.cell)?;
                if solved.fits(cap) {
                    Ok(solved.seats)
                } else if !solved.length_sought {
                    Err(Unsolved::Lengths)
                } else {
                    Err(Unsolved::Cap { cap })
                }
            })
            .as_deref()
    }

    /// What seat `s` would gain in its chance of winning alone by playing
    /// `optimal` (the equilibrium for winning) in place of its policy,
    /// every other seat as it is: the exact gap between the two line-ups'
    /// values, each played to its end. 0 where the seat plays `optimal`
    /// already; it may be below 0, as the equilibrium is not the best
    /// reply to every line-up. `None` in every seat unless the cell is
    /// solved ([`CellPlan::exact_status`]) and so is each seat's line-up
    /// with `optimal`, within the cell's bounds and its equilibrium within
    /// [`SKILL_EQUILIBRIUM`] states: one seat's refusal is the others'
    /// too (one equilibrium), and is not paid for again.
    pub fn skill_gap(&self, s: usize) -> Option<f64> {
        let gaps = self.skill.get_or_init(|| {
            let seats = self.cell.seats.len();
            let Ok(own) = self.exact_status() else {
                return vec![None; seats];
            };
            let optimal = PolicySpec {
                name: "optimal".to_string(),
                param: None,
            };
            let gaps: Option<Vec<f64>> = (0..seats)
                .map(|s| {
                    let spec = &self.cell.seats[s];
                    let plays_it = spec.name == "optimal"
                        && Objective::parse(spec.param.as_deref()) == Some(Objective::Win);
                    if plays_it {
                        return Some(0.0);
                    }
                    let mut cell = self.cell.clone();
                    cell.seats[s] = optimal.clone();
                    let solved =
                        exact_cache::verdict_within(self.game, &cell, SKILL_EQUILIBRIUM).ok()?;
                    Some(solved.seats[s].win - own[s].win)
                })
                .collect();
            gaps.map_or_else(|| vec![None; seats], |g| g.into_iter().map(Some).collect())
        });
        gaps.get(s).copied().flatten()
    }
}
