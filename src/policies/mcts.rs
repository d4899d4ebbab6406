//! `mcts:N[,c=C][,cap=P][,keep=yes|no]`: Monte Carlo tree search (UCT) with N playouts
//! per decision, for any game.
//!
//! Each playout starts from a copy of the position, walks down the tree
//! choosing by UCB1, adds one node, then plays uniformly random moves to
//! the end of the game or for at most `cap` decisions (default 200; a game
//! cut short is scored by [`Game::evaluate`], or as even). Its result is
//! added along the path as one reward per seat ([`crate::policies::reward`]),
//! so each node's mover chooses for itself, whatever the number of seats.
//!
//! Chance is sampled: the dice are thrown afresh in every playout, from a
//! stream the policy draws from the seat's own, so the real dice of the
//! game are untouched. The tree is keyed by decisions only ("open loop"):
//! where the dice change which moves are legal, a node keeps a child for
//! every move it has seen and chooses among those legal now, each move's
//! exploration term counting the playouts in which it was available.
//!
//! Between decisions the tree is kept (`keep=yes`, the default): the
//! next decision looks for its position among the nodes under the move
//! it chose (a few decisions deep, positions compared by
//! [`Game::content_hash`]) and, found, searches on from that subtree, so
//! the playouts spent on the replies that were played are not lost. It
//! adds its N playouts to what the subtree holds. A game with chance
//! between two decisions, or without the hash, starts afresh.
//!
//! The budget is a number of playouts, never a time: a decision depends on
//! the game so far and the seat's stream only, whatever the thread count
//! (the kept tree is dropped at the start of every game).

use rand_core::RngCore;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::policy::{BotError, Policy, Values};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::core::seed::{Rng, SeatRng, Stream, below, stream};
use crate::policies::deciding_seat::deciding_seat;
use crate::policies::reward::{Rewards, cut_short, rewards};
use crate::policies::search_params::SearchParams;
use crate::policies::search_tree::{Edge, Node, keep_subtree};
use crate::policies::settings_error::SettingsError;

/// The most playouts a decision may be given.
const MAX_PLAYOUTS: u32 = 100_000_000;

/// The most memory a search tree may take: past it the tree stops growing
/// and the remaining playouts run from its leaves, so that no budget takes
/// the host's memory with it (a Rithmomachy tree grows about 3 KB a
/// playout: `mcts:1000000` asked for 3 GB a decision). A run holds one
/// tree per `mcts` seat per thread.
pub const MAX_TREE_BYTES: usize = 256 << 20;

/// The settings of one `mcts` policy.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsSettings {
    /// Playouts per decision.
    pub playouts: u32,
    /// The exploration constant of UCB1.
    pub c: f64,
    /// Decisions a playout may make past the tree before it is cut short;
    /// `None`: the game's own [`Game::PLAYOUT_CAP`].
    pub cap: Option<u32>,
    /// Whether the subtree of the position reached is kept from one
    /// decision to the next (`keep=yes`, the default), or every decision
    /// searches from a fresh tree (`keep=no`).
    pub keep: bool,
}

impl MctsSettings {
    /// Parses the parameter after `mcts:`.
    ///
    /// ```
    /// use ludus::policies::mcts::MctsSettings;
    /// let s = MctsSettings::parse(Some("800,c=0.9")).unwrap();
    /// assert_eq!((s.playouts, s.c, s.cap, s.keep), (800, 0.9, None, true));
    /// assert!(MctsSettings::parse(None).is_err());
    /// ```
    pub fn parse(param: Option<&str>) -> Result<MctsSettings, SettingsError> {
        let p = SearchParams::parse("mcts", "playouts", param, &["c", "cap", "keep"])?;
        Ok(MctsSettings {
            playouts: u32::try_from(p.budget)
                .ok()
                .filter(|&n| n <= MAX_PLAYOUTS)
                .ok_or(SettingsError::TooManyPlayouts { most: MAX_PLAYOUTS })?,
            c: p.float("c", std::f64::consts::SQRT_2)?,
            cap: p
                .maybe_int("cap")?
                .map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
            keep: p.switch("keep", true)?,
        })
    }
}

