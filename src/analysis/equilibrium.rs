//! Optimal play in games of chance with decisions: every seat maximising
//! its own objective (its chance of winning, or its expected money)
//! against the others doing the same, over every state reachable from
//! the start whatever the seats choose.
//!
//! The states are listed as for exact play ([`crate::analysis::exact`]),
//! but a decision leads to every move's state, not to a policy's. The
//! graph is cut into strongly connected components and each is settled
//! after every component it leads to, so the values past it are known:
//! backward induction, where a component of one state without a loop is
//! one step of it. A component with loops (a thrower who throws his own
//! number is where he was) is settled by strategy iteration: its
//! decisions fixed, its values solved exactly as a small absorbing chain
//! ([`crate::analysis::markov`]) whose exits carry the values found;
//! then each decision switched to a strictly better move for its seat,
//! until none is.

use std::collections::{HashMap, VecDeque};

use rustc_hash::FxHashMap;

use crate::analysis::exact_error::ExactError;
use crate::analysis::exact_limits::{CHANCE_LIMIT, MAX_COMPONENT};
use crate::analysis::markov::{Chain, Edge, components};
use crate::analysis::stage_graph::best;
use crate::core::chance_outcomes::each_branch;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::state_key::StateKey;

/// What a seat plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Objective {
    /// Its chance of winning alone (a draw counts as no win).
    Win,
    /// Its expected payoff, in stake units.
    Payoff,
}

impl Objective {
    /// The objective as `optimal`'s parameter names it: none or `win`,
    /// or `payoff`.
    pub fn parse(param: Option<&str>) -> Option<Objective> {
        match param.map(str::trim) {
            None | Some("win") => Some(Objective::Win),
            Some("payoff") => Some(Objective::Payoff),
            Some(_) => None,
        }
    }

    /// The name `optimal:` takes.
    pub fn name(self) -> &'static str {
        match self {
            Objective::Win => "win",
            Objective::Payoff => "payoff",
        }
    }
}

/// The optimal choice at every decision reachable from the start, and
/// the value of the start.
#[derive(Clone, Debug)]
pub struct Strategy {
    choices: FxHashMap<StateKey, u32>,
    /// The choice at each state by its number (0 where no one decides).
    picks: Vec<u32>,
    /// Each seat's objective at the start, under optimal play by all.
    pub value: Vec<f64>,
    /// How many states are reachable.
    pub states: usize,
}

impl Strategy {
    /// The index, among the state's legal moves in the game's order, of
    /// the optimal one; `None` for a state not reachable from the start.
    pub fn choice(&self, key: &StateKey) -> Option<usize> {
        self.choices.get(key).map(|&c| c as usize)
    }

    /// The index of the optimal move at the decision state numbered
    /// `state` (as [`equilibrium_visiting`] showed it).
    pub fn pick(&self, state: usize) -> usize {
        self.picks[state] as usize
    }

    /// How many decision states the strategy covers.
    pub fn decisions(&self) -> usize {
        self.choices.len()
    }
}

/// A state of the full graph.
enum Node {
    Chance(Vec<Edge>),
    Decide { seat: usize, next: Vec<usize> },
    Over(Vec<f64>),
}

/// The most rounds of strategy iteration in one component: each round
/// strictly improves some seat's value, so a component that has not
/// settled by then is cycling among equals.
const MAX_ROUNDS: usize = 1_000;

/// The optimal strategy of every seat from `start` for `objective`,
/// refusing more than `limit` reachable states.
///
/// ```
/// use ludus::analysis::equilibrium::{Objective, equilibrium};
/// use ludus::core::game::Game;
/// use ludus::core::options::Options;
/// use ludus::games::dice::half_hazard::HalfHazard;
/// let given = [("rounds".to_string(), "1".to_string())];
/// let o = Options::resolve(HalfHazard::option_specs(), &given).unwrap();
/// let s = equilibrium(&HalfHazard::new(&o).unwrap(), Objective::Payoff, 1_000_000).unwrap();
/// // One turn: the thrower's edge in money, and the other's loss, agree.
/// assert!((s.value[0] + s.value[1]).abs() < 1e-9);
/// ```
pub fn equilibrium<G: Game>(
    start: &G,
    objective: Objective,
    limit: usize,
) -> Result<Strategy, ExactError> {
    equilibrium_visiting(start, objective, limit, |_, _| {})
}

