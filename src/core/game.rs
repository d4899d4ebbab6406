//! The game-agnostic interface every game implements.
//!
//! A game is a state machine. At each step it is either waiting for chance
//! (the dice: [`Turn::Chance`]), for one seat's decision ([`Turn::Decide`]), or
//! over. The runner, the CLI, the reports and the Lua host drive every
//! game through this trait only; nothing outside a game's own folder knows its
//! rules.

use std::fmt;

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::position_error::PositionError;
use crate::core::seat::Seat;
use crate::core::state_key::StateKey;
use crate::core::view::{View, ViewArg, ViewInfo};
use crate::core::view_error::ViewError;

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Turn {
    /// A chance event: call [`Game::chance`].
    Chance,
    /// A decision by this seat: call [`Game::legal_moves`], then [`Game::play`].
    Decide(Seat),
    /// The game is over: [`Game::outcome`] says how.
    Over,
}

/// One game of ludus.
///
/// A value of the type is one game in progress. The runner builds one with
/// [`Game::new`] per cell and clones it for every game played, so `new` may do
/// the expensive work once and a clone must be cheap.
pub trait Game: Clone + Send + Sync + Sized + 'static {
    /// A decision, kept small and `Copy`: move generation fills a caller-owned
    /// buffer of these without allocating.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync;

    /// The registry name, e.g. `"hazard"`.
    const NAME: &'static str;
    /// For games that draw lots for the first move (a chance event at the
    /// start), the option setting that fixes it instead, e.g.
    /// `first=seat1`: perft and positions need a fixed start, and their
    /// errors say how to get one.
    const FIXED_START: Option<&'static str> = None;
    /// Whether a seat ever decides anything: false where the dice alone
    /// play (Hazard), so that every policy plays alike.
    const DECIDES: bool = true;

    /// How many decisions an `mcts` playout makes past its tree before it
    /// is cut short and scored by [`Game::evaluate`], unless the policy's
    /// `cap` says otherwise. 200 by default, where a game's evaluation has
    /// not been shown to guide search as well as playing on; a game whose
    /// evaluation does sets it lower, and its playouts cost a fraction.
    const PLAYOUT_CAP: u32 = 200;

    /// The options players may agree on.
    fn option_specs() -> &'static [OptionSpec];

    /// A new game with these options; may reject a combination of options
    /// that each passed their own check.
    fn new(options: &Options) -> Result<Self, OptionError>;

    /// The options as they are in force: the same keys, every value the one
    /// the game plays by. A game whose options may stand for another value
    /// (Rithmomachy's `preset`, which means the rule set's own number or
    /// `off`) states that value here, so that reports and scripts never see
    /// the placeholder. The default: the options as given.
    fn options_in_force(options: &Options) -> Result<Options, OptionError> {
        Ok(options.clone())
    }

    /// A game set up from a position file's text (games that have them).
    fn from_position(_options: &Options, _text: &str) -> Result<Self, PositionError> {
        Err(PositionError::Unsupported { game: Self::NAME })
    }

    /// The side a seat plays, for games whose seats have names (`white`,
    /// `black`); `None` for games whose seats are only numbered.
    fn side_name(_seat: Seat) -> Option<&'static str> {
        None
    }

    /// How narration names a seat: its side where the game names seats,
    /// `seat 1` otherwise.
    fn seat_name(seat: Seat) -> String {
        Self::side_name(seat).map_or_else(|| format!("seat {}", seat + 1), str::to_string)
    }

    /// How many seats play.
    fn players(&self) -> usize;

    /// What the game waits for now.
    fn turn(&self) -> Turn;

    /// Clears `out` and fills it with the legal decisions of the seat to move.
    fn legal_moves(&self, out: &mut Vec<Self::Move>);

    /// Draws one legal decision without listing them all, for games that
    /// can: counts the legal decisions `n`, takes an index `k = draw(n)`
    /// (`k < n`) and returns the `k`-th of [`Game::legal_moves`]'s list. A
    /// uniform random policy then costs a count, not a list. A game whose
    /// exact count is dear (chess, where a move is legal only if it leaves
    /// the king safe) may instead draw among candidates that hold every
    /// legal move, and on drawing an illegal one drop it and call `draw`
    /// again with one fewer: the result is still uniform over the legal
    /// moves, and `draw` is still the only source of chance. `None` (the
    /// default): the caller lists them.
    fn pick_move(&self, _draw: &mut dyn FnMut(usize) -> usize) -> Option<Self::Move> {
        None
    }

    /// Whether [`Game::pick_move`]'s first call of `draw` is given the
    /// number of legal decisions: true unless the game draws among
    /// candidates that may be illegal (chess, Rithmomachy). Where it is
    /// false, the runner asks [`Game::count_moves`] for the options of a
    /// decision it drew, to report the branching factor.
    const PICK_COUNTS: bool = true;

    /// How many legal decisions the seat to move has: the length of
    /// [`Game::legal_moves`]'s list (`buf` is scratch space), unless a game
    /// counts them cheaper.
    fn count_moves(&self, buf: &mut Vec<Self::Move>) -> usize {
        self.legal_moves(buf);
        buf.len()
    }

    /// Plays a decision returned by [`Game::legal_moves`].
    fn play<L: Log>(&mut self, mv: Self::Move, log: &mut L);

    /// The decision that ends the turn under way and does nothing more,
    /// where the rules offer one now (a chain of jumps that may stop
    /// early). A turn written whole leaves it out, so that reading a whole
    /// turn back plays it ([`crate::analysis::position_replay`]). `None`
    /// unless a game says otherwise.
    fn turn_end(&self) -> Option<Self::Move> {
        None
    }

    /// The seat that moved first, once the game knows it: where lots or
    /// opening throws decide it, so that the reports can give the first
    /// mover's edge even when the order is drawn. `None` (the default)
    /// leaves it to the runner, which takes the seat of the first decision.
    fn first_mover(&self) -> Option<Seat> {
        None
    }

    /// Resolves the next chance event: one throw of the dice, or one try
    /// the rules make of a few throws together, so that its outcomes can
    /// be listed ([`crate::core::chance_outcomes`]); the game may still
    /// wait for chance after it.
    fn chance_step<L: Log>(&mut self, dice: &mut Dice, log: &mut L);

    /// Resolves chance until the game needs a decision or ends: the
    /// events one after another, as play needs them.
    #[inline]
    fn chance<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        while self.turn() == Turn::Chance {
            self.chance_step(dice, log);
        }
    }

    /// How the game ended, once [`Game::turn`] is [`Turn::Over`].
    fn outcome(&self) -> Option<Outcome>;

    /// Takes `seat` out of the game after its policy failed (with
    /// `--on-bot-error forfeit`), if the rules let the other seats play on
    /// without it: the seat takes the last place not yet given. Returns
    /// false (the default) when they do not; the runner then ends the game
    /// as a forfeit.
    fn retire(&mut self, _seat: Seat) -> bool {
        false
    }

    /// The game's length so far, in the unit the game counts (dice games:
    /// throws of the dice, every one; board games: moves).
    fn length(&self) -> u32;

    /// What the seat has won (positive) or lost, in stake units, for games
    /// played for money; zero elsewhere. Summed over seats it is zero.
    fn payoff(&self, _seat: Seat) -> i64 {
        0
    }

    /// A heuristic value of the position for `seat`, from -1 (as good as
    /// lost) to 1 (as good as won), for the search policies (`alphabeta`
    /// at its depth limit, `mcts` at its playout cap). `None` (the
    /// default): the game has none, and search scores such positions as
    /// even.
    fn evaluate(&self, _seat: Seat) -> Option<f64> {
        None
    }

    /// A hash of what the position holds (not of how it was reached): the
    /// same for two positions that play alike, so that a search may store
    /// what it learnt of one in a transposition table. `None` (the
    /// default): the game offers none, and `alphabeta` searches without a
    /// table.
    fn content_hash(&self) -> Option<u64> {
        None
    }

    /// A number of states certainly reachable from this one, each of its
    /// own key, counted from what the rules make certain (a game of many
    /// rounds reaches every split of their wins), so that exact analysis
    /// (and optimal play) refuses at once a game that cannot fit its limit rather than after
    /// listing up to it. 1 (the default): nothing is known.
    fn states_at_least(&self) -> u64 {
        1
    }

    /// Writes to `key` what identifies the state for the play to come:
    /// two states with the same key play alike, whatever their past, so
    /// counters of the past (the length, the first mover) are left out.
    /// Exact analysis ([`crate::analysis::exact`]) merges states by it.
    /// Returns false (the default) for a game that offers none.
    fn state_key(&self, _key: &mut StateKey) -> bool {
        false
    }

    /// As [`Game::state_key`], but only what the rules read, leaving out
    /// what only policies read (the hazards of a turn, which
    /// `threshold:k` counts and the rules do not): optimal play
    /// ([`crate::analysis::equilibrium`]) merges states by it, and a
    /// counter no rule bounds does not make its states endless. It may
    /// also merge states that play alike only in chance (mirror images),
    /// not throw for throw. The default: the state key.
    fn rules_key(&self, key: &mut StateKey) -> bool {
        self.state_key(key)
    }

    /// The read-only views the game offers to scripts ([`Game::view`]).
    fn views() -> &'static [ViewInfo] {
        &[]
    }

    /// Answers the view query `name` (one of [`Game::views`]) about the
    /// current state, or says why it cannot (an unknown query, a bad
    /// argument). Views are how a script reads what the generic calls do
    /// not show (pieces, tallies, the pot) without the host knowing the game.
    fn view(&self, name: &str, _arg: ViewArg<'_, Self::Move>) -> Result<View, ViewError> {
        Err(unknown_view::<Self>(name))
    }

    /// Answers the view `name` for each of `moves`, every one a legal move
    /// now, as [`Game::view`] with [`ViewArg::Move`] answers it, handing
    /// each answer to `each` with the move's index; stops at the first
    /// error `each` returns. The default asks [`Game::view`] move by move;
    /// a game overrides it where the moves can share work (Rithmomachy's
    /// `captures`, found without playing each move).
    fn view_each<E>(
        &self,
        name: &str,
        moves: &[Self::Move],
        mut each: impl FnMut(usize, Result<View, ViewError>) -> Result<(), E>,
    ) -> Result<(), E> {
        for (i, &m) in moves.iter().enumerate() {
            each(i, self.view(name, ViewArg::Move(m)))?;
        }
        Ok(())
    }
}

/// The error for a view query a game does not answer, listing those it does.
pub fn unknown_view<G: Game>(name: &str) -> ViewError {
    ViewError::Unknown {
        game: G::NAME,
        name: name.to_string(),
        known: G::views().iter().map(|v| v.name).collect(),
    }
}
