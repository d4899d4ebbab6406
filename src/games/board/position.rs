//! What a family's position does for [`crate::games::board::game::Board`]
//! to play it as a game: the uniform state API, in the family's own words
//! (its rules, moves, narration and views), the game's names handed in.

use crate::core::position_error::PositionError;
use crate::core::view_error::ViewError;
use std::fmt;

use crate::core::dice::Dice;
use crate::core::game::Turn;
use crate::core::log::Log;
use crate::core::outcome::Outcome;
use crate::core::picture::Picture;
use crate::core::seat::Seat;
use crate::core::view::{View, ViewArg, ViewInfo};

/// A position of a family of board games. `sides` are the game's sides,
/// seat 1 first, for narration and readers; `game` its registry name.
pub trait Position: Clone + Send + Sync + 'static {
    /// A move, small and `Copy`.
    type Move: Copy + Eq + fmt::Debug + fmt::Display + Send + Sync;
    /// The rules a variant's options choose.
    type Rules;
    /// See [`crate::core::game::Game::FIXED_START`].
    const FIXED_START: Option<&'static str> = None;
    /// The views of every game of the family.
    const VIEWS: &'static [ViewInfo];

    /// The start under these rules.
    fn set_up(rules: Self::Rules) -> Self;
    /// A position from a position file's text, under these rules.
    fn read(
        text: &str,
        game: &'static str,
        sides: &'static [&'static str],
        rules: Self::Rules,
    ) -> Result<Self, PositionError>;
    /// The position drawn for a reader.
    fn diagram(&self, sides: &'static [&'static str]) -> String;
    /// The position as one JSON object, which reads back as a position file.
    fn to_json(&self, game: &'static str, sides: &'static [&'static str]) -> serde_json::Value;
    /// The position as a picture, for the replay pages.
    fn picture(&self, sides: &'static [&'static str]) -> Picture;

    /// How many seats play.
    fn seats(&self) -> usize;
    /// What the game waits for.
    fn turn(&self) -> Turn;
    /// Fills `out` with the legal moves.
    fn legal(&self, out: &mut Vec<Self::Move>);
    /// See [`crate::core::game::Game::PICK_COUNTS`].
    const PICK_COUNTS: bool = true;
    /// See [`crate::core::game::Game::pick_move`].
    fn draw_move(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Self::Move>;
    /// Plays a legal move, narrating to `log`.
    fn play_move<L: Log>(&mut self, mv: Self::Move, sides: &'static [&'static str], log: &mut L);
    /// See [`crate::core::game::Game::turn_end`].
    fn turn_end(&self) -> Option<Self::Move> {
        None
    }
    /// See [`crate::core::game::Game::first_mover`].
    fn first_mover(&self) -> Option<Seat> {
        None
    }
    /// Resolves chance, narrating to `log`.
    fn resolve_chance<L: Log>(
        &mut self,
        dice: &mut Dice,
        sides: &'static [&'static str],
        log: &mut L,
    );
    /// See [`crate::core::game::Game::retire`]; false by default.
    fn retire_seat(&mut self, _seat: Seat) -> bool {
        false
    }
    /// How the game ended, once it has.
    fn outcome(&self) -> Option<Outcome>;
    /// Plies played.
    fn plies(&self) -> u32;
    /// See [`crate::core::game::Game::evaluate`].
    fn value(&self, seat: Seat) -> Option<f64>;
    /// See [`crate::core::game::Game::content_hash`].
    fn hash(&self) -> Option<u64>;
    /// Answers the view `name`, one of [`Position::VIEWS`]; `Ok(None)` if
    /// it is not one of them.
    fn answer(
        &self,
        name: &str,
        arg: ViewArg<'_, Self::Move>,
        sides: &'static [&'static str],
    ) -> Result<Option<View>, ViewError>;
}
