//! Optimal play of a game that falls into stages
//! ([`crate::core::stages::Stages`]), too large to list whole: Half
//! Hazard's ten turns reach millions of states, every choice open, but
//! only some 26,000 turn starts, and a turn's play depends on its pot, not
//! on the purses. Each turn is listed once for every pot as it is played
//! apart ([`StageGraph`]); each turn start is then settled, last turns
//! first, the values of the turn's ends those of the starts they lead to:
//! backward induction over the turn starts, and within a turn over its
//! states as [`crate::analysis::equilibrium`] does for a whole game. The
//! values and choices are those of the whole game's equilibrium (tested
//! against it where both can be solved).
//!
//! The starts must lead to one another without a loop (a turn counter
//! that only grows): where they do not, [`staged_equilibrium`] says so
//! and the whole game is solved instead.

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::analysis::equilibrium::Objective;
use crate::analysis::exact_error::ExactError;
use crate::analysis::stage_graph::{Choice, Chooser, Settling, StageGraph};
use crate::core::game::Turn;
use crate::core::stages::Stages;
use crate::core::state_key::StateKey;

/// Where an end of a stage leads: a stage start, or a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The start numbered so.
    Start(u32),
    /// The finished game numbered so among the terminals.
    Over(u32),
}

pub use crate::analysis::exact::{PER_SEAT, terminal_values as terminal};

/// The stage starts reachable from a game's start, every choice open,
/// each with its stage's graph and where each of its ends leads.
#[derive(Debug)]
pub struct StageStarts<G> {
    /// Each start's number, by its key ([`Game::rules_key`](crate::core::game::Game::rules_key)).
    pub index: FxHashMap<StateKey, u32>,
    /// The starts, by number (the game's start first).
    pub games: Vec<G>,
    /// Each start's stage graph, by number.
    pub graph_of: Vec<u32>,
    /// The stage graphs, each listed once for every start that plays it
    /// apart alike.
    pub graphs: Vec<StageGraph<G>>,
    /// Where each start's `n`-th end leads: `next[next_first[s] + n]`.
    pub next_first: Vec<u32>,
    /// See `next_first`.
    pub next: Vec<Next>,
    /// Each finished game's values ([`PER_SEAT`] a seat), flat.
    pub terminals: Vec<f64>,
    /// The starts in an order that settles each after every one it leads to.
    pub order: Vec<u32>,
    /// How many seats.
    pub players: usize,
    /// How many states were listed: the starts and every graph's states.
    pub states: usize,
}

/// Each seat's `objective` in a finished game, from its terminal values
/// ([`terminal`]).
fn objective_values(objective: Objective, terminal: &[f64], out: &mut [f64]) {
    for (s, v) in out.iter_mut().enumerate() {
        *v = match objective {
            Objective::Win => terminal[s * PER_SEAT],
            Objective::Payoff => terminal[s * PER_SEAT + 3],
        };
    }
}

impl<G: Stages> StageStarts<G> {
    /// Lists the stage starts from `start`, refusing more than `limit`
    /// states in all; `Ok(None)` where the game has no stages to play
    /// apart, or its starts lead round into one another.
    pub fn list(start: &G, limit: usize) -> Result<Option<StageStarts<G>>, ExactError> {
        let mut key = StateKey::default();
        if !start.rules_key(&mut key) {
            return Err(ExactError::NoStateKey { game: G::NAME });
        }
        let mut s = StageStarts {
            index: FxHashMap::default(),
            games: vec![start.clone()],
            graph_of: Vec::new(),
            graphs: Vec::new(),
            next_first: vec![0],
            next: Vec::new(),
            terminals: Vec::new(),
            order: Vec::new(),
            players: start.players(),
            states: 1,
        };
        s.index.insert(key.clone(), 0);
        let mut by_apart: FxHashMap<StateKey, u32> = FxHashMap::default();
        let mut apart_seen = false;
        let mut at = 0;
        while at < s.games.len() {
            let game = s.games[at].clone();
            let apart = game.stage();
            apart_seen |= apart.is_some();
            let root = apart.as_ref().unwrap_or(&game);
            key.clear();
            root.rules_key(&mut key);
            let graph = match by_apart.get(&key) {
                Some(&g) if apart.is_some() => g,
                _ => {
                    let left = limit.saturating_sub(s.states);
                    let g = StageGraph::list(root, left).map_err(|e| match e {
                        ExactError::TooManyStates { .. } => ExactError::TooManyStates { limit },
                        e => e,
                    })?;
                    s.states += g.len();
                    s.graphs.push(g);
                    let n = (s.graphs.len() - 1) as u32;
                    if apart.is_some() {
                        by_apart.insert(key.clone(), n);
                    }
                    n
                }
            };
            s.graph_of.push(graph);
            for end in &s.graphs[graph as usize].ends {
                let after = match &apart {
                    Some(a) => game.after_stage(a, end),
                    None => end.clone(),
                };
                let next = if after.turn() == Turn::Over {
                    let outcome = after.outcome().ok_or(ExactError::NoOutcome)?;
                    let n = s.terminals.len() / (PER_SEAT * s.players);
                    terminal(&after, &outcome, &mut s.terminals);
                    Next::Over(n as u32)
                } else {
                    key.clear();
                    after.rules_key(&mut key);
                    let n = s.games.len() as u32;
                    let id = *s.index.entry(key.clone()).or_insert(n);
                    if id == n {
                        s.games.push(after);
                        s.states += 1;
                    }
                    Next::Start(id)
                };
                s.next.push(next);
            }
            s.next_first.push(s.next.len() as u32);
            if s.states > limit {
                return Err(ExactError::TooManyStates { limit });
            }
            at += 1;
        }
        if !apart_seen {
            return Ok(None);
        }
        match s.settling_order() {
            Some(order) => s.order = order,
            None => return Ok(None),
        }
        Ok(Some(s))
    }

