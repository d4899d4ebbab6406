//! The tree `mcts` grows: nodes of decisions, each with the moves seen
//! there and what the playouts through them gave; and how a subtree is
//! kept as the whole tree of the next decision.

use crate::core::seat::MAX_SEATS;
use crate::policies::reward::Rewards;

/// A move seen at a node, and what the playouts through it gave.
#[derive(Clone, Debug)]
pub(crate) struct Edge<M> {
    pub(crate) mv: M,
    /// The node it leads to, once a playout went through it.
    pub(crate) child: Option<u32>,
    pub(crate) visits: u32,
    /// Playouts in which the move was legal here once the node was full.
    pub(crate) available: u32,
    pub(crate) reward: Rewards,
}

impl<M> Edge<M> {
    /// A move no playout has gone through.
    pub(crate) fn new(mv: M) -> Edge<M> {
        Edge {
            mv,
            child: None,
            visits: 0,
            available: 0,
            reward: [0.0; MAX_SEATS],
        }
    }
}

/// A node: the moves seen there.
#[derive(Clone, Debug)]
pub(crate) struct Node<M> {
    pub(crate) edges: Vec<Edge<M>>,
}

/// Makes the subtree under `root` the whole tree, its root at index 0 and
/// its nodes in the order a walk from the root meets them (so the tree
/// that follows depends on the subtree only, not on where its nodes lay);
/// returns the number of edges it holds. The nodes outside it are
/// dropped.
pub(crate) fn keep_subtree<M>(nodes: &mut Vec<Node<M>>, root: u32) -> usize {
    let mut old = std::mem::take(nodes);
    let mut edges = 0;
    // Each kept node is taken out of `old` once, and its children's
    // indices are rewritten as they are numbered anew.
    nodes.push(Node {
        edges: std::mem::take(&mut old[root as usize].edges),
    });
    let mut next = 0;
    while next < nodes.len() {
        let mut node_edges = std::mem::take(&mut nodes[next].edges);
        for e in &mut node_edges {
            if let Some(c) = e.child {
                let kept = nodes.len() as u32;
                nodes.push(Node {
                    edges: std::mem::take(&mut old[c as usize].edges),
                });
                e.child = Some(kept);
            }
        }
        edges += node_edges.len();
        nodes[next].edges = node_edges;
        next += 1;
    }
    edges
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(moves: &[(u8, Option<u32>)]) -> Node<u8> {
        Node {
            edges: moves
                .iter()
                .map(|&(mv, child)| Edge {
                    child,
                    ..Edge::new(mv)
                })
                .collect(),
        }
    }

    #[test]
    fn keeps_the_subtree_renumbered_from_its_root() {
        // 0 -a-> 1 -c-> 3, 0 -b-> 2 -d-> 4: keep under 2.
        let mut nodes = vec![
            node(&[(b'a', Some(1)), (b'b', Some(2))]),
            node(&[(b'c', Some(3))]),
            node(&[(b'd', Some(4)), (b'e', None)]),
            node(&[]),
            node(&[(b'f', None)]),
        ];
        let edges = keep_subtree(&mut nodes, 2);
        assert_eq!(nodes.len(), 2);
        assert_eq!(edges, 3);
        let moves: Vec<u8> = nodes[0].edges.iter().map(|e| e.mv).collect();
        assert_eq!(moves, vec![b'd', b'e']);
        assert_eq!(nodes[0].edges[0].child, Some(1));
        assert_eq!(nodes[1].edges[0].mv, b'f');
    }
}
