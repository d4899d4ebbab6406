//! The morris family of seed 004 ("O młynkach w XIII wieku"): the
//! seed's 12 men's morris (alquerque), Catch the Rabbit, nine men's morris
//! and three men's morris, on one engine. Each game is a [`Variant`]: its
//! name, options and rules page, and how its options become [`Rules`];
//! the board ([`geometry`]), the moves ([`movegen`]) and their judging
//! ([`position`]) are shared.

pub mod alquerque;
pub mod describe;
pub mod geometry;
pub mod movegen;
pub mod moves;
pub mod nine_men;
pub mod position;
pub mod position_file;
pub mod rabbit;
pub mod rules;
pub mod shared_options;
pub mod three_men;
pub mod view;

use crate::core::option_error::OptionError;
use crate::core::position_error::PositionError;
use crate::core::view_error::ViewError;
use std::marker::PhantomData;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::native_policies::NativePolicies;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::presentation::Presentation;
use crate::core::record_formats::RecordFormats;
use crate::core::seat::{Seat, SeatSet};
use crate::core::seed::mix;
use crate::core::view::{View, ViewArg, ViewInfo};
use crate::games::morris::moves::Move;
use crate::games::morris::position::Position;
use crate::games::morris::rules::Rules;
use crate::say;

/// One game of the family: what the engine needs to know of it.
pub trait Variant: Send + Sync + 'static {
    /// The registry name.
    const NAME: &'static str;
    /// The reader's name.
    const TITLE: &'static str;
    /// The sides seats 1 and 2 play.
    const SIDES: [&'static str; 2];
    /// The options.
    fn option_specs() -> &'static [OptionSpec];
    /// The rules page.
    fn rules_page() -> &'static str;
    /// The rules the options choose.
    fn rules(options: &Options) -> Result<Rules, String>;
    /// The options in force (presets resolved).
    fn in_force(options: &Options) -> Result<Options, String> {
        Ok(options.clone())
    }
}

/// A game of the morris family.
pub struct Morris<V> {
    pos: Position,
    variant: PhantomData<fn() -> V>,
}

impl<V> Clone for Morris<V> {
    fn clone(&self) -> Self {
        Morris {
            pos: self.pos.clone(),
            variant: PhantomData,
        }
    }
}

impl<V: Variant> Morris<V> {
    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// A game from a position.
    pub fn from(pos: Position) -> Self {
        Morris {
            pos,
            variant: PhantomData,
        }
    }
}

/// The seed's 12 men's morris: alquerque on 25 points.
pub type Alquerque = Morris<alquerque::Alquerque>;
/// Catch the Rabbit.
pub type Rabbit = Morris<rabbit::Rabbit>;
/// Nine men's morris.
pub type NineMen = Morris<nine_men::NineMen>;
/// Three men's morris.
pub type ThreeMen = Morris<three_men::ThreeMen>;

impl<V: Variant> Game for Morris<V> {
    type Move = Move;
    const NAME: &'static str = V::NAME;
    const FIXED_START: Option<&'static str> = Some("first=seat1");

    fn option_specs() -> &'static [OptionSpec] {
        V::option_specs()
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        Ok(Self::from(Position::start(
            V::rules(options).map_err(OptionError::Combination)?,
        )))
    }

    fn options_in_force(options: &Options) -> Result<Options, OptionError> {
        V::in_force(options).map_err(OptionError::Combination)
    }

    fn from_position(options: &Options, text: &str) -> Result<Self, PositionError> {
        let rules = V::rules(options).map_err(OptionError::Combination)?;
        let parts = position_file::parse(text, V::NAME, &V::SIDES, &rules)
            .map_err(PositionError::Content)?;
        Ok(Self::from(Position::from_parts(rules, parts)))
    }

    fn side_name(seat: Seat) -> Option<&'static str> {
        V::SIDES.get(seat).copied()
    }

    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        if self.pos.ending().is_some() {
            Turn::Over
        } else if self.pos.first().is_none() {
            Turn::Chance
        } else {
            Turn::Decide(self.pos.to_move() as Seat)
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.pos.legal_moves(out);
    }

    #[inline]
    fn pick_move(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        self.pos.pick(draw)
    }

    #[inline]
    fn play<L: Log>(&mut self, mv: Move, log: &mut L) {
        self.pos.play(mv);
        if log.on()
            && let Some(e) = self.pos.ending()
        {
            match e.winner {
                Some(w) => say!(log, "{} wins by {}", V::SIDES[w as usize], e.reason),
                None => say!(log, "a draw by {}", e.reason),
            }
        }
    }

    fn chance<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        // The lot: one die, low for seat 1, high for seat 2.
        let face = dice.die();
        let first = u8::from(face > 3);
        say!(
            log,
            "lots (die {face}): {} moves first",
            V::SIDES[first as usize]
        );
        self.pos.draw_first(first);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.ending().map(|e| match e.winner {
            Some(w) => Outcome::win(w as Seat, e.reason),
            None => Outcome::draw(SeatSet::all(2), e.reason),
        })
    }

    #[inline]
    fn length(&self) -> u32 {
        self.pos.ply()
    }

    /// Men left (on the board and in hand), as a share: (mine - theirs) /
    /// (mine + theirs).
    fn evaluate(&self, seat: Seat) -> Option<f64> {
        let left = |s: usize| f64::from(self.pos.men[s].count_ones()) + f64::from(self.pos.hand[s]);
        let (mine, theirs) = (left(seat), left(1 - seat));
        Some(if mine + theirs == 0.0 {
            0.0
        } else {
            (mine - theirs) / (mine + theirs)
        })
    }

    fn content_hash(&self) -> Option<u64> {
        let p = &self.pos;
        let words = [
            u64::from(p.men[0]) | u64::from(p.men[1]) << 32,
            u64::from(p.hand[0])
                | u64::from(p.hand[1]) << 8
                | u64::from(p.captured[0]) << 16
                | u64::from(p.captured[1]) << 24
                | u64::from(p.to_move) << 32
                | u64::from(p.first.map_or(3, |f| f)) << 40
                | u64::from(p.line_pending) << 48,
        ];
        Some(words.iter().fold(0x6d6f_7272, |h, &w| mix(h, w)))
    }

    fn views() -> &'static [ViewInfo] {
        view::VIEWS
    }

    fn view(&self, name: &str, arg: ViewArg<'_, Move>) -> Result<View, ViewError> {
        view::view::<V>(&self.pos, name, arg)
    }
}

impl<V: Variant> Presentation for Morris<V> {
    const TITLE: &'static str = V::TITLE;
    const LENGTH_UNIT: &'static str = "plies";

    fn rules() -> &'static str {
        V::rules_page()
    }

    fn diagram(&self) -> String {
        describe::diagram(&self.pos, &V::SIDES)
    }

    fn to_json(&self) -> serde_json::Value {
        describe::to_json(&self.pos, V::NAME, &V::SIDES)
    }
}

impl<V: Variant> NativePolicies for Morris<V> {}

impl<V: Variant> RecordFormats for Morris<V> {}
