//! Exact play of a game solved by stages
//! ([`crate::analysis::staged_equilibrium`]), some seats playing its
//! equilibrium and the others policies that decide by the stage alone
//! (`random`, `threshold:K`): each seat's chance of winning, drawing and
//! losing, its expected payoff and the expected length, settled start by
//! start as the equilibrium was, every choice now fixed.
//!
//! The stages are listed again with every state a policy tells apart (a
//! turn's hazards, which `threshold:K` counts) where a policy reads more
//! than the rules; an equilibrium seat's choice at such a state is its
//! choice at the state the rules see. The length's distribution is not
//! found so (its tail is the whole chance); the mean is.

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::analysis::exact::{Exact, SeatOdds};
use crate::analysis::exact_error::ExactError;
use crate::analysis::reward_distribution::RewardDistribution;
use crate::analysis::stage_graph::{Choice, Chooser, Kind, Settling, StageGraph};
use crate::analysis::staged_equilibrium::{PER_SEAT, StagedStrategy, terminal};
use crate::core::game::Turn;
use crate::core::policy::Policy;
use crate::core::stages::Stages;
use crate::core::state_key::StateKey;

/// Who plays a seat.
pub enum StagedSeat<'a, G> {
    /// The equilibrium, as solved.
    Optimal(&'a StagedStrategy<G>),
    /// A policy that decides by what a stage keeps
    /// ([`Policy::stage_local`]) and whose choice is a known distribution.
    Policy(&'a dyn Policy<G>),
}

/// A stage as the seats play it: listed finely where a policy asks, each
/// decision's choice for every policy seat, and for the equilibrium
/// seats the decision's number in the stage as the equilibrium listed it.
struct PlayedStage<G> {
    graph: StageGraph<G>,
    /// Each decision's chances of each move, for policy seats: `mixes`
    /// from `mix_first[slot]`.
    mix_first: Vec<u32>,
    mixes: Vec<f64>,
    /// Each decision's slot in the equilibrium's graph of the stage.
    coarse: Vec<u32>,
}

/// The choices of the seats at one start.
struct AtStart<'a, G> {
    /// Each seat's equilibrium, `None` for a policy's seat.
    seats: &'a [Option<&'a StagedStrategy<G>>],
    stage: &'a PlayedStage<G>,
    start: usize,
}

impl<G> Chooser for AtStart<'_, G> {
    fn choice(&self, seat: usize, slot: u32) -> Choice<'_> {
        match self.seats[seat] {
            Some(s) => Choice::Move(s.pick(self.start, self.stage.coarse[slot as usize])),
            None => {
                let a = self.stage.mix_first[slot as usize] as usize;
                let b = self.stage.mix_first[slot as usize + 1] as usize;
                Choice::Mixed(&self.stage.mixes[a..b])
            }
        }
    }
}