    /// The starts by level, lowest first: a start's level is one more
    /// than the highest of the starts it leads to (0 for none).
    pub fn levels(&self) -> Vec<Vec<u32>> {
        let mut level = vec![0u32; self.games.len()];
        let mut levels: Vec<Vec<u32>> = Vec::new();
        for &s in &self.order {
            let l = self
                .ends_of(s as usize)
                .iter()
                .filter_map(|n| match *n {
                    Next::Start(t) => Some(level[t as usize] + 1),
                    Next::Over(_) => None,
                })
                .max()
                .unwrap_or(0);
            level[s as usize] = l;
            if levels.len() <= l as usize {
                levels.resize(l as usize + 1, Vec::new());
            }
            levels[l as usize].push(s);
        }
        levels
    }

    /// Where start `s`'s ends lead.
    pub fn ends_of(&self, s: usize) -> &[Next] {
        &self.next[self.next_first[s] as usize..self.next_first[s + 1] as usize]
    }

    /// The starts, each after every start it leads to (a depth-first
    /// search's finishing order); `None` where they lead round.
    fn settling_order(&self) -> Option<Vec<u32>> {
        // 0: not met, 1: on the path, 2: finished.
        let mut mark = vec![0u8; self.games.len()];
        let mut order = Vec::with_capacity(self.games.len());
        let mut stack: Vec<(u32, u32)> = vec![(0, 0)];
        mark[0] = 1;
        while let Some(&mut (s, ref mut i)) = stack.last_mut() {
            let ends = self.ends_of(s as usize);
            match ends.get(*i as usize) {
                Some(&next) => {
                    *i += 1;
                    if let Next::Start(t) = next {
                        match mark[t as usize] {
                            0 => {
                                mark[t as usize] = 1;
                                stack.push((t, 0));
                            }
                            1 => return None,
                            _ => {}
                        }
                    }
                }
                None => {
                    mark[s as usize] = 2;
                    order.push(s);
                    stack.pop();
                }
            }
        }
        Some(order)
    }

    /// Sets the values of every end of start `s`'s graph in `into`, `width`
    /// a state: a start's from `values` (`width` a start), a finished
    /// game's as `finished` makes them from its terminal values.
    pub fn fill_ends(
        &self,
        s: usize,
        into: &mut Settling,
        values: &[f64],
        width: usize,
        finished: &dyn Fn(&[f64], &mut [f64]),
    ) {
        let graph = &self.graphs[self.graph_of[s] as usize];
        graph.prepare(into, width);
        let t = PER_SEAT * self.players;
        for (n, next) in self.ends_of(s).iter().enumerate() {
            let state = graph.end_state(n);
            let slot = &mut into.values[state * width..(state + 1) * width];
            match *next {
                Next::Start(id) => {
                    slot.copy_from_slice(&values[id as usize * width..(id as usize + 1) * width]);
                }
                Next::Over(k) => {
                    finished(&self.terminals[k as usize * t..(k as usize + 1) * t], slot)
                }
            }
        }
    }
}

/// A start's values and the choices of its stage, settled.
type Settled = (Vec<f64>, Vec<u32>);

/// Every seat for its objective, the values holding each seat's.
struct Optimising;

impl Chooser for Optimising {
    fn choice(&self, seat: usize, _slot: u32) -> Choice<'_> {
        Choice::Best(seat)
    }
}

