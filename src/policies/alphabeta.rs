//! `alphabeta:D[,nodes=N]`: minimax search with alpha-beta pruning for
//! games of two seats; a throw of the dice is weighed over its outcomes
//! by their chances (expectiminimax, [`crate::core::chance_outcomes`]),
//! pruned by Ballard's *-minimax ([`ChancePruning`]).
//!
//! Iterative deepening from depth 1 to D; moves are tried best first: the
//! move a transposition table remembers for the position, and at the root
//! the order the previous depth ranked them in (the root's first order is
//! shuffled from the seat's stream, so equal moves vary from game to
//! game). The table is keyed by [`Game::content_hash`], where the game
//! has one. Positions at the depth limit are scored by [`Game::evaluate`]
//! (even where the game has none); a won game scores more than any
//! evaluation, sooner wins more.
//!
//! The budget counts nodes, never time: with `nodes=N`, a depth whose
//! search would pass N nodes is abandoned and the last finished depth
//! decides, so a decision depends only on the position and the seat's
//! stream.

use std::collections::HashMap;

use crate::core::chance_outcomes::{branches, merge_equal_states, outcomes};
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::policy::{BotError, Policy, Values};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::core::seed::{Rng, SeatRng, below};
use crate::policies::deciding_seat::deciding_seat;
use crate::policies::policy_error::PolicyError;
use crate::policies::search_params::SearchParams;
use crate::policies::settings_error::SettingsError;

/// The deepest search a policy may be given.
const MAX_DEPTH: u32 = 64;

/// A won game's score; evaluations lie within ±1.
const WIN: f64 = 1_000.0;

/// The most ways a throw of the dice may fall (runs of the chance event,
/// see [`outcomes`]) for the search to weigh them all; a throw with more
/// is scored by the game's evaluation, as a leaf.
pub const CHANCE_LIMIT: usize = 512;

/// The settings of one `alphabeta` policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AlphaBetaSettings {
    /// The deepest search, in decisions.
    pub depth: u32,
    /// The most nodes a decision may visit.
    pub nodes: u64,
}

impl AlphaBetaSettings {
    /// Parses the parameter after `alphabeta:`.
    ///
    /// ```
    /// use ludus::policies::alphabeta::AlphaBetaSettings;
    /// let s = AlphaBetaSettings::parse(Some("4,nodes=50000")).unwrap();
    /// assert_eq!((s.depth, s.nodes), (4, 50_000));
    /// assert!(AlphaBetaSettings::parse(Some("0")).is_err());
    /// ```
    pub fn parse(param: Option<&str>) -> Result<AlphaBetaSettings, SettingsError> {
        let p = SearchParams::parse("alphabeta", "depth", param, &["nodes"])?;
        if p.budget > u64::from(MAX_DEPTH) {
            return Err(SettingsError::TooDeep { most: MAX_DEPTH });
        }
        Ok(AlphaBetaSettings {
            depth: p.budget as u32,
            nodes: p.int("nodes", u64::MAX)?,
        })
    }
}

/// What the table knows of a position.
#[derive(Clone, Copy, Debug)]
struct Known<M> {
    depth: u32,
    value: f64,
    bound: Bound,
    best: Option<M>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The value is at least this (a cut above beta).
    Lower,
    /// The value is at most this (no move reached alpha).
    Upper,
}

/// How `alphabeta` searches a throw of the dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ChancePruning {
    /// Every outcome with the full window: plain expectiminimax, kept to
    /// check and measure the pruning against.
    Off,
    /// Ballard's Star1: outcomes within windows narrowed by the bounds
    /// of the value.
    Star1,
    /// Ballard's Star2: Star1 after a probe of each outcome, one move
    /// searched, has bounded its value from its decider's side (the
    /// default: it visits a quarter fewer nodes than plain
    /// expectiminimax in Grande Acedrex with the d8, see docs/policies.md).
    Star2,
}

/// How far a throw's bound must pass alpha or beta to cut: far above the
/// rounding of a sum of at most [`CHANCE_LIMIT`] products of values
/// within ±[`WIN`], far below any difference of evaluations that matters.
const CUT_MARGIN: f64 = 1e-7;

