//! Policies: who chooses a seat's decisions.

use std::fmt;

use crate::core::game::Game;
use crate::core::seat::{MAX_SEATS, Seat};
use crate::core::seed::{Rng, SeatRng};

/// A policy that failed to choose (a script error, a time-out, an illegal
/// answer): the game cannot go on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotError {
    /// What went wrong, with the script's file and line where known.
    pub message: String,
}

impl fmt::Display for BotError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Chooses a seat's decisions in games of type `G`.
///
/// One value plays one seat in a sequence of games on one thread;
/// [`Policy::start`] is called before each game.
pub trait Policy<G: Game>: Send {
    /// Called before each game with the seat it plays and the seat's
    /// stream (made only if the policy draws from it).
    fn start(&mut self, _seat: Seat, _game: &G, _rng: &mut SeatRng) -> Result<(), BotError> {
        Ok(())
    }

    /// Whether the policy draws uniformly among the legal decisions with
    /// one `below(rng, n)`: then the runner may skip listing them, for games
    /// that can count their moves, and ask for the drawn one only. Such a
    /// policy has nothing to do at [`Policy::start`], which the runner then
    /// does not call (two calls a game cost a dice game a twentieth).
    fn uniform(&self) -> bool {
        false
    }

    /// Whether its choice depends only on what the rules read
    /// ([`crate::core::game::Game::rules_key`]), not on what only
    /// policies read (a turn's hazards): exact analysis then merges states
    /// by that key. True for a uniform choice.
    fn reads_rules_only(&self) -> bool {
        self.uniform()
    }

    /// Whether its choice in a stage of play that exact analysis solves
    /// apart ([`crate::core::stages::Stages`]) depends only on what that
    /// stage keeps (the moves, the turn's own state), not on what is set
    /// aside (the purses, the turn's number). True for a uniform choice.
    fn stage_local(&self) -> bool {
        self.uniform()
    }

    /// A name for how it chooses, the same for two policies exactly when
    /// each, seated in either seat, chooses in a state as the other does
    /// in that state with the seats' places exchanged: exact analysis then
    /// merges mirrored states ([`crate::core::stages::Stages::mirror`]).
    /// `None` (the default): not known to.
    fn alike(&self) -> Option<String> {
        None
    }

    /// A policy that chooses exactly as this one, to be used on another
    /// thread: exact analysis solves stages of play side by side with
    /// such copies. `None` (the default): it cannot be copied, and they
    /// are solved one after another.
    fn fork(&self) -> Option<Box<dyn Policy<G>>> {
        None
    }

    /// Whether the policy's choice is a known distribution over the legal
    /// decisions, which [`Policy::distribution`] gives: what exact analysis
    /// ([`crate::analysis::exact`]) needs. False (the default) for policies
    /// that search or run a script.
    fn knows_distribution(&self) -> bool {
        false
    }

    /// Clears `out` and fills it with the probability of choosing each of
    /// `moves` in `game` (in order; they sum to 1), or returns false if the
    /// policy's choice is no known distribution (the default).
    fn distribution(&self, _game: &G, _moves: &[G::Move], _out: &mut Vec<f64>) -> bool {
        false
    }

    /// Returns the index in `moves` of the chosen decision. `moves` is never
    /// empty; `rng` is this seat's own stream for this game.
    fn choose(&mut self, game: &G, moves: &[G::Move], rng: &mut Rng) -> Result<usize, BotError>;

    /// The policy's judgement of `game` for every seat, each from -1 (as
    /// good as lost) to 1 (as good as won), for the metrics that follow
    /// the lead (`metrics_evaluator`); `seat` is the seat the judge asks
    /// for above all (the one to move, or the one that just chose), which
    /// a policy that judges one seat at a time judges. `None` (the
    /// default): the policy has no judgement of its own, and the game's
    /// evaluation ([`Game::evaluate`]) stands. Search policies search; a
    /// Lua script may define `evaluate(game, seat)`.
    fn evaluate(
        &mut self,
        _game: &G,
        _seat: Seat,
        _rng: &mut Rng,
    ) -> Result<Option<Values>, BotError> {
        Ok(None)
    }

    /// The search work done so far, over every decision: playouts for
    /// `mcts`, positions visited for `alphabeta`, 0 for policies that do not
    /// search (`ludus bench --search` divides it by the time taken).
    fn work(&self) -> u64 {
        0
    }
}

/// A value per seat, from -1 to 1 (seats past the game's count unused).
pub type Values = [f64; MAX_SEATS];
