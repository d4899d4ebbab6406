//! Why a Markov chain ([`crate::analysis::markov`]) was not solved.

use thiserror::Error;

/// A chain refused or found to have no solution.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MarkovError {
    /// A strongly connected component too large to solve densely.
    #[error(
        "{states} states lead round into one another, more than the {limit} solved as one linear system"
    )]
    TooLarge {
        /// Its size.
        states: usize,
        /// The bound.
        limit: usize,
    },
    /// A strongly connected component whose sparse elimination grew past
    /// its bound.
    #[error(
        "{states} states lead round into one another, and solving them would hold more than {limit} transitions at once"
    )]
    TooDense {
        /// Its size.
        states: usize,
        /// The bound on the transitions held.
        limit: usize,
    },
    /// A set of states the chain, once in, never leaves: it never ends.
    #[error(
        "state {state} is one of {states} that lead only into one another: play from there never ends"
    )]
    NeverLeft {
        /// One of the states.
        state: usize,
        /// How many there are.
        states: usize,
    },
    /// An edge to a state the chain does not have.
    #[error("state {from} has an edge to state {to}, but the chain has {states} states")]
    Dangling {
        /// The state it leaves.
        from: usize,
        /// The state it names.
        to: usize,
        /// How many states the chain has.
        states: usize,
    },
    /// An absorbing state with the wrong number of values.
    #[error("absorbing state {state} has {values} values, the chain {width}")]
    Width {
        /// The state.
        state: usize,
        /// Its values.
        values: usize,
        /// The chain's width.
        width: usize,
    },
}