/// The equilibrium of a game in stages: each start's values and, for
/// each start, the choice at each decision of its stage.
#[derive(Debug)]
pub struct StagedStrategy<G> {
    /// The stage starts.
    pub starts: StageStarts<G>,
    /// What every seat plays for.
    pub objective: Objective,
    /// Each start's value to each seat, `players` a start.
    pub values: Vec<f64>,
    /// Where each start's choices begin in `picks`.
    pub picks_first: Vec<u32>,
    /// The move chosen at each decision of each start's stage, by slot.
    pub picks: Vec<u8>,
}

impl<G> StagedStrategy<G> {
    /// Each seat's objective at the game's start under optimal play.
    pub fn value(&self) -> Vec<f64> {
        self.values[..self.starts.players].to_vec()
    }

    /// The move chosen at the decision `slot` of start `s`'s stage.
    pub fn pick(&self, s: usize, slot: u32) -> u32 {
        u32::from(self.picks[self.picks_first[s] as usize + slot as usize])
    }
}

/// The equilibrium of the game from `start` for `objective`, solved by
/// stages, listing at most `limit` states; `Ok(None)` where the game
/// cannot be solved so ([`StageStarts::list`]).
pub fn staged_equilibrium<G: Stages>(
    start: &G,
    objective: Objective,
    limit: usize,
) -> Result<Option<StagedStrategy<G>>, ExactError> {
    let Some(starts) = StageStarts::list(start, limit)? else {
        return Ok(None);
    };
    let players = starts.players;
    let n = starts.games.len();
    let mut picks_first = Vec::with_capacity(n + 1);
    let mut total = 0u64;
    for s in 0..n {
        picks_first.push(total as u32);
        total += u64::from(starts.graphs[starts.graph_of[s] as usize].decisions);
    }
    if total > u64::from(u32::MAX) {
        return Err(ExactError::TooManyStates { limit });
    }
    picks_first.push(total as u32);
    let mut picks = vec![0u8; total as usize];
    let mut values = vec![0.0; n * players];
    let pick_of = |t: &[f64], out: &mut [f64]| objective_values(objective, t, out);
    // The starts of one level lead only to lower ones: settled side by
    // side, each alone as it would be on one thread.
    for level in starts.levels() {
        let settled: Vec<Result<Settled, ExactError>> = level
            .par_iter()
            .map_init(Settling::default, |settling, &s| {
                let s = s as usize;
                starts.fill_ends(s, settling, &values, players, &pick_of);
                let graph = &starts.graphs[starts.graph_of[s] as usize];
                graph.settle(settling, &Optimising, None)?;
                Ok((settling.of(0).to_vec(), settling.picks.clone()))
            })
            .collect();
        for (&s, result) in level.iter().zip(settled) {
            let (value, chosen) = result?;
            let s = s as usize;
            values[s * players..(s + 1) * players].copy_from_slice(&value);
            let at = picks_first[s] as usize;
            for (slot, m) in chosen.into_iter().enumerate() {
                // A choice among more than 256 moves is kept by no stage
                // solved so: the whole game is solved instead.
                let Ok(m) = u8::try_from(m) else {
                    return Ok(None);
                };
                picks[at + slot] = m;
            }
        }
    }
    Ok(Some(StagedStrategy {
        starts,
        objective,
        values,
        picks_first,
        picks,
    }))
}

impl<G: Stages> StagedStrategy<G> {
    /// The optimal choice at every decision of the stage in play from
    /// `game` on (a decision within a stage), each by its key
    /// ([`Game::rules_key`](crate::core::game::Game::rules_key)), `game`'s first: the rest of the stage
    /// listed from `game` and settled from the values of the starts it
    /// leads to, as the start of the stage was (the same graph, the same
    /// ends). `None` where it leads to a start not reached from the game's
    /// start: `game` is no state of this game's play.
    pub fn choices_from(&self, game: &G) -> Result<Option<Vec<(StateKey, u32)>>, ExactError> {
        let players = self.starts.players;
        let graph = StageGraph::list(game, usize::MAX)?;
        let mut settling = Settling::default();
        graph.prepare(&mut settling, players);
        let mut key = StateKey::default();
        let mut values = Vec::new();
        for (n, end) in graph.ends.iter().enumerate() {
            let state = graph.end_state(n);
            let slot = &mut settling.values[state * players..(state + 1) * players];
            if end.turn() == Turn::Over {
                let outcome = end.outcome().ok_or(ExactError::NoOutcome)?;
                values.clear();
                terminal(end, &outcome, &mut values);
                objective_values(self.objective, &values, slot);
            } else {
                key.clear();
                end.rules_key(&mut key);
                let Some(&id) = self.starts.index.get(&key) else {
                    return Ok(None);
                };
                let id = id as usize;
                slot.copy_from_slice(&self.values[id * players..(id + 1) * players]);
            }
        }
        graph.settle(&mut settling, &Optimising, None)?;
        Ok(Some(
            graph.decider_keys.into_iter().zip(settling.picks).collect(),
        ))
    }
}
