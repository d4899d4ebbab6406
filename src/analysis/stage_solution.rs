//! One stage of play solved apart ([`crate::core::stages::Stages`]): where
//! it may end, the chance of each end, its expected length and, for each
//! end, the chance of each length it takes to get there. Solved once for
//! every stage that plays alike: Half Hazard's turns are as many as its
//! pots, not as many as its pots times its pairs of purses.

use crate::analysis::absorption::values_from;
use crate::analysis::branches::{Branching, Listing, add_edge};
use crate::analysis::exact_error::ExactError;
use crate::analysis::exact_limits::{MAX_COMPONENT, MAX_LENGTH, MAX_LENGTH_WORK, SETTLED};
use crate::analysis::markov::Chain;
use crate::analysis::reward_distribution::absorbed_by_total;
use crate::core::game::Turn;
use crate::core::policy::Policy;
use crate::core::stages::Stages;
use rayon::prelude::*;

/// A stage solved apart.
#[derive(Clone, Debug)]
pub struct StageSolution<G> {
    /// The states it may end in (played apart), each with its chance.
    pub ends: Vec<(G, f64)>,
    /// Its expected length.
    pub mean_length: f64,
    /// For each end, the chance of ending there after each length,
    /// lengths ascending; what the count left out is at most
    /// [`SETTLED`] in all.
    pub lengths: Vec<Vec<(u64, f64)>>,
    /// How many states it has, its ends included.
    pub states: usize,
}

/// Solves the stages that begin at `aparts`, each listing at most `limit`
/// states: side by side where every policy can be forked
/// ([`Policy::fork`]), each stage by one thread as [`solve_stage`] alone
/// would, so that the solutions do not depend on the threads; else one
/// after another with `branching`, which counts the outcomes followed
/// either way.
pub fn solve_stages<G: Stages>(
    aparts: &[G],
    policies: &[Box<dyn Policy<G>>],
    branching: &mut Branching<'_, G>,
    limit: usize,
) -> Result<Vec<StageSolution<G>>, ExactError> {
    let forked = || {
        policies
            .iter()
            .map(|p| p.fork())
            .collect::<Option<Vec<_>>>()
    };
    let forks = if aparts.len() > 1 {
        aparts.iter().map(|_| forked()).collect::<Option<Vec<_>>>()
    } else {
        None
    };
    let Some(forks) = forks else {
        return aparts
            .iter()
            .map(|apart| solve_stage(apart, branching, limit))
            .collect();
    };
    let budget = branching.left();
    let solved: Vec<Result<(StageSolution<G>, u64), ExactError>> = aparts
        .par_iter()
        .zip(forks.into_par_iter())
        .map(|(apart, seats)| {
            let mut own = Branching::new(&seats, budget);
            let stage = solve_stage(apart, &mut own, limit)?;
            Ok((stage, budget - own.left()))
        })
        .collect();
    let mut stages = Vec::with_capacity(solved.len());
    for result in solved {
        let (stage, followed) = result?;
        branching.spend(followed)?;
        stages.push(stage);
    }
    Ok(stages)
}

/// Solves the stage that begins at `apart` (from [`Stages::stage`]),
/// listing at most `limit` states.
pub fn solve_stage<G: Stages>(
    apart: &G,
    branching: &mut Branching<'_, G>,
    limit: usize,
) -> Result<StageSolution<G>, ExactError> {
    let mut listing = Listing::new(apart, branching.rules_only())?;
    // Each state's edges, or the number of the end it is.
    let mut nodes: Vec<Result<Vec<_>, usize>> = Vec::new();
    let mut ends = Vec::new();
    while let Some(game) = listing.pop() {
        let started = !nodes.is_empty();
        if started && (game.turn() == Turn::Over || game.stage_begins()) {
            nodes.push(Err(ends.len()));
            ends.push(game);
            continue;
        }
        let mut edges = Vec::new();
        branching.each(&game, false, |after, p, _| {
            let to = listing.number(after);
            add_edge(&mut edges, to, p, f64::from(after.length() - game.length()));
        })?;
        if listing.len() > limit {
            return Err(ExactError::TooManyStates { limit });
        }
        nodes.push(Ok(edges));
    }
    let width = ends.len();
    let mut chain = Chain::new(width);
    let mut end_of = vec![usize::MAX; nodes.len()];
    for (state, node) in nodes.into_iter().enumerate() {
        match node {
            Ok(edges) => {
                chain.push_transient(edges);
            }
            Err(end) => {
                let mut values = vec![0.0; width];
                values[end] = 1.0;
                end_of[state] = end;
                chain.push_absorbing(values);
            }
        }
    }
    let (reached, mean_length) = values_from(&chain, 0, MAX_COMPONENT)?;
    let mut lengths = vec![Vec::new(); width];
    absorbed_by_total(
        &chain,
        0,
        SETTLED,
        MAX_LENGTH,
        MAX_LENGTH_WORK,
        |length, state, p| {
            let counted: &mut Vec<(u64, f64)> = &mut lengths[end_of[state]];
            match counted.last_mut() {
                Some((l, q)) if *l == length => *q += p,
                _ => counted.push((length, p)),
            }
        },
    );
    Ok(StageSolution {
        ends: ends.into_iter().zip(reached).collect(),
        mean_length,
        lengths,
        states: chain.len(),
    })
}
