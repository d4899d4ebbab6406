//! The graph of one stage of play ([`crate::core::stages::Stages`]) with
//! every choice open, listed once and settled many times: optimal play of
//! a game in stages ([`crate::analysis::staged_equilibrium`]) lists a
//! turn of Half Hazard once for each pot and settles it once for each pair
//! of purses that begins it, the values of its ends being those of the
//! stages they begin.
//!
//! Settling is backward induction over the graph's strongly connected
//! components, each after every one it leads to; a component with loops
//! (a thrower who throws his own number is where he was) by strategy
//! iteration, its values with its choices fixed solved as a small dense
//! system, as [`crate::analysis::equilibrium`] does for a whole game. The
//! arrays are flat and reused, as a stage is settled some tens of
//! thousands of times.

use crate::analysis::branches::Listing;
use crate::analysis::exact_error::ExactError;
use crate::analysis::exact_limits::{CHANCE_LIMIT, MAX_COMPONENT};
use crate::analysis::markov::{Chain, Edge, components, eliminate};
use crate::analysis::markov_error::MarkovError;
use crate::core::chance_outcomes::each_branch;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::state_key::StateKey;

/// What a state of the stage is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The dice decide; its edges carry their chances.
    Chance,
    /// `seat` decides; its edges are its moves in the game's order, and
    /// `slot` numbers it among the stage's decisions.
    Decide {
        /// The seat to choose.
        seat: usize,
        /// Its number among the decisions, in the order listed.
        slot: u32,
    },
    /// The stage is over: the `n`-th of its ends.
    End(u32),
}

/// A block of the settling order.
#[derive(Clone, Debug)]
enum Block {
    /// A state without a loop of its own.
    One(u32),
    /// States that lead round into one another.
    Loop(Vec<u32>),
}

/// One stage's states, each with its edges, and where it may end.
#[derive(Clone, Debug)]
pub struct StageGraph<G> {
    kinds: Vec<Kind>,
    /// Where each state's edges begin in `to`, `chance` and `length`
    /// (one more entry than states).
    first: Vec<u32>,
    to: Vec<u32>,
    chance: Vec<f64>,
    /// What each edge adds to the game's length.
    length: Vec<f64>,
    /// The ends, as the stage played apart has them.
    pub ends: Vec<G>,
    /// The states of each end, by end.
    end_states: Vec<u32>,
    /// The settling order.
    order: Vec<Block>,
    /// Each state's place in its loop (`u32::MAX` outside one), and
    /// which loop it is in: so that a loop's system finds its own states
    /// at once.
    local: Vec<u32>,
    loop_of: Vec<u32>,
    /// How many states decide.
    pub decisions: u32,
    /// The decision states, by slot.
    pub deciders: Vec<u32>,
    /// Each decision's key ([`Game::rules_key`]), by slot.
    pub decider_keys: Vec<StateKey>,
}

/// The values of a stage's states while it is settled: `width` numbers a
/// state, reused from one settling to the next.
#[derive(Clone, Debug, Default)]
pub struct Settling {
    /// The values, `width` per state.
    pub values: Vec<f64>,
    /// The move chosen at each decision, by slot.
    pub picks: Vec<u32>,
    width: usize,
    // The dense system of a loop and a state's sum, reused.
    matrix: Vec<f64>,
    rhs: Vec<f64>,
    sum: Vec<f64>,
}

impl Settling {
    /// The values of state `s`.
    pub fn of(&self, s: usize) -> &[f64] {
        &self.values[s * self.width..(s + 1) * self.width]
    }
}

/// How a decision is taken while a stage is settled.
#[derive(Clone, Copy, Debug)]
pub enum Choice<'a> {
    /// The seat takes the move best for it by the value at this place
    /// of the values (the first of those within rounding of the best).
    Best(usize),
    /// This move, the `m`-th.
    Move(u32),
    /// Each move with this chance.
    Mixed(&'a [f64]),
}

/// How a stage's decisions are taken while it is settled.
pub trait Chooser {
    /// The choice of `seat` at the decision numbered `slot`.
    fn choice(&self, seat: usize, slot: u32) -> Choice<'_>;
}

impl<G: Game> StageGraph<G> {
    /// Lists the stage that begins at `root`: every state reachable until a
    /// stage begins again or the game is over, every choice open, told
    /// apart by what the rules read ([`Game::rules_key`]); refuses more
    /// than `limit` states.
    pub fn list(root: &G, limit: usize) -> Result<StageGraph<G>, ExactError>
    where
        G: crate::core::stages::Stages,
    {
        Self::list_in(root, limit, true, None)
    }