/// The exact result of play by `seats` from the start their equilibrium
/// seats were solved from, listing at most `limit` states in all.
pub fn staged_exact<G: Stages>(
    seats: &[StagedSeat<'_, G>],
    limit: usize,
) -> Result<Exact, ExactError> {
    let solved = seats
        .iter()
        .find_map(|s| match s {
            StagedSeat::Optimal(s) => Some(*s),
            StagedSeat::Policy(_) => None,
        })
        .expect("a seat plays the equilibrium");
    let starts = &solved.starts;
    let players = starts.players;
    for seat in seats {
        match seat {
            StagedSeat::Optimal(s) if s.starts.games.len() != starts.games.len() => {
                return Err(ExactError::StageNotReached);
            }
            StagedSeat::Policy(p) if !p.stage_local() || !p.knows_distribution() => {
                return Err(ExactError::NoStagedDistribution);
            }
            _ => {}
        }
    }
    let rules_only = seats.iter().all(|s| match s {
        StagedSeat::Optimal(_) => true,
        StagedSeat::Policy(p) => p.reads_rules_only(),
    });
    // Each start's stage as played, listed once for every start that
    // plays it apart alike.
    let mut stages: Vec<PlayedStage<G>> = Vec::new();
    let mut by_key: FxHashMap<StateKey, u32> = FxHashMap::default();
    let mut stage_of = Vec::with_capacity(starts.games.len());
    let mut listed = starts.games.len();
    let mut key = StateKey::default();
    let mut moves = Vec::new();
    for (s, game) in starts.games.iter().enumerate() {
        let apart = game.stage();
        let root = apart.as_ref().unwrap_or(game);
        // Stages are told apart as the equilibrium told them: what the
        // rules key leaves out at a stage's start (a turn's hazards,
        // counted again from its first throw) no policy that decides by
        // the stage reads in it.
        key.clear();
        root.rules_key(&mut key);
        if let (Some(&n), Some(_)) = (by_key.get(&key), &apart) {
            stage_of.push(n);
            continue;
        }
        let mut deciders = Vec::new();
        let graph = StageGraph::list_in(
            root,
            limit.saturating_sub(listed),
            rules_only,
            Some(&mut deciders),
        )?;
        listed += graph.len();
        if listed > limit {
            return Err(ExactError::TooManyStates { limit });
        }
        let equilibrium = &starts.graphs[starts.graph_of[s] as usize];
        let coarse_slot: FxHashMap<&StateKey, u32> = equilibrium
            .decider_keys
            .iter()
            .enumerate()
            .map(|(i, k)| (k, i as u32))
            .collect();
        let mut stage = PlayedStage {
            mix_first: vec![0],
            mixes: Vec::new(),
            coarse: Vec::with_capacity(deciders.len()),
            graph,
        };
        let mut out = Vec::new();
        for (slot, d) in deciders.iter().enumerate() {
            let state = stage.graph.deciders[slot] as usize;
            let Kind::Decide { seat, .. } = stage.graph.kind(state) else {
                unreachable!("a decision");
            };
            match &seats[seat] {
                StagedSeat::Optimal(_) => {
                    let k = &stage.graph.decider_keys[slot];
                    let c = *coarse_slot.get(k).ok_or(ExactError::StageNotReached)?;
                    stage.coarse.push(c);
                }
                StagedSeat::Policy(p) => {
                    stage.coarse.push(0);
                    d.legal_moves(&mut moves);
                    if !p.distribution(d, &moves, &mut out) {
                        return Err(ExactError::NoStagedDistribution);
                    }
                    stage.mixes.extend_from_slice(&out);
                }
            }
            stage.mix_first.push(stage.mixes.len() as u32);
        }
        stages.push(stage);
        let n = (stages.len() - 1) as u32;
        if apart.is_some() {
            by_key.insert(key.clone(), n);
        }
        stage_of.push(n);
    }
    let optimal: Vec<Option<&StagedStrategy<G>>> = seats
        .iter()
        .map(|s| match s {
            StagedSeat::Optimal(s) => Some(*s),
            StagedSeat::Policy(_) => None,
        })
        .collect();
    let width = players * PER_SEAT + 1;
    let length = players * PER_SEAT;
    let mut values = vec![0.0; starts.games.len() * width];
    for level in starts.levels() {
        let settled: Vec<Result<Vec<f64>, ExactError>> = level
            .par_iter()
            .map_init(Settling::default, |settling, &s| {
                let s = s as usize;
                let stage = &stages[stage_of[s] as usize];
                let game = &starts.games[s];
                let apart = game.stage();
                stage.graph.prepare(settling, width);
                let mut key = StateKey::default();
                let mut t = Vec::new();
                for (n, end) in stage.graph.ends.iter().enumerate() {
                    let after = match &apart {
                        Some(a) => game.after_stage(a, end),
                        None => end.clone(),
                    };
                    let state = stage.graph.end_state(n);
                    let slot = &mut settling.values[state * width..(state + 1) * width];
                    if after.turn() == Turn::Over {
                        let outcome = after.outcome().ok_or(ExactError::NoOutcome)?;
                        t.clear();
                        terminal(&after, &outcome, &mut t);
                        slot[..length].copy_from_slice(&t);
                        slot[length] = 0.0;
                    } else {
                        key.clear();
                        after.rules_key(&mut key);
                        let id =
                            *starts.index.get(&key).ok_or(ExactError::StageNotReached)? as usize;
                        slot.copy_from_slice(&values[id * width..(id + 1) * width]);
                    }
                }
                let chooser = AtStart {
                    seats: &optimal,
                    stage,
                    start: s,
                };
                stage.graph.settle(settling, &chooser, Some(length))?;
                Ok(settling.of(0).to_vec())
            })
            .collect();
        for (&s, v) in level.iter().zip(settled) {
            let s = s as usize;
            values[s * width..(s + 1) * width].copy_from_slice(&v?);
        }
    }
    let root = &values[..width];
    Ok(Exact {
        seats: (0..players)
            .map(|s| {
                let v = &root[s * PER_SEAT..(s + 1) * PER_SEAT];
                SeatOdds {
                    win: v[0],
                    draw: v[1],
                    loss: v[2],
                    payoff: v[3],
                }
            })
            .collect(),
        mean_length: root[length],
        length: RewardDistribution {
            probabilities: Vec::new(),
            tail: 1.0,
        },
        states: listed,
        fractions: None,
        length_sought: false,
    })
}
