//! Dice games without decisions, played in rounds: most of the Book of
//! Games. Such a game only says how one round is played; the rounds, the
//! count of throws and the [`Game`] interface are common to all of them.

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::native_policies::NativePolicies;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::presentation::Presentation;
use crate::core::record_formats::RecordFormats;
use crate::core::seat::Seat;
use crate::games::dice::pair_ace::NoMove;
use crate::games::dice::rounds::RoundScore;

/// How far a game of rounds has got: the round wins, the outcome once the
/// last round is played, and every throw of the dice so far.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    score: RoundScore,
    outcome: Option<Outcome>,
    /// Throws of the dice so far (the game's length), opening throws included.
    pub throws: u32,
}

impl Progress {
    /// A game of `rounds` rounds between `players` seats, not begun.
    pub fn new(players: usize, rounds: i64) -> Progress {
        Progress {
            score: RoundScore::new(players, rounds),
            outcome: None,
            throws: 0,
        }
    }
}

/// A dice game without decisions, played in rounds (the `rounds` option:
/// the most round wins take the game). Every such type is a [`Game`].
pub trait RoundGame: Clone + Send + Sync + Sized + 'static {
    /// The registry name.
    const NAME: &'static str;
    /// The reader's name.
    const TITLE: &'static str;
    /// The options.
    fn option_specs() -> &'static [OptionSpec];
    /// The rules as implemented.
    fn rules() -> &'static str;
    /// A new game.
    fn new(options: &Options) -> Result<Self, OptionError>;
    /// How many seats play.
    fn players(&self) -> usize;
    /// The game's progress.
    fn progress(&self) -> &Progress;
    /// The game's progress, to count throws in.
    fn progress_mut(&mut self) -> &mut Progress;
    /// Plays one round, counting its throws; returns the winner and the rule
    /// that ended the round.
    fn play_round<L: Log>(&mut self, dice: &mut Dice, log: &mut L) -> (Seat, &'static str);
}

impl<R: RoundGame> Game for R {
    type Move = NoMove;
    const NAME: &'static str = R::NAME;
    // Every throw of the dice, the opening ones included.

    fn option_specs() -> &'static [OptionSpec] {
        R::option_specs()
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        R::new(options)
    }

    fn players(&self) -> usize {
        RoundGame::players(self)
    }

    fn turn(&self) -> Turn {
        if self.progress().outcome.is_some() {
            Turn::Over
        } else {
            Turn::Chance
        }
    }

    fn legal_moves(&self, out: &mut Vec<NoMove>) {
        out.clear();
    }

    fn play<L: Log>(&mut self, mv: NoMove, _log: &mut L) {
        match mv {}
    }

    fn chance<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        while self.progress().outcome.is_none() {
            let (winner, reason) = self.play_round(dice, log);
            let p = self.progress_mut();
            p.outcome = p.score.record(winner, reason);
        }
    }

    fn outcome(&self) -> Option<Outcome> {
        self.progress().outcome
    }

    fn length(&self) -> u32 {
        self.progress().throws
    }
}

impl<R: RoundGame> Presentation for R {
    const TITLE: &'static str = R::TITLE;
    const LENGTH_UNIT: &'static str = "throws";

    fn rules() -> &'static str {
        R::rules()
    }
}

impl<R: RoundGame> NativePolicies for R {}

impl<R: RoundGame> RecordFormats for R {}