    /// [`StageGraph::list`], its states told apart by what the rules read
    /// if `rules_only`, else by all a policy may read
    /// ([`Game::state_key`]); each decision's state kept in `games`, by
    /// slot, where given.
    pub fn list_in(
        root: &G,
        limit: usize,
        rules_only: bool,
        mut games: Option<&mut Vec<G>>,
    ) -> Result<StageGraph<G>, ExactError>
    where
        G: crate::core::stages::Stages,
    {
        let mut listing = Listing::new(root, rules_only)?;
        let mut g = StageGraph {
            kinds: Vec::new(),
            first: vec![0],
            to: Vec::new(),
            chance: Vec::new(),
            length: Vec::new(),
            ends: Vec::new(),
            end_states: Vec::new(),
            order: Vec::new(),
            local: Vec::new(),
            loop_of: Vec::new(),
            decisions: 0,
            deciders: Vec::new(),
            decider_keys: Vec::new(),
        };
        let mut moves = Vec::new();
        while let Some(game) = listing.pop() {
            let state = g.kinds.len() as u32;
            let started = state > 0;
            let turn = game.turn();
            if turn == Turn::Over || (started && game.stage_begins()) {
                g.kinds.push(Kind::End(g.ends.len() as u32));
                g.end_states.push(state);
                g.ends.push(game);
                g.first.push(g.to.len() as u32);
                continue;
            }
            let at = g.to.len();
            match turn {
                Turn::Chance => {
                    g.kinds.push(Kind::Chance);
                    each_branch(&game, CHANCE_LIMIT, |p, after| {
                        let to = listing.number(after) as u32;
                        let added = f64::from(after.length() - game.length());
                        match g.to[at..].iter().position(|&t| t == to) {
                            Some(i) => g.chance[at + i] += p,
                            None => {
                                g.to.push(to);
                                g.chance.push(p);
                                g.length.push(added);
                            }
                        }
                    })?;
                }
                Turn::Decide(seat) => {
                    g.kinds.push(Kind::Decide {
                        seat,
                        slot: g.decisions,
                    });
                    g.deciders.push(state);
                    let mut key = StateKey::default();
                    game.rules_key(&mut key);
                    g.decider_keys.push(key);
                    if let Some(games) = games.as_deref_mut() {
                        games.push(game.clone());
                    }
                    g.decisions += 1;
                    game.legal_moves(&mut moves);
                    for &mv in &moves {
                        let mut after = game.clone();
                        after.play(mv, &mut Silent);
                        g.to.push(listing.number(&after) as u32);
                        g.chance.push(0.0);
                        g.length.push(f64::from(after.length() - game.length()));
                    }
                }
                Turn::Over => unreachable!("an end"),
            }
            g.first.push(g.to.len() as u32);
            if listing.len() > limit {
                return Err(ExactError::TooManyStates { limit });
            }
        }
        g.order = g.settling_order();
        g.local = vec![u32::MAX; g.len()];
        g.loop_of = vec![u32::MAX; g.len()];
        for (b, block) in g.order.iter().enumerate() {
            if let Block::Loop(states) = block {
                for (i, &s) in states.iter().enumerate() {
                    g.local[s as usize] = i as u32;
                    g.loop_of[s as usize] = b as u32;
                }
            }
        }
        Ok(g)
    }

    /// How many states the stage has, its ends included.
    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    /// Whether it has none (never: its root is one).
    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// What state `s` is.
    pub fn kind(&self, s: usize) -> Kind {
        self.kinds[s]
    }