/// The policy: settings and a tree reused (cleared) from one decision to
/// the next.
pub struct Mcts<G: Game> {
    settings: MctsSettings,
    /// The playout cap in force: the settings' or the game's.
    cap: u32,
    nodes: Vec<Node<G::Move>>,
    moves: Vec<G::Move>,
    path: Vec<(u32, usize)>,
    /// Playouts run by every decision so far.
    work: u64,
    /// Playouts the roots of every decision so far held from the tree
    /// kept before the decision's own.
    reused: u64,
    /// Edges in the tree.
    edges: usize,
    /// The most bytes the tree may take ([`MAX_TREE_BYTES`]).
    tree_bytes: usize,
    /// The game just after this seat's last decision, and the node the
    /// move chosen leads to: where the next decision looks for its
    /// position in the tree.
    kept: Option<(G, u32)>,
}

impl<G: Game> Mcts<G> {
    /// A policy with these settings.
    pub fn new(settings: MctsSettings) -> Mcts<G> {
        Mcts {
            settings,
            cap: settings.cap.unwrap_or(G::PLAYOUT_CAP),
            nodes: Vec::new(),
            moves: Vec::new(),
            path: Vec::new(),
            work: 0,
            reused: 0,
            edges: 0,
            tree_bytes: MAX_TREE_BYTES,
            kept: None,
        }
    }

    /// The same policy with a tree of at most `bytes`.
    pub fn with_tree_bytes(mut self, bytes: usize) -> Mcts<G> {
        self.tree_bytes = bytes;
        self
    }

    /// The playouts that the roots of every decision so far held, before
    /// their own, from the tree kept since the seat's last decision
    /// (`keep=yes`): what keeping the tree saved.
    pub fn reused(&self) -> u64 {
        self.reused
    }

    /// The bytes the tree's nodes and edges take.
    pub fn tree_size(&self) -> usize {
        self.nodes.len() * std::mem::size_of::<Node<G::Move>>()
            + self.edges * std::mem::size_of::<Edge<G::Move>>()
    }

    /// Whether the tree may grow no more.
    fn full(&self) -> bool {
        self.tree_size() >= self.tree_bytes
    }

    /// Walks from the root to a new node, playing on `game`: returns with
    /// the path of (node, edge) taken in `self.path`.
    fn descend(&mut self, game: &mut G, dice: &mut Dice, rng: &mut Rng) {
        self.path.clear();
        let mut node = 0u32;
        loop {
            let seat = match game.turn() {
                Turn::Over => return,
                Turn::Chance => {
                    game.chance(dice, &mut Silent);
                    continue;
                }
                Turn::Decide(s) => s,
            };
            if self.nodes[node as usize].edges.is_empty() && self.full() {
                // A leaf the full tree cannot list: the playout starts here.
                return;
            }
            game.legal_moves(&mut self.moves);
            let edges = &mut self.nodes[node as usize].edges;
            let before = edges.len();
            // In a game without chance a node's moves are the same at every
            // visit: one comparison finds them all known.
            let same = edges.len() == self.moves.len()
                && edges.iter().zip(&self.moves).all(|(e, m)| e.mv == *m);
            if !same {
                for &m in &self.moves {
                    if !edges.iter().any(|e| e.mv == m) {
                        edges.push(Edge::new(m));
                    }
                }
            }
            self.edges += edges.len() - before;
            let legal = |e: &Edge<G::Move>| same || self.moves.contains(&e.mv);
            // A legal move no playout has tried yet comes first, drawn at
            // random among them.
            let untried = edges.iter().filter(|e| e.visits == 0 && legal(e)).count();
            let pick = if untried > 0 {
                let k = below(rng, untried as u32) as usize;
                edges
                    .iter()
                    .enumerate()
                    .filter(|(_, e)| e.visits == 0 && legal(e))
                    .nth(k)
                    .map(|(i, _)| i)
                    .expect("k is below the count")
            } else {
                let c = self.settings.c;
                let mut best = (f64::NEG_INFINITY, 0usize);
                for (i, e) in edges.iter_mut().enumerate() {
                    if !legal(e) {
                        continue;
                    }
                    e.available += 1;
                    let n = f64::from(e.visits);
                    let score =
                        e.reward[seat] / n + c * (f64::from(e.available.max(1)).ln() / n).sqrt();
                    if score > best.0 {
                        best = (score, i);
                    }
                }
                best.1
            };
            self.path.push((node, pick));
            let mv = self.nodes[node as usize].edges[pick].mv;
            game.play(mv, &mut Silent);
            match self.nodes[node as usize].edges[pick].child {
                Some(child) => node = child,
                None if self.full() => return,
                None => {
                    // A new node, and the playout goes on from it.
                    let child = self.nodes.len() as u32;
                    self.nodes.push(Node { edges: Vec::new() });
                    self.nodes[node as usize].edges[pick].child = Some(child);
                    return;
                }
            }
        }
    }

