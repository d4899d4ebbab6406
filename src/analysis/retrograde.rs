//! Exact values of small two-player games by retrograde analysis, over the
//! game-agnostic [`Game`] trait: every position reachable from the start is
//! listed, finished positions are valued by their outcome, and values flow
//! back along the moves. A position is won for the seat to move if some
//! move reaches a position won for it, lost if every move reaches one won
//! by the other seat, and drawn otherwise: by a drawn ending, or by play
//! that can go on for ever.
//!
//! A position is known by its JSON ([`crate::core::presentation::Presentation::to_json`]) without the ply
//! counter and what follows from the rest (`legal_moves`, `outcome`), so
//! that positions reached by different paths meet and the graph is finite.
//! A game that stops at a cap of plies must be given a cap above the
//! number of positions, or the cap would cut the graph.

use crate::analysis::analysis_error::AnalysisError;
use crate::core::presentation::Presentation;
use std::collections::HashMap;
use std::collections::VecDeque;

use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::seat::Seat;

/// The value of a position: a win for a seat, or a draw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// This seat wins with best play.
    Win(Seat),
    /// Neither seat can force a win.
    Draw,
}

/// A position's value and, for a win, the plies to the end with best play
/// (the winner hurrying, the loser holding out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solved {
    /// Who wins, or a draw.
    pub value: Value,
    /// Plies to the end for a win; `None` for a draw.
    pub plies: Option<u32>,
}

/// The solution of a game from one position.
#[derive(Clone, Debug)]
pub struct Solution {
    /// The seat to move at the root.
    pub to_move: Seat,
    /// The root's value.
    pub root: Solved,
    /// Each legal move at the root (as the game writes it) and the value
    /// of the position it leads to.
    pub moves: Vec<(String, Solved)>,
    /// How many distinct positions are reachable.
    pub positions: usize,
}

/// What a position is, without what depends on the path that reached it.
fn key<G: Game + Presentation>(game: &G) -> String {
    let mut json = game.to_json();
    if let Some(map) = json.as_object_mut() {
        for derived in ["ply", "legal_moves", "outcome"] {
            map.remove(derived);
        }
    }
    json.to_string()
}

enum Node {
    Over(Value),
    Decide(Seat),
}

/// Solves the game from `root`, refusing graphs of more than `limit` positions.
pub fn solve<G: Game + Presentation>(root: &G, limit: usize) -> Result<Solution, AnalysisError> {
    if root.players() != 2 {
        return Err(AnalysisError::Unsuited(format!(
            "{} has {} players: the solver values two-player games",
            G::NAME,
            root.players()
        )));
    }
    let mut index: HashMap<String, usize> = HashMap::new();
    let mut games: Vec<G> = vec![root.clone()];
    let mut nodes: Vec<Node> = Vec::new();
    let mut children: Vec<Vec<usize>> = Vec::new();
    index.insert(key(root), 0);
    let mut moves = Vec::new();
    let mut next = 0;
    while next < games.len() {
        let game = games[next].clone();
        match game.turn() {
            Turn::Chance => {
                let fix = G::FIXED_START.map_or(String::new(), |f| format!(": pass --opt {f}"));
                return Err(AnalysisError::Chance(format!(
                    "{} has chance events: the solver needs a game without them{fix}",
                    G::NAME
                )));
            }
            Turn::Over => {
                let outcome = game.outcome().expect("a finished game has an outcome");
                nodes.push(Node::Over(match outcome.sole_winner() {
                    Some(w) => Value::Win(w),
                    None => Value::Draw,
                }));
                children.push(Vec::new());
            }
            Turn::Decide(seat) => {
                game.legal_moves(&mut moves);
                let mut kids = Vec::with_capacity(moves.len());
                for &mv in &moves {
                    let mut child = game.clone();
                    child.play(mv, &mut Silent);
                    let k = key(&child);
                    let id = match index.get(&k) {
                        Some(&id) => id,
                        None => {
                            if games.len() >= limit {
                                return Err(AnalysisError::Unsuited(format!(
                                    "{} has more than {limit} positions from here: raise --limit",
                                    G::NAME
                                )));
                            }
                            index.insert(k, games.len());
                            games.push(child);
                            games.len() - 1
                        }
                    };
                    kids.push(id);
                }
                nodes.push(Node::Decide(seat));
                children.push(kids);
            }
        }
        next += 1;
    }
    let solved = propagate(&nodes, &children);
    let root_game = &games[0];
    let Turn::Decide(to_move) = root_game.turn() else {
        return Err(AnalysisError::Unsuited(format!(
            "{}: the game is already over",
            G::NAME
        )));
    };
    root_game.legal_moves(&mut moves);
    let named = moves
        .iter()
        .zip(&children[0])
        .map(|(mv, &c)| (mv.to_string(), solved[c]))
        .collect();
    Ok(Solution {
        to_move,
        root: solved[0],
        moves: named,
        positions: games.len(),
    })
}

/// Values every node from the finished ones back, in order of distance
/// from the end, so that a win's plies are the shortest the winner can
/// force and a loss's the longest the loser can hold out.
fn propagate(nodes: &[Node], children: &[Vec<usize>]) -> Vec<Solved> {
    let n = nodes.len();
    let mut parents: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (p, kids) in children.iter().enumerate() {
        for &c in kids {
            parents[c].push(p);
        }
    }
    let draw = Solved {
        value: Value::Draw,
        plies: None,
    };
    let mut solved: Vec<Option<Solved>> = vec![None; n];
    // Moves of each undecided node not yet known to lose for its mover.
    let mut open: Vec<usize> = children.iter().map(Vec::len).collect();
    let mut queue = VecDeque::new();
    for (i, node) in nodes.iter().enumerate() {
        if let Node::Over(value) = node {
            solved[i] = Some(Solved {
                value: *value,
                plies: Some(0),
            });
            // A drawn ending gives no one a win to pass back.
            if let Value::Win(_) = value {
                queue.push_back(i);
            }
        }
    }
    while let Some(c) = queue.pop_front() {
        let Solved {
            value: Value::Win(winner),
            plies: Some(d),
        } = solved[c].expect("queued nodes are solved")
        else {
            continue;
        };
        for &p in &parents[c] {
            if solved[p].is_some() {
                continue;
            }
            let Node::Decide(mover) = nodes[p] else {
                continue;
            };
            let win = Some(Solved {
                value: Value::Win(winner),
                plies: Some(d + 1),
            });
            if mover == winner {
                solved[p] = win;
                queue.push_back(p);
            } else {
                open[p] -= 1;
                if open[p] == 0 {
                    solved[p] = win;
                    queue.push_back(p);
                }
            }
        }
    }
    solved.into_iter().map(|s| s.unwrap_or(draw)).collect()
}