    /// The states `s` leads to, and each edge's chance (0 for a move).
    pub fn edges(&self, s: usize) -> impl Iterator<Item = (usize, f64)> + '_ {
        let (a, b) = (self.first[s] as usize, self.first[s + 1] as usize);
        (a..b).map(|e| (self.to[e] as usize, self.chance[e]))
    }

    /// The state of end `n`.
    pub fn end_state(&self, n: usize) -> usize {
        self.end_states[n] as usize
    }

    fn settling_order(&self) -> Vec<Block> {
        let mut shape = Chain::new(0);
        for s in 0..self.len() {
            shape.push_transient(
                self.edges(s)
                    .map(|(to, _)| Edge {
                        to,
                        probability: 0.0,
                        reward: 0.0,
                    })
                    .collect(),
            );
        }
        components(&shape)
            .filter_map(|c| match *c.as_slice() {
                [s] if matches!(self.kinds[s], Kind::End(_)) => None,
                [s] if !self.edges(s).any(|(to, _)| to == s) => Some(Block::One(s as u32)),
                _ => Some(Block::Loop(c.into_iter().map(|s| s as u32).collect())),
            })
            .collect()
    }

    /// Readies `into` for `width` values a state, every value 0: the
    /// caller then sets each end's values ([`StageGraph::end_state`]).
    pub fn prepare(&self, into: &mut Settling, width: usize) {
        into.width = width;
        into.values.clear();
        into.values.resize(self.len() * width, 0.0);
        into.picks.clear();
        into.picks.resize(self.decisions as usize, 0);
    }

    /// Settles every state from the ends' values set in `into`: a chance
    /// state's values the expectation over its edges, a decision's as
    /// `chooser` has it (a move, a mix, or its seat's best), the length
    /// each edge adds to value `length` where given. The root's values are then `into.of(0)`.
    pub fn settle(
        &self,
        into: &mut Settling,
        chooser: &dyn Chooser,
        length: Option<usize>,
    ) -> Result<(), ExactError> {
        // Two seats' values, or their odds and the length, known to the
        // compiler: the loops over a state's values unroll.
        match into.width {
            2 => self.settle_with::<2>(into, chooser, length),
            9 => self.settle_with::<9>(into, chooser, length),
            _ => self.settle_with::<0>(into, chooser, length),
        }
    }

    /// [`StageGraph::settle`] with `W` values a state (0: as `into` says).
    fn settle_with<const W: usize>(
        &self,
        into: &mut Settling,
        chooser: &dyn Chooser,
        length: Option<usize>,
    ) -> Result<(), ExactError> {
        for (b, block) in self.order.iter().enumerate() {
            match block {
                Block::One(s) => self.step::<W>(*s as usize, into, chooser, length),
                Block::Loop(states) => {
                    self.settle_loop::<W>(b as u32, states, into, chooser, length)?
                }
            }
        }
        Ok(())
    }

    /// The values of `s` through its edges, choosing where it decides.
    fn step<const W: usize>(
        &self,
        s: usize,
        into: &mut Settling,
        chooser: &dyn Chooser,
        length: Option<usize>,
    ) {
        let w = if W == 0 { into.width } else { W };
        let (a, b) = (self.first[s] as usize, self.first[s + 1] as usize);
        let pick = match self.kinds[s] {
            Kind::Chance => return self.mix::<W>(s, into, &self.chance[a..b], length),
            Kind::Decide { seat, slot } => match chooser.choice(seat, slot) {
                Choice::Mixed(q) => return self.mix::<W>(s, into, q, length),
                Choice::Move(m) => (slot, m as usize),
                Choice::Best(o) => (
                    slot,
                    best((a..b).map(|e| into.values[self.to[e] as usize * w + o])),
                ),
            },
            Kind::End(_) => return,
        };
        let (slot, m) = pick;
        into.picks[slot as usize] = m as u32;
        let edge = a + m;
        let to = self.to[edge] as usize;
        into.values.copy_within(to * w..(to + 1) * w, s * w);
        if let Some(l) = length {
            into.values[s * w + l] += self.length[edge];
        }
    }

    /// The values of `s` as its edges' values (and lengths) weighted by
    /// `weights`, an edge a weight.
    fn mix<const W: usize>(
        &self,
        s: usize,
        into: &mut Settling,
        weights: &[f64],
        length: Option<usize>,
    ) {
        let w = if W == 0 { into.width } else { W };
        let a = self.first[s] as usize;
        let mut sum = std::mem::take(&mut into.sum);
        sum.clear();
        sum.resize(w, 0.0);
        for (i, &p) in weights.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let to = self.to[a + i] as usize;
            for (x, v) in sum.iter_mut().zip(&into.values[to * w..(to + 1) * w]) {
                *x += p * v;
            }
            if let Some(l) = length {
                sum[l] += p * self.length[a + i];
            }
        }
        into.values[s * w..(s + 1) * w].copy_from_slice(&sum);
        into.sum = sum;
    }

    /// Strategy iteration over one component: its choices from the first
    /// move (or as fixed), its values solved, each decision switched to a
    /// strictly better move for its seat, until none is.
    fn settle_loop<const W: usize>(
        &self,
        block: u32,
        states: &[u32],
        into: &mut Settling,
        chooser: &dyn Chooser,
        length: Option<usize>,
    ) -> Result<(), ExactError> {
        if states.len() > MAX_COMPONENT {
            return Err(ExactError::Markov(MarkovError::TooLarge {
                states: states.len(),
                limit: MAX_COMPONENT,
            }));
        }
        for &s in states {
            if let Kind::Decide { seat, slot } = self.kinds[s as usize] {
                into.picks[slot as usize] = match chooser.choice(seat, slot) {
                    Choice::Move(m) => m,
                    _ => 0,
                };
            }
        }
        for _ in 0..MAX_ROUNDS {
            self.solve_loop::<W>(block, states, into, chooser, length)?;
            let w = if W == 0 { into.width } else { W };
            let mut switched = false;
            for &s in states {
                let s = s as usize;
                let Kind::Decide { seat, slot } = self.kinds[s] else {
                    continue;
                };
                let Choice::Best(o) = chooser.choice(seat, slot) else {
                    continue;
                };
                let a = self.first[s] as usize;
                let b = self.first[s + 1] as usize;
                let value = |e: usize| into.values[self.to[e] as usize * w + o];
                let current = value(a + into.picks[slot as usize] as usize);
                let pick = best((a..b).map(value));
                if value(a + pick) > current + 1e-12 * current.abs().max(1.0) {
                    into.picks[slot as usize] = pick as u32;
                    switched = true;
                }
            }
            if !switched {
                return Ok(());
            }
        }
        Err(ExactError::NotSettled {
            states: states.len(),
            rounds: MAX_ROUNDS,
        })
    }

    /// Solves a component's values with its choices as picked:
    /// `x_i - sum_j P_ij x_j = sum_e P_ie v_e (+ length)`, by the chains'
    /// Gaussian elimination ([`eliminate`]).
    fn solve_loop<const W: usize>(
        &self,
        block: u32,
        states: &[u32],
        into: &mut Settling,
        chooser: &dyn Chooser,
        length: Option<usize>,
    ) -> Result<(), ExactError> {
        let k = states.len();
        let w = if W == 0 { into.width } else { W };
        let local =
            |t: u32| (self.loop_of[t as usize] == block).then(|| self.local[t as usize] as usize);
        into.matrix.clear();
        into.matrix.resize(k * k, 0.0);
        into.rhs.clear();
        into.rhs.resize(k * w, 0.0);
        for (i, &s) in states.iter().enumerate() {
            let s = s as usize;
            into.matrix[i * k + i] = 1.0;
            let (a, b) = (self.first[s] as usize, self.first[s + 1] as usize);
            let add = |e: usize, p: f64, into: &mut Settling| {
                let to = self.to[e];
                match local(to) {
                    Some(j) => into.matrix[i * k + j] -= p,
                    None => {
                        let to = to as usize;
                        for c in 0..w {
                            into.rhs[i * w + c] += p * into.values[to * w + c];
                        }
                    }
                }
                if let Some(l) = length {
                    into.rhs[i * w + l] += p * self.length[e];
                }
            };
            match self.kinds[s] {
                Kind::Chance => {
                    for e in a..b {
                        add(e, self.chance[e], into);
                    }
                }
                Kind::Decide { seat, slot } => match chooser.choice(seat, slot) {
                    Choice::Mixed(q) => {
                        for e in a..b {
                            if q[e - a] != 0.0 {
                                add(e, q[e - a], into);
                            }
                        }
                    }
                    _ => add(a + into.picks[slot as usize] as usize, 1.0, into),
                },
                Kind::End(_) => unreachable!("an end is a component of its own"),
            }
        }
        if eliminate(&mut into.matrix, &mut into.rhs, k, w).is_none() {
            // The choices fixed keep play in the loop for ever.
            return Err(ExactError::Markov(MarkovError::NeverLeft {
                state: states[0] as usize,
                states: k,
            }));
        }
        for (i, &s) in states.iter().enumerate() {
            let s = s as usize;
            into.values[s * w..(s + 1) * w].copy_from_slice(&into.rhs[i * w..(i + 1) * w]);
        }
        Ok(())
    }
}

/// The most rounds of strategy iteration in one component, as in
/// [`crate::analysis::equilibrium`].
const MAX_ROUNDS: usize = 1_000;

/// The first of the values within rounding (1e-12 of it) of the best: of
/// two moves worth the same, which is first must not hang on the order in
/// which their chances were added up.
pub(crate) fn best(values: impl Iterator<Item = f64> + Clone) -> usize {
    let top = values.clone().fold(f64::NEG_INFINITY, f64::max);
    let equal = top - 1e-12 * top.abs().max(1.0);
    values.clone().position(|v| v >= equal).unwrap_or(0)
}