    /// Plays random moves to the end or the cap; returns the rewards.
    fn playout(&mut self, game: &mut G, dice: &mut Dice, rng: &mut Rng) -> Rewards {
        let mut decisions = 0;
        loop {
            match game.turn() {
                Turn::Over => {
                    let o = game.outcome().expect("a game over has an outcome");
                    return rewards(&o, game.players());
                }
                Turn::Chance => game.chance(dice, &mut Silent),
                Turn::Decide(_) => {
                    if decisions >= self.cap {
                        return cut_short(game);
                    }
                    decisions += 1;
                    let mv = match game.pick_move(&mut |n| below(rng, n as u32) as usize) {
                        Some(m) => m,
                        None => {
                            game.legal_moves(&mut self.moves);
                            self.moves[below(rng, self.moves.len() as u32) as usize]
                        }
                    };
                    game.play(mv, &mut Silent);
                }
            }
        }
    }
}

/// The root move to play: the most visited, and among moves visited
/// equally often the one whose playouts gave `seat` the most. With fewer
/// playouts than moves most moves are tried once, so without the reward
/// the choice would fall to the order the game lists its moves in.
fn most_visited<M>(edges: &[Edge<M>], seat: usize) -> usize {
    let mean = |e: &Edge<M>| e.reward[seat] / f64::from(e.visits.max(1));
    let mut best = 0;
    for (i, e) in edges.iter().enumerate().skip(1) {
        let b = &edges[best];
        if e.visits > b.visits || (e.visits == b.visits && mean(e) > mean(b)) {
            best = i;
        }
    }
    best
}

/// How many decisions past the seat's own a kept tree is searched for the
/// position now: the opponents' replies in one turn, or a few more where
/// a turn is made of several decisions.
const FIND_DEPTH: usize = 4;

impl<G: Game> Mcts<G> {
    /// The node of the tree whose position is `game`'s, searched from
    /// `node`, whose position is `after`, through the moves the tree has
    /// tried (at most [`FIND_DEPTH`] of them, and never through chance,
    /// which the tree does not key). Positions are compared by
    /// [`Game::content_hash`] and whose turn it is: a game without the
    /// hash keeps no tree.
    fn find(&self, after: G, node: u32, game: &G) -> Option<u32> {
        let target = (game.content_hash()?, game.turn());
        let mut queue = std::collections::VecDeque::from([(after, node, 0)]);
        while let Some((g, node, depth)) = queue.pop_front() {
            let turn = g.turn();
            if !matches!(turn, Turn::Decide(_)) {
                continue;
            }
            if (g.content_hash(), turn) == (Some(target.0), target.1) {
                return Some(node);
            }
            if depth == FIND_DEPTH {
                continue;
            }
            for e in &self.nodes[node as usize].edges {
                if let Some(child) = e.child {
                    let mut next = g.clone();
                    next.play(e.mv, &mut Silent);
                    queue.push_back((next, child, depth + 1));
                }
            }
        }
        None
    }

