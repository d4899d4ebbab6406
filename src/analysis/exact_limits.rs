//! How far exact analysis goes ([`crate::analysis::exact`]): the bounds
//! on a chance event's runs, a dense system's size and the length
//! distribution's count, shared by the listing of states, the stages
//! solved apart and optimal play.

use crate::analysis::length_transform::TransformBounds;

/// The most states exact analysis lists by default (`ludus exact
/// --limit`, a run's exact values, `optimal`): the stage starts and the
/// stages' states of a game solved by stages (Half Hazard's ten turns,
/// every choice open, list 1,063,419), the reachable states of one
/// solved whole (Half Hazard's ten turns played at random, 531,916).
pub const STATE_LIMIT: usize = 2_000_000;

/// The most runs of one chance event listed: enough for six dice thrown
/// at once (55,987 runs; three dice thrown as a set take 57).
pub const CHANCE_LIMIT: usize = 100_000;

/// The most states that lead round into one another solved as one dense
/// linear system (its cost is the cube of its size).
pub const MAX_COMPONENT: usize = 3_000;

/// The probability not yet absorbed below which the length distribution
/// stops; what is left is reported as its tail.
pub const SETTLED: f64 = 1e-15;

/// The longest game the length distribution counts.
pub const MAX_LENGTH: u64 = 1_000_000;

/// The most edges the length distribution follows (about a second): past
/// it, the lengths not yet counted are its tail.
pub const MAX_LENGTH_WORK: u64 = 100_000_000;

/// How far the length distribution through the generating function goes
/// ([`crate::analysis::length_transform`]): some seconds of work, 128 MB
/// of values at once (Growing Hazard's ten turns solve their 33 points in
/// one round of two blocks), a chance folded over of at most 1e-15 (what folds
/// over adds to the lengths it lands on), lengths of chance below 1e-15
/// (some times the transform's rounding) left to the tail.
pub const TRANSFORM: TransformBounds = TransformBounds {
    work: 2_000_000_000,
    memory: 128 << 20,
    folded: 1e-15,
    listed: 1e-15,
};