/// The most memory the transposition table may take within a decision:
/// past it, positions already in it are still updated but no new one is
/// stored (the search is then as it would be without a table for them:
/// slower, never wrong), so that no depth or node budget takes the host's
/// memory with it. A run holds one table per `alphabeta` seat per thread.
pub const MAX_TABLE_BYTES: usize = 256 << 20;

/// The search ran past its node budget.
struct OutOfNodes;

/// The policy.
pub struct AlphaBeta<G: Game> {
    settings: AlphaBetaSettings,
    table: HashMap<u64, Known<G::Move>>,
    nodes: u64,
    /// Nodes visited by every decision before.
    done: u64,
    me: Seat,
    bufs: Vec<Vec<G::Move>>,
    /// The ways the throws since the last decision can fall, multiplied:
    /// a throw comes one step at a time, and a chain of them (a lost turn
    /// passes the die on) is weighed whole only up to [`CHANCE_LIMIT`].
    chance_ways: usize,
    chance_pruning: ChancePruning,
    /// The value of the move the last decision chose.
    chosen_value: Option<f64>,
    /// The most positions the table keeps ([`MAX_TABLE_BYTES`] over an
    /// entry's size).
    table_entries: usize,
}

impl<G: Game> AlphaBeta<G> {
    /// A policy with these settings.
    pub fn new(settings: AlphaBetaSettings) -> AlphaBeta<G> {
        AlphaBeta {
            settings,
            table: HashMap::new(),
            nodes: 0,
            done: 0,
            me: 0,
            bufs: Vec::new(),
            chance_ways: 1,
            chance_pruning: ChancePruning::Star2,
            chosen_value: None,
            table_entries: Self::entries_in(MAX_TABLE_BYTES),
        }
    }

    /// How many positions fit in `bytes` of table: a hash table's entry
    /// and its control byte, its buckets a power of two at most 7/8 full
    /// (so up to 16/7 buckets a position): a third of the entries that
    /// `bytes` holds.
    fn entries_in(bytes: usize) -> usize {
        let entry = std::mem::size_of::<(u64, Known<G::Move>)>() + 1;
        bytes / entry / 3
    }

    /// The same policy with its table bounded at `bytes` rather than
    /// [`MAX_TABLE_BYTES`]: for tests of the bound.
    pub fn with_table_bytes(mut self, bytes: usize) -> AlphaBeta<G> {
        self.table_entries = Self::entries_in(bytes);
        self
    }

    /// The positions the table holds now.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// The most positions the table may hold.
    pub fn table_bound(&self) -> usize {
        self.table_entries
    }

    /// The same policy searching throws as `pruning` says: for tests and
    /// measurements that compare the pruning with plain expectiminimax.
    pub fn with_chance_pruning(mut self, pruning: ChancePruning) -> AlphaBeta<G> {
        self.chance_pruning = pruning;
        self
    }

    /// The value for the deciding seat of the move the last decision
    /// chose, at the deepest depth it finished (a won game scores more
    /// than any evaluation, sooner wins more); `None` where the decision
    /// had one move or no depth finished.
    pub fn chosen_value(&self) -> Option<f64> {
        self.chosen_value
    }

