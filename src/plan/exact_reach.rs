//! How far a run goes to solve a cell exactly: the states `ludus exact`
//! lists by default, and the budget of outcomes followed that keeps the
//! trying of a run of many cells to some seconds.

/// The most reachable states a cell is solved over: what `ludus exact`
/// lists before it gives up (its default `--limit`), so that a run sets
/// beside its estimates every answer that command gives by default.
/// Some microseconds and up to some kilobytes a state: Half Hazard at its
/// defaults, random against random, lists 531,916 in 1.3 s.
pub const EXACT_LIMIT: usize = crate::analysis::exact_limits::STATE_LIMIT;

/// The most outcomes of throws and moves a run follows to solve one cell:
/// some seconds at most (Half Hazard's 531,916 states take 4.7 million;
/// Mayor with six dice over twenty rounds, 403,831 states, 8 to 16
/// million in 3.4 s).
pub const CELL_BUDGET: u64 = 40_000_000;

/// The most a run follows over all its cells, shared among the cells that
/// ask for exact values by the rules they are solved for (cells that
/// differ only in what the solve does not read share one solution), so
/// that a sweep of many cells costs some tens of seconds at most and
/// solves its small ones. The default experiment's 53 cells get 3.8
/// million each, enough for all its dice cells but Hazard of 6 players
/// (Half Hazard takes 0.7 million, Growing Hazard 2.6), and try for
/// about 11 s.
pub const RUN_BUDGET: u64 = 200_000_000;

/// The most states the equilibrium behind a cell's `skill_gap` lists
/// (summary.csv), by stages where the game falls into them: Half Hazard
/// to six turns (354,527 states, 2.4 s), where its ten turns take 15 s
/// and Growing Hazard's 50 s, too much for a side figure of every run
/// (`ludus exact GAME --skill` gives them). A refusal costs the listing
/// up to the limit, about 1.5 s, once per cell.
pub const SKILL_EQUILIBRIUM: usize = 400_000;

/// The most probability the run's length cap (`max_plies`) may cut off
/// for the exact values to stand beside the run's estimates: a game
/// stopped by the cap ends otherwise than the solved game.
pub const CAP_TOLERANCE: f64 = 1e-12;