    /// Searches from `game`, whose legal decisions are `moves`: the root's
    /// edges then hold what the playouts through each gave, in the order
    /// of `moves`. The tree starts from the subtree kept from the seat's
    /// last decision where `game` is found in it, else afresh.
    fn search(&mut self, game: &G, moves: &[G::Move], rng: &mut Rng) {
        let found = self
            .kept
            .take()
            .and_then(|(after, node)| self.find(after, node, game));
        // The edges kept below the root; the root's own are listed anew.
        let (mut root, below) = match found {
            Some(node) => {
                let kept = keep_subtree(&mut self.nodes, node);
                let root = std::mem::take(&mut self.nodes[0].edges);
                let below = kept - root.len();
                (root, below)
            }
            None => {
                self.nodes.clear();
                self.nodes.push(Node { edges: Vec::new() });
                (Vec::new(), 0)
            }
        };
        // The root lists exactly the legal decisions, in their order, each
        // with what the kept tree knew of it.
        let edges: Vec<Edge<G::Move>> = moves
            .iter()
            .map(|&mv| match root.iter().position(|e| e.mv == mv) {
                Some(i) => root.swap_remove(i),
                None => Edge::new(mv),
            })
            .collect();
        self.reused += edges.iter().map(|e| u64::from(e.visits)).sum::<u64>();
        self.edges = below + edges.len();
        self.nodes[0].edges = edges;
        // The search's own dice: a stream drawn from the seat's, so the
        // game's dice are never touched and the decision is reproducible.
        let mut dice = Dice::seeded(stream(rng.next_u64(), Stream::Dice));
        self.work += u64::from(self.settings.playouts);
        for _ in 0..self.settings.playouts {
            let mut g = game.clone();
            self.descend(&mut g, &mut dice, rng);
            let r = self.playout(&mut g, &mut dice, rng);
            for &(node, edge) in &self.path {
                let e = &mut self.nodes[node as usize].edges[edge];
                e.visits += 1;
                for (sum, x) in e.reward.iter_mut().zip(r) {
                    *sum += x;
                }
            }
        }
    }
}

impl<G: Game> Policy<G> for Mcts<G> {
    fn choose(&mut self, game: &G, moves: &[G::Move], rng: &mut Rng) -> Result<usize, BotError> {
        let seat = deciding_seat("mcts", game)?;
        if moves.len() == 1 {
            return Ok(0);
        }
        self.search(game, moves, rng);
        let pick = most_visited(&self.nodes[0].edges, seat);
        if self.settings.keep
            && let Some(child) = self.nodes[0].edges[pick].child
        {
            let mut after = game.clone();
            after.play(moves[pick], &mut Silent);
            self.kept = Some((after, child));
        }
        Ok(pick)
    }

    /// A new game: nothing of the last one is kept, so that a seat's
    /// decisions depend on its own game only, whichever games the thread
    /// played before.
    fn start(&mut self, _seat: Seat, _game: &G, _rng: &mut SeatRng) -> Result<(), BotError> {
        self.kept = None;
        Ok(())
    }

    /// The mean reward of the search's playouts, each seat's mapped onto
    /// -1..1: as the search spends its playouts on the better moves, this
    /// tends to the position's value under good play. Before dice, the
    /// mean of as many random playouts.
    fn evaluate(
        &mut self,
        game: &G,
        _seat: usize,
        rng: &mut Rng,
    ) -> Result<Option<Values>, BotError> {
        let mut sum = [0.0; MAX_SEATS];
        match game.turn() {
            Turn::Over => return Ok(None),
            Turn::Decide(_) => {
                // A list of its own: the search lists into `self.moves`.
                // The judgement searches afresh, and the seat's next
                // decision too.
                self.kept = None;
                let mut listed = Vec::new();
                game.legal_moves(&mut listed);
                self.search(game, &listed, rng);
                for e in &self.nodes[0].edges {
                    for (s, x) in sum.iter_mut().zip(e.reward) {
                        *s += x;
                    }
                }
            }
            Turn::Chance => {
                let mut dice = Dice::seeded(stream(rng.next_u64(), Stream::Dice));
                self.work += u64::from(self.settings.playouts);
                for _ in 0..self.settings.playouts {
                    let mut g = game.clone();
                    let r = self.playout(&mut g, &mut dice, rng);
                    for (s, x) in sum.iter_mut().zip(r) {
                        *s += x;
                    }
                }
            }
        }
        let n = f64::from(self.settings.playouts);
        Ok(Some(sum.map(|x| 2.0 * x / n - 1.0)))
    }

    fn work(&self) -> u64 {
        self.work
    }
}
