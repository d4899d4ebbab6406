//! A game of a board-game family: a family's position played under one of
//! its variants, and the [`Game`] plumbing every such game shares.

use crate::core::option_error::OptionError;
use crate::core::position_error::PositionError;
use crate::core::view_error::ViewError;
use std::marker::PhantomData;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn, unknown_view};
use crate::core::log::Log;
use crate::core::native_policies::NativePolicies;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::picture::Picture;
use crate::core::presentation::Presentation;
use crate::core::record_formats::RecordFormats;
use crate::core::seat::Seat;
use crate::core::stages::Stages;
use crate::core::view::{View, ViewArg, ViewInfo};
use crate::games::board::position::Position;
use crate::games::board::variant::Variant;

/// A game of the variant `V`, whose positions are `P`s.
pub struct Board<P, V> {
    pos: P,
    variant: PhantomData<fn() -> V>,
}

impl<P: Clone, V> Clone for Board<P, V> {
    fn clone(&self) -> Self {
        Board {
            pos: self.pos.clone(),
            variant: PhantomData,
        }
    }
}

impl<P, V> Board<P, V> {
    /// The position.
    pub fn position(&self) -> &P {
        &self.pos
    }

    /// A game from a position.
    pub fn from(pos: P) -> Self {
        Board {
            pos,
            variant: PhantomData,
        }
    }
}

impl<P: Position, V: Variant<Rules = P::Rules>> Game for Board<P, V> {
    type Move = P::Move;
    const NAME: &'static str = V::NAME;
    const PLAYOUT_CAP: u32 = V::PLAYOUT_CAP;
    const FIXED_START: Option<&'static str> = P::FIXED_START;
    const PICK_COUNTS: bool = P::PICK_COUNTS;

    fn option_specs() -> &'static [OptionSpec] {
        V::OPTIONS
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        Ok(Self::from(P::set_up(V::rules(options)?)))
    }

    fn options_in_force(options: &Options) -> Result<Options, OptionError> {
        V::in_force(options)
    }

    fn from_position(options: &Options, text: &str) -> Result<Self, PositionError> {
        let rules = V::rules(options)?;
        Ok(Self::from(P::read(text, V::NAME, V::SIDES, rules)?))
    }

    fn side_name(seat: Seat) -> Option<&'static str> {
        V::SIDES.get(seat).copied()
    }

    fn players(&self) -> usize {
        self.pos.seats()
    }

    #[inline]
    fn turn(&self) -> Turn {
        self.pos.turn()
    }

    fn legal_moves(&self, out: &mut Vec<P::Move>) {
        self.pos.legal(out);
    }

    #[inline]
    fn pick_move(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<P::Move> {
        self.pos.draw_move(draw)
    }

    #[inline]
    fn play<L: Log>(&mut self, mv: P::Move, log: &mut L) {
        self.pos.play_move(mv, V::SIDES, log);
    }

    fn turn_end(&self) -> Option<P::Move> {
        self.pos.turn_end()
    }

    fn first_mover(&self) -> Option<Seat> {
        self.pos.first_mover()
    }

    fn chance_step<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        self.pos.resolve_chance(dice, V::SIDES, log);
    }

    fn retire(&mut self, seat: Seat) -> bool {
        self.pos.retire_seat(seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.outcome()
    }

    #[inline]
    fn length(&self) -> u32 {
        self.pos.plies()
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        self.pos.value(seat)
    }

    fn content_hash(&self) -> Option<u64> {
        self.pos.hash()
    }

    fn views() -> &'static [ViewInfo] {
        P::VIEWS
    }

    fn view(&self, name: &str, arg: ViewArg<'_, P::Move>) -> Result<View, ViewError> {
        self.pos
            .answer(name, arg, V::SIDES)?
            .ok_or_else(|| unknown_view::<Self>(name))
    }
}

impl<P: Position, V: Variant<Rules = P::Rules>> Presentation for Board<P, V> {
    const TITLE: &'static str = V::TITLE;
    const LENGTH_UNIT: &'static str = "plies";

    fn rules() -> &'static str {
        V::RULES_PAGE
    }

    fn diagram(&self) -> String {
        self.pos.diagram(V::SIDES)
    }

    fn to_json(&self) -> serde_json::Value {
        self.pos.to_json(V::NAME, V::SIDES)
    }

    fn picture(&self) -> Option<Picture> {
        Some(self.pos.picture(V::SIDES))
    }
}

impl<P: Position, V: Variant<Rules = P::Rules>> NativePolicies for Board<P, V> {}

impl<P: Position, V: Variant<Rules = P::Rules>> RecordFormats for Board<P, V> {}

impl<P: Position, V: Variant<Rules = P::Rules>> Stages for Board<P, V> {}