    /// Nodes visited by the last decision.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The value of `game` for `self.me`, searched `depth` decisions deep
    /// within (alpha, beta); `ply` decisions below the root.
    fn search(
        &mut self,
        game: &G,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
        ply: u32,
    ) -> Result<f64, OutOfNodes> {
        self.nodes += 1;
        if self.nodes > self.settings.nodes {
            return Err(OutOfNodes);
        }
        let seat = match game.turn() {
            Turn::Over => {
                let o = game.outcome().expect("a game over has an outcome");
                return Ok(match o.sole_winner() {
                    Some(w) if w == self.me => WIN - f64::from(ply),
                    Some(_) => -(WIN - f64::from(ply)),
                    None => 0.0,
                });
            }
            // Expectiminimax: the throw's outcomes weighed by their
            // chances; a throw of too many ways, as it stands.
            Turn::Chance => {
                let ways = branches(game, CHANCE_LIMIT)
                    .ok()
                    .filter(|l| self.chance_ways * l.len() <= CHANCE_LIMIT);
                let Some(listed) = ways else {
                    return Ok(game.evaluate(self.me).unwrap_or(0.0));
                };
                let outer = self.chance_ways;
                // The limit counts the ways the dice fall; outcomes that
                // lead to one state are then searched once.
                self.chance_ways *= listed.len();
                let listed = merge_equal_states(listed);
                let value = match self.chance_pruning {
                    ChancePruning::Off => self.expectation(&listed, depth, ply),
                    ChancePruning::Star1 | ChancePruning::Star2 => {
                        self.star(&listed, depth, alpha, beta, ply)
                    }
                };
                self.chance_ways = outer;
                return value;
            }
            Turn::Decide(s) => s,
        };
        if depth == 0 {
            return Ok(game.evaluate(self.me).unwrap_or(0.0));
        }
        let key = game.content_hash();
        let mut hint = None;
        if let Some(k) = key
            && let Some(known) = self.table.get(&k)
        {
            hint = known.best;
            if known.depth >= depth {
                match known.bound {
                    Bound::Exact => return Ok(known.value),
                    Bound::Lower => alpha = alpha.max(known.value),
                    Bound::Upper => beta = beta.min(known.value),
                }
                if alpha >= beta {
                    return Ok(known.value);
                }
            }
        }
        let mut moves = self.bufs.pop().unwrap_or_default();
        game.legal_moves(&mut moves);
        if let Some(h) = hint
            && let Some(i) = moves.iter().position(|&m| m == h)
        {
            moves[..=i].rotate_right(1);
        }
        let maximising = seat == self.me;
        let (alpha0, beta0) = (alpha, beta);
        let mut best_value = if maximising {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best_move = None;
        let mut result = Ok(());
        for &mv in &moves {
            let mut next = game.clone();
            next.play(mv, &mut Silent);
            let outer = std::mem::replace(&mut self.chance_ways, 1);
            let searched = self.search(&next, depth - 1, alpha, beta, ply + 1);
            self.chance_ways = outer;
            let v = match searched {
                Ok(v) => v,
                Err(e) => {
                    result = Err(e);
                    break;
                }
            };
            if (maximising && v > best_value) || (!maximising && v < best_value) {
                best_value = v;
                best_move = Some(mv);
            }
            if maximising {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        self.bufs.push(moves);
        result?;
        if let Some(k) = key
            && (self.table.len() < self.table_entries || self.table.contains_key(&k))
        {
            let bound = if best_value <= alpha0 {
                Bound::Upper
            } else if best_value >= beta0 {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.insert(
                k,
                Known {
                    depth,
                    value: best_value,
                    bound,
                    best: best_move,
                },
            );
        }
        Ok(best_value)
    }
}

impl<G: Game> AlphaBeta<G> {
    /// The exact expectation of a throw's outcomes, each searched with
    /// the full window (a bound on one outcome bounds no other).
    fn expectation(
        &mut self,
        listed: &[(f64, G)],
        depth: u32,
        ply: u32,
    ) -> Result<f64, OutOfNodes> {
        let mut value = 0.0;
        for (p, next) in listed {
            value += p * self.search(next, depth, f64::NEG_INFINITY, f64::INFINITY, ply)?;
        }
        Ok(value)
    }

    /// A throw's value within (alpha, beta) by Ballard's *-minimax: each
    /// outcome's value lies within bounds, at first those any position
    /// `ply` decisions deep can take; with [`ChancePruning::Star2`] each
    /// outcome is first probed (one move searched) to narrow them. Each
    /// outcome is then searched within the window that would still let
    /// the expectation enter (alpha, beta), and once it cannot, the bound
    /// reached is returned. Inside the window the value is the expectation
    /// itself, summed in the same order, to the bit.
    fn star(
        &mut self,
        listed: &[(f64, G)],
        depth: u32,
        alpha: f64,
        beta: f64,
        ply: u32,
    ) -> Result<f64, OutOfNodes> {
        let (low, high) = value_bounds(ply);
        let mut bounds = vec![(low, high); listed.len()];
        if self.chance_pruning == ChancePruning::Star2 {
            for (i, (_, next)) in listed.iter().enumerate() {
                bounds[i] = self.probe(next, depth, alpha, beta, ply, bounds[i])?;
            }
            let least: f64 = listed.iter().zip(&bounds).map(|((p, _), b)| p * b.0).sum();
            let most: f64 = listed.iter().zip(&bounds).map(|((p, _), b)| p * b.1).sum();
            if most <= alpha - CUT_MARGIN / 2.0 {
                return Ok(most);
            }
            if least >= beta + CUT_MARGIN / 2.0 {
                return Ok(least);
            }
        }
        // The least and the most the outcomes after each one add.
        let mut after = vec![(0.0, 0.0); listed.len()];
        for i in (1..listed.len()).rev() {
            let (p, (lo, hi)) = (listed[i].0, bounds[i]);
            after[i - 1] = (after[i].0 + p * lo, after[i].1 + p * hi);
        }
        let mut sum = 0.0;
        for (i, (p, next)) in listed.iter().enumerate() {
            let (least, most) = (sum + after[i].0, sum + after[i].1);
            // A cut needs a margin the rounding of the sums cannot cross,
            // so that a value it sends up is a true bound.
            let a = (alpha - CUT_MARGIN - most) / p;
            let b = (beta + CUT_MARGIN - least) / p;
            let mut v = self.search(next, depth, a, b, ply)?;
            if v <= a {
                let bound = most + p * v;
                if bound <= alpha - CUT_MARGIN / 2.0 {
                    return Ok(bound);
                }
            } else if v >= b {
                let bound = least + p * v;
                if bound >= beta + CUT_MARGIN / 2.0 {
                    return Ok(bound);
                }
            }
            if v <= a || v >= b {
                // Rounding kept the bound short of a cut: the exact value.
                v = self.search(next, depth, f64::NEG_INFINITY, f64::INFINITY, ply)?;
            }
            sum += p * v;
        }
        Ok(sum)
    }

    /// Star2's probe of one outcome of a throw searched within (alpha,
    /// beta): the first move its decider would try (the table's, else the
    /// first listed), searched; its value bounds the outcome's from the
    /// decider's side (at least it for the maximiser, at most it for the
    /// minimiser). Only the side that can cut is probed (the minimiser's
    /// where alpha is finite, the maximiser's where beta is), within the
    /// half window that can (a value of at most alpha bounds as well as
    /// the exact one). An outcome that is no decision with a move to
    /// search keeps its `bounds`.
    fn probe(
        &mut self,
        game: &G,
        depth: u32,
        alpha: f64,
        beta: f64,
        ply: u32,
        bounds: (f64, f64),
    ) -> Result<(f64, f64), OutOfNodes> {
        let Turn::Decide(seat) = game.turn() else {
            return Ok(bounds);
        };
        let maximising = seat == self.me;
        let window = if maximising {
            (f64::NEG_INFINITY, beta)
        } else {
            (alpha, f64::INFINITY)
        };
        if depth == 0 || window.0 == f64::NEG_INFINITY && window.1 == f64::INFINITY {
            return Ok(bounds);
        }
        let mut moves = self.bufs.pop().unwrap_or_default();
        game.legal_moves(&mut moves);
        let hint = game
            .content_hash()
            .and_then(|k| self.table.get(&k))
            .and_then(|known| known.best)
            .filter(|h| moves.contains(h));
        let first = hint.or_else(|| moves.first().copied());
        self.bufs.push(moves);
        let Some(mv) = first else {
            return Ok(bounds);
        };
        self.nodes += 1;
        if self.nodes > self.settings.nodes {
            return Err(OutOfNodes);
        }
        let mut next = game.clone();
        next.play(mv, &mut Silent);
        let outer = std::mem::replace(&mut self.chance_ways, 1);
        let searched = self.search(&next, depth - 1, window.0, window.1, ply + 1);
        self.chance_ways = outer;
        let v = searched?;
        Ok(if maximising {
            (v, bounds.1)
        } else {
            (bounds.0, v)
        })
    }
}

/// The least and the most a position `ply` decisions below the root can
/// be worth: a game lost or won there or later (a later win scores less),
/// or an evaluation, within ±1.
fn value_bounds(ply: u32) -> (f64, f64) {
    let most = WIN - f64::from(ply);
    (-most, most)
}

/// Whether `alphabeta` can play a game made with these options: two seats,
/// and, where the game starts with a throw, one whose ways to fall it can
/// list (at most [`CHANCE_LIMIT`]; a later throw with more is scored as a
/// leaf).
pub fn check<G: Game>(game: &G) -> Result<(), PolicyError> {
    if game.players() != 2 {
        return Err(PolicyError::AlphaBetaSeats {
            game: G::NAME,
            seats: game.players(),
        });
    }
    if game.turn() == Turn::Chance
        && G::FIXED_START.is_none()
        && outcomes(game, CHANCE_LIMIT).is_err()
    {
        return Err(PolicyError::AlphaBetaChance {
            game: G::NAME,
            limit: CHANCE_LIMIT,
        });
    }
    Ok(())
}

impl<G: Game> Policy<G> for AlphaBeta<G> {
    fn start(&mut self, _seat: Seat, game: &G, _rng: &mut SeatRng) -> Result<(), BotError> {
        check(game).map_err(|e| BotError {
            message: e.to_string(),
        })
    }

    fn choose(&mut self, game: &G, moves: &[G::Move], rng: &mut Rng) -> Result<usize, BotError> {
        let me = deciding_seat("alphabeta", game)?;
        self.chosen_value = None;
        if moves.len() == 1 {
            return Ok(0);
        }
        self.me = me;
        self.nodes = 0;
        self.chance_ways = 1;
        let done = self.done;
        self.table.clear();
        // The root's order: shuffled once, then best first at each depth.
        let mut order: Vec<usize> = (0..moves.len()).collect();
        for i in (1..order.len()).rev() {
            order.swap(i, below(rng, i as u32 + 1) as usize);
        }
        let mut chosen = order[0];
        for depth in 1..=self.settings.depth {
            let mut scored: Vec<(f64, usize)> = Vec::with_capacity(order.len());
            let mut alpha = f64::NEG_INFINITY;
            let mut finished = true;
            for &i in &order {
                let mut next = game.clone();
                next.play(moves[i], &mut Silent);
                // Each move after the first needs only to beat the best so
                // far; its value is then a bound, enough to rank it lower.
                match self.search(&next, depth - 1, alpha, f64::INFINITY, 1) {
                    Ok(v) => {
                        alpha = alpha.max(v);
                        scored.push((v, i));
                    }
                    Err(OutOfNodes) => {
                        finished = false;
                        break;
                    }
                }
            }
            if !finished {
                break;
            }
            // A stable sort keeps the earlier of equal moves first.
            scored.sort_by(|a, b| b.0.total_cmp(&a.0));
            order = scored.iter().map(|&(_, i)| i).collect();
            chosen = order[0];
            self.chosen_value = Some(scored[0].0);
            if scored[0].0 >= WIN - f64::from(depth) {
                break;
            }
        }
        self.done = done + self.nodes;
        Ok(chosen)
    }

    /// The search's value for `seat`, at the deepest depth finished
    /// within the node budget: a win found is 1, a loss -1, else the
    /// game's evaluation at the leaves; the other seat's is its negation.
    fn evaluate(
        &mut self,
        game: &G,
        seat: Seat,
        _rng: &mut Rng,
    ) -> Result<Option<Values>, BotError> {
        if game.players() != 2 {
            return Ok(None);
        }
        self.me = seat;
        self.nodes = 0;
        self.chance_ways = 1;
        self.table.clear();
        let mut value = None;
        for depth in 1..=self.settings.depth {
            match self.search(game, depth, f64::NEG_INFINITY, f64::INFINITY, 0) {
                Ok(v) => value = Some(v),
                Err(OutOfNodes) => break,
            }
        }
        self.done += self.nodes;
        Ok(value.map(|v| {
            let v = if v.abs() > 1.0 { v.signum() } else { v };
            let mut values = [0.0; MAX_SEATS];
            values[seat] = v;
            values[1 - seat] = -v;
            values
        }))
    }

    fn work(&self) -> u64 {
        self.done
    }
}