/// [`equilibrium`], showing `visit` each decision state as it is listed,
/// with its number; [`Strategy::pick`] then gives that state's choice.
pub fn equilibrium_visiting<G: Game>(
    start: &G,
    objective: Objective,
    limit: usize,
    visit: impl FnMut(usize, &G),
) -> Result<Strategy, ExactError> {
    let (nodes, keys) = graph(start, objective, limit, visit)?;
    let players = start.players();
    let mut values: Vec<Vec<f64>> = vec![Vec::new(); nodes.len()];
    let mut picks: Vec<u32> = vec![0; nodes.len()];
    // Tarjan's order: each component after every one it leads to.
    let mut shape = Chain::new(0);
    for node in &nodes {
        let to: Vec<usize> = match node {
            Node::Chance(edges) => edges.iter().map(|e| e.to).collect(),
            Node::Decide { next, .. } => next.clone(),
            Node::Over(_) => Vec::new(),
        };
        shape.push_transient(
            to.into_iter()
                .map(|to| Edge {
                    to,
                    probability: 0.0,
                    reward: 0.0,
                })
                .collect(),
        );
    }
    for component in components(&shape) {
        settle(&nodes, &component, players, &mut values, &mut picks)?;
    }
    let choices = keys
        .into_iter()
        .enumerate()
        .filter(|(i, _)| matches!(nodes[*i], Node::Decide { .. }))
        .map(|(i, key)| (key, picks[i]))
        .collect();
    Ok(Strategy {
        choices,
        picks,
        value: values[0].clone(),
        states: nodes.len(),
    })
}

/// Every state reachable from `start` whatever the seats choose, with
/// each finished state's objective per seat, and the states' keys.
fn graph<G: Game>(
    start: &G,
    objective: Objective,
    limit: usize,
    mut visit: impl FnMut(usize, &G),
) -> Result<(Vec<Node>, Vec<StateKey>), ExactError> {
    let mut key = StateKey::default();
    if !start.rules_key(&mut key) {
        return Err(ExactError::NoStateKey { game: G::NAME });
    }
    // Refused at once where the rules make it certain, as exact does.
    if start.states_at_least() > limit as u64 {
        return Err(ExactError::TooManyStates { limit });
    }
    let mut index: FxHashMap<StateKey, usize> = FxHashMap::default();
    index.insert(key.clone(), 0);
    let mut keys = vec![key];
    let mut queue: VecDeque<G> = VecDeque::from([start.clone()]);
    let mut nodes = Vec::new();
    let mut moves = Vec::new();
    let mut key = StateKey::default();
    while let Some(game) = queue.pop_front() {
        let mut find = |after: &G| -> usize {
            key.clear();
            after.rules_key(&mut key);
            *index.entry(key.clone()).or_insert_with(|| {
                keys.push(key.clone());
                queue.push_back(after.clone());
                keys.len() - 1
            })
        };
        let node = match game.turn() {
            Turn::Over => {
                let outcome = game.outcome().ok_or(ExactError::NoOutcome)?;
                Node::Over(
                    (0..game.players())
                        .map(|s| match objective {
                            Objective::Win => f64::from(u8::from(outcome.sole_winner() == Some(s))),
                            Objective::Payoff => game.payoff(s) as f64,
                        })
                        .collect(),
                )
            }
            Turn::Chance => {
                let mut edges: Vec<Edge> = Vec::new();
                each_branch(&game, CHANCE_LIMIT, |probability, after| {
                    let to = find(after);
                    match edges.iter_mut().find(|e| e.to == to) {
                        Some(e) => e.probability += probability,
                        None => edges.push(Edge {
                            to,
                            probability,
                            reward: 0.0,
                        }),
                    }
                })?;
                Node::Chance(edges)
            }
            Turn::Decide(seat) => {
                visit(nodes.len(), &game);
                game.legal_moves(&mut moves);
                let next = moves
                    .iter()
                    .map(|&mv| {
                        let mut after = game.clone();
                        after.play(mv, &mut Silent);
                        find(&after)
                    })
                    .collect();
                Node::Decide { seat, next }
            }
        };
        nodes.push(node);
        if index.len() > limit {
            return Err(ExactError::TooManyStates { limit });
        }
    }
    Ok((nodes, keys))
}

/// Settles one component, every state it leads to outside it settled.
fn settle(
    nodes: &[Node],
    component: &[usize],
    players: usize,
    values: &mut [Vec<f64>],
    picks: &mut [u32],
) -> Result<(), ExactError> {
    if let [state] = *component {
        let looped = match &nodes[state] {
            Node::Chance(edges) => edges.iter().any(|e| e.to == state),
            Node::Decide { next, .. } => next.contains(&state),
            Node::Over(_) => false,
        };
        if !looped {
            values[state] = step_value(&nodes[state], players, values, picks, state);
            return Ok(());
        }
    }
    if component.len() > MAX_COMPONENT {
        return Err(ExactError::Markov(
            crate::analysis::markov_error::MarkovError::TooLarge {
                states: component.len(),
                limit: MAX_COMPONENT,
            },
        ));
    }
    for _ in 0..MAX_ROUNDS {
        solve_component(nodes, component, players, values, picks)?;
        let mut switched = false;
        for &s in component {
            if let Node::Decide { seat, next } = &nodes[s] {
                let current = values[next[picks[s] as usize]][*seat];
                let (best, value) = best_move(next, *seat, values);
                if value > current + 1e-12 * current.abs().max(1.0) {
                    picks[s] = best as u32;
                    switched = true;
                }
            }
        }
        if !switched {
            return Ok(());
        }
    }
    Err(ExactError::NotSettled {
        states: component.len(),
        rounds: MAX_ROUNDS,
    })
}

