//! [`AnalysisEntry`]: what `ludus perft`, `solve`, `exact` and `position`
//! ask of a game: counts, solutions and exact odds from a start.

use crate::analysis::analysis_error::AnalysisError;
use crate::analysis::equilibrium::Objective;
use crate::analysis::exact::{self, Bounds, Exact};
use crate::analysis::exact_error::ExactError;
use crate::analysis::perft;
use crate::analysis::position_replay;
use crate::analysis::retrograde::{self, Solution};
use crate::analysis::staged_play::{StagedSeat, staged_exact};
use crate::analysis::start::Start;
use crate::analysis::strategy_table::{StrategyTable, staged_strategy_table, strategy_table};
use crate::core::game::Game;
use crate::core::native_policies::NativePolicies;
use crate::core::options::Options;
use crate::core::policy::Policy;
use crate::core::presentation::Presentation;
use crate::core::record_formats::RecordFormats;
use crate::core::stages::Stages;
use crate::policies::optimal::{Optimal, Solved};
use crate::policies::policy_error::PolicyError;
use crate::policies::policy_spec::PolicySpec;
use crate::runner::entry::Entry;
use std::sync::Arc;

/// What the analysis commands ask of a game.
pub trait AnalysisEntry {
    /// Counts the leaf positions `depth` decisions deep from `start` (a
    /// finished game is a leaf).
    fn perft(&self, start: &Start<'_>, depth: u32) -> Result<u64, AnalysisError>;
    /// Solves the game exactly from `start` (small chance-free games),
    /// refusing more than `limit` positions.
    fn solve(&self, start: &Start<'_>, limit: usize) -> Result<Solution, AnalysisError>;
    /// The exact odds of every seat, its expected payoff and the
    /// distribution of the length, of the game with `options` played by
    /// `seats` (one policy each, every one a known distribution of
    /// choices), refused past `bounds`.
    fn exact(
        &self,
        options: &Options,
        seats: &[PolicySpec],
        bounds: Bounds,
    ) -> Result<Exact, ExactError>;
    /// Optimal play of the game with `options` for `objective`, every
    /// seat optimal, as a table in the game's terms, refusing more than
    /// `limit` reachable states.
    fn strategy(
        &self,
        options: &Options,
        objective: Objective,
        limit: usize,
    ) -> Result<StrategyTable, ExactError>;
    /// Sets up `start`, plays `moves` (written as the game writes them) and
    /// shows the result as text or JSON; an error for a game that has no
    /// positions (the dice games).
    fn position(
        &self,
        start: &Start<'_>,
        moves: &[String],
        json: bool,
    ) -> Result<String, AnalysisError>;
}

impl<G: Game + Presentation + NativePolicies + RecordFormats + Stages> AnalysisEntry for Entry<G> {
    fn perft(&self, start: &Start<'_>, depth: u32) -> Result<u64, AnalysisError> {
        perft::perft(&start.load::<G>()?, depth)
    }
    fn solve(&self, start: &Start<'_>, limit: usize) -> Result<Solution, AnalysisError> {
        retrograde::solve(&start.load::<G>()?, limit)
    }
    fn exact(
        &self,
        options: &Options,
        seats: &[PolicySpec],
        bounds: Bounds,
    ) -> Result<Exact, ExactError> {
        let in_force = G::options_in_force(options)?;
        let game = G::new(options)?;
        // An `optimal` seat of a game solved by stages (too large to list
        // whole) is played by stages too: its solution is kept apart.
        let mut solved: Vec<Option<Arc<Solved<G>>>> = Vec::with_capacity(seats.len());
        let mut policies: Vec<Box<dyn Policy<G>>> = Vec::with_capacity(seats.len());
        for spec in seats {
            // Not built at all: a script's VM or a search costs more
            // than the answer, which is no.
            if spec.searches_or_scripts() {
                return Err(ExactError::NoDistribution {
                    policy: spec.to_string(),
                });
            }
            let refused = |e: PolicyError| {
                // The error may name the policy itself; the message
                // names it once.
                let policy = spec.to_string();
                let reason = e.to_string();
                let reason = reason
                    .strip_prefix(&format!("policy `{policy}`: "))
                    .map_or_else(|| reason.clone(), str::to_string);
                ExactError::Policy { policy, reason }
            };
            let objective = Objective::parse(spec.param.as_deref());
            let policy: Box<dyn Policy<G>> = match objective {
                Some(objective) if spec.name == "optimal" => {
                    let o = Optimal::<G>::new_within(&in_force, objective, bounds.equilibrium)
                        .map_err(refused)?;
                    solved.push(Some(o.solved().clone()));
                    Box::new(o)
                }
                _ => {
                    solved.push(None);
                    spec.build_for::<G>(&in_force).map_err(refused)?
                }
            };
            if !policy.knows_distribution() {
                return Err(ExactError::NoDistribution {
                    policy: spec.to_string(),
                });
            }
            policies.push(policy);
        }
        if solved
            .iter()
            .flatten()
            .any(|s| matches!(**s, Solved::Staged(_)))
        {
            let staged: Vec<StagedSeat<'_, G>> = solved
                .iter()
                .zip(&policies)
                .map(|(s, p)| match s.as_deref() {
                    Some(Solved::Staged(s)) => StagedSeat::Optimal(s),
                    _ => StagedSeat::Policy(p.as_ref()),
                })
                .collect();
            return staged_exact(&staged, bounds.states);
        }
        exact::exact_within(&game, &policies, bounds)
    }
    fn strategy(
        &self,
        options: &Options,
        objective: Objective,
        limit: usize,
    ) -> Result<StrategyTable, ExactError> {
        // As `optimal` solves it: whole where small, else by stages.
        let game = G::new(options)?;
        match Solved::solve(&game, objective, limit)? {
            Solved::Whole(_) => strategy_table(&game, objective, limit),
            Solved::Staged(solved) => staged_strategy_table(&solved, limit),
        }
    }
    fn position(
        &self,
        start: &Start<'_>,
        moves: &[String],
        json: bool,
    ) -> Result<String, AnalysisError> {
        let mut game: G = start.load()?;
        position_replay::replay(&mut game, moves)?;
        position_replay::show(&game, json)
    }
}
