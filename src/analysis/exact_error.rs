//! Why exact analysis ([`crate::analysis::exact`]) refused a game or its
//! seats.

use thiserror::Error;

use crate::analysis::markov_error::MarkovError;
use crate::core::chance_outcomes::ChanceError;
use crate::core::option_error::OptionError;

/// What exact analysis cannot solve, and why.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ExactError {
    /// The options were refused.
    #[error(transparent)]
    Options(#[from] OptionError),
    /// A policy could not be made for the game.
    #[error("policy `{policy}`: {reason}")]
    Policy {
        /// The policy as named.
        policy: String,
        /// Why it could not be made.
        reason: String,
    },
    /// A policy whose choice is no known distribution (a search, a script).
    #[error(
        "policy `{policy}` has no known distribution of choices: exact play needs random, threshold:K or optimal; `ludus run` measures any policy by play"
    )]
    NoDistribution {
        /// The policy as named.
        policy: String,
    },
    /// A seat's policy gave no distribution at one of its decisions.
    #[error("seat {seat}'s policy gave no distribution of its choices at one of its decisions")]
    SeatDistribution {
        /// The seat, from 1.
        seat: usize,
    },
    /// Not one policy per seat.
    #[error("{listed} policies for a game of {seats} seats")]
    Seats {
        /// Policies given.
        listed: usize,
        /// Seats of the game.
        seats: usize,
    },
    /// The game names no key for its states, so equal states cannot be
    /// merged.
    #[error(
        "{game} is a board game: exact odds are for the dice games, whose states repeat \
         (`ludus games` lists them); a small board game without chance is solved by \
         `ludus solve {game}`, and any game is measured by `ludus run`"
    )]
    NoStateKey {
        /// The game.
        game: &'static str,
    },
    /// The game does not describe its decision states, so its optimal
    /// play cannot be written as a table.
    #[error(
        "{game} does not describe its decisions in its own terms, so its optimal play has no table"
    )]
    NoSituation {
        /// The game.
        game: &'static str,
    },
    /// A chance event whose outcomes cannot be listed.
    #[error("a chance event cannot be listed: {0}")]
    Chance(#[from] ChanceError),
    /// More reachable states than the limit.
    #[error("more than {limit} states are reachable (the limit)")]
    TooManyStates {
        /// The limit.
        limit: usize,
    },
    /// More decisions to table than the limit.
    #[error(
        "optimal play makes {decisions} decisions in all its reachable states, more than {limit} (the limit): the table lists each one"
    )]
    TooManyDecisions {
        /// How many decisions there are.
        decisions: usize,
        /// The limit.
        limit: usize,
    },
    /// More outcomes of throws and moves to follow than the budget.
    #[error(
        "more than {branches} outcomes of throws and moves lead from the states listed (the budget)"
    )]
    TooMuchWork {
        /// The budget.
        branches: u64,
    },
    /// A finished game that names no outcome.
    #[error("a game over names no outcome")]
    NoOutcome,
    /// Strategy iteration went round without settling in a component of
    /// states that lead into one another.
    #[error(
        "optimal play did not settle in {rounds} rounds among {states} states that lead into one another"
    )]
    NotSettled {
        /// The component's states.
        states: usize,
        /// Rounds tried.
        rounds: usize,
    },
    /// Optimal play solved by stages, against a policy that decides by
    /// more than a stage keeps or by no known distribution.
    #[error(
        "optimal play solved by stages (the game is too large to list whole) plays against random or threshold:K only, policies that decide by the turn alone"
    )]
    NoStagedDistribution,
    /// A state of a game solved by stages that the equilibrium did not
    /// reach: the game's stages broke their contract.
    #[error("a stage led to a state its equilibrium did not reach")]
    StageNotReached,
    /// The chain of states has no exact solution here.
    #[error(transparent)]
    Markov(#[from] MarkovError),
}