/// The value of a state without a loop of its own: a finished game's, a
/// throw's expectation, or a decision's best move (which it picks).
fn step_value(
    node: &Node,
    players: usize,
    values: &[Vec<f64>],
    picks: &mut [u32],
    state: usize,
) -> Vec<f64> {
    match node {
        Node::Over(v) => v.clone(),
        Node::Chance(edges) => {
            let mut v = vec![0.0; players];
            for e in edges {
                for (acc, x) in v.iter_mut().zip(&values[e.to]) {
                    *acc += e.probability * x;
                }
            }
            v
        }
        Node::Decide { seat, next } => {
            let (best, _) = best_move(next, *seat, values);
            picks[state] = best as u32;
            values[next[best]].clone()
        }
    }
}

/// The first of the moves best for `seat`, and its value to it. Moves
/// within rounding of the best (1e-12 of it) are equals: which of two
/// moves worth the same is first must not hang on the order in which
/// their chances were added up, or the payoff that goes with the choice
/// (which the win objective does not weigh) would.
fn best_move(next: &[usize], seat: usize, values: &[Vec<f64>]) -> (usize, f64) {
    let value = |to: usize| values[to].get(seat).copied().unwrap_or(f64::NEG_INFINITY);
    let i = best(next.iter().map(|&to| value(to)));
    (i, next.get(i).map_or(f64::NEG_INFINITY, |&to| value(to)))
}

/// Solves a component's values with its decisions as picked: a small
/// absorbing chain, its states first, then one absorbing state per state
/// outside that it leads to, holding that state's values.
fn solve_component(
    nodes: &[Node],
    component: &[usize],
    players: usize,
    values: &mut [Vec<f64>],
    picks: &[u32],
) -> Result<(), ExactError> {
    let local: HashMap<usize, usize> = component.iter().enumerate().map(|(i, &s)| (s, i)).collect();
    let mut exits: Vec<usize> = Vec::new();
    let mut exit_of: HashMap<usize, usize> = HashMap::new();
    let mut target = |to: usize| -> usize {
        if let Some(&i) = local.get(&to) {
            return i;
        }
        *exit_of.entry(to).or_insert_with(|| {
            exits.push(to);
            component.len() + exits.len() - 1
        })
    };
    let mut chain = Chain::new(players);
    let mut rows = Vec::with_capacity(component.len());
    for &s in component {
        let edges: Vec<Edge> = match &nodes[s] {
            Node::Chance(edges) => edges
                .iter()
                .map(|e| Edge {
                    to: target(e.to),
                    ..*e
                })
                .collect(),
            Node::Decide { next, .. } => vec![Edge {
                to: target(next[picks[s] as usize]),
                probability: 1.0,
                reward: 0.0,
            }],
            Node::Over(_) => unreachable!("a finished game is a component of its own"),
        };
        rows.push(edges);
    }
    for edges in rows {
        chain.push_transient(edges);
    }
    for &e in &exits {
        chain.push_absorbing(values[e].clone());
    }
    let solved = chain.solve(MAX_COMPONENT)?;
    for (i, &s) in component.iter().enumerate() {
        values[s] = solved.values(i).to_vec();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::best_move;

    /// Two moves worth the same but for rounding are equals, the first in
    /// the game's order chosen, whichever rounding made the larger: Half
    /// Hazard's three turns both optimal gave seat 1 2.73682 or 2.74748
    /// units a game by the order a throw's chances were added.
    #[test]
    fn moves_equal_but_for_rounding_are_equals() {
        let values = vec![vec![0.5, 1.0], vec![0.5 + 1e-16, -1.0], vec![0.4, 2.0]];
        assert_eq!(best_move(&[0, 1, 2], 0, &values).0, 0);
        assert_eq!(best_move(&[1, 0, 2], 0, &values).0, 0);
        // A move better by more than rounding is taken.
        let values = vec![vec![0.5], vec![0.5 + 1e-9]];
        assert_eq!(best_move(&[0, 1], 0, &values).0, 1);
        assert_eq!(best_move(&[1, 0], 0, &values).0, 0);
    }
}
