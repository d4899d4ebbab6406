//! The chess games of seed 004 on one engine: Grande Acedrex on 12x12 and
//! (with four seats) Four Seasons. The board is a padded mailbox
//! ([`board`]), pieces are data ([`piece`], [`rules`]): leapers, sliders,
//! the aanca's and unicorn's two-part moves and the king's first leap;
//! [`movegen`] and [`attack`] are shared, and each game is a [`Variant`]
//! that turns its options into [`rules::Rules`].

pub mod attack;
pub mod board;
pub mod describe;
pub mod four_seasons;
pub mod grande_acedrex;
pub mod movegen;
pub mod moves;
pub mod piece;
pub mod position;
pub mod position_file;
pub mod reach;
pub mod rules;
pub mod shared_options;
pub mod view;
pub mod walls;

use crate::core::option_error::OptionError;
use crate::core::position_error::PositionError;
use crate::core::view_error::ViewError;
use std::marker::PhantomData;
use std::sync::Arc;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::native_policies::NativePolicies;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::presentation::Presentation;
use crate::core::record_formats::RecordFormats;
use crate::core::seat::{Seat, SeatSet};
use crate::core::view::{View, ViewArg, ViewInfo};
use crate::games::chess::moves::Move;
use crate::games::chess::position::{Position, Waiting};
use crate::games::chess::rules::Rules;
use crate::say;

/// One game of the family: what the engine needs to know of it.
pub trait Variant: Send + Sync + 'static {
    /// The registry name.
    const NAME: &'static str;
    /// The reader's name.
    const TITLE: &'static str;
    /// The sides, seat 1 first.
    const SIDES: &'static [&'static str];
    /// The options.
    fn option_specs() -> &'static [OptionSpec];
    /// The rules page.
    fn rules_page() -> &'static str;
    /// The rules the options choose.
    fn rules(options: &Options) -> Result<Rules, String>;
}

/// A chess game of seed 004.
pub struct Chess<V> {
    pos: Position,
    variant: PhantomData<fn() -> V>,
}

impl<V> Clone for Chess<V> {
    fn clone(&self) -> Self {
        Chess {
            pos: self.pos.clone(),
            variant: PhantomData,
        }
    }
}

impl<V: Variant> Chess<V> {
    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// A game from a position.
    pub fn from(pos: Position) -> Self {
        Chess {
            pos,
            variant: PhantomData,
        }
    }
}

/// Grande Acedrex.
pub type GrandeAcedrex = Chess<grande_acedrex::GrandeAcedrex>;

/// Four Seasons.
pub type FourSeasons = Chess<four_seasons::FourSeasons>;

impl<V: Variant> Game for Chess<V> {
    type Move = Move;
    const NAME: &'static str = V::NAME;

    fn option_specs() -> &'static [OptionSpec] {
        V::option_specs()
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        Ok(Self::from(Position::start(Arc::new(
            V::rules(options).map_err(OptionError::Combination)?,
        ))))
    }

    fn from_position(options: &Options, text: &str) -> Result<Self, PositionError> {
        let rules = Arc::new(V::rules(options).map_err(OptionError::Combination)?);
        let parts = position_file::parse(text, V::NAME, V::SIDES, &rules)
            .map_err(PositionError::Content)?;
        Ok(Self::from(Position::from_parts(rules, parts)))
    }

    fn side_name(seat: Seat) -> Option<&'static str> {
        V::SIDES.get(seat).copied()
    }

    fn players(&self) -> usize {
        usize::from(self.pos.rules().seats)
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.pos.waiting() {
            Waiting::Over => Turn::Over,
            Waiting::Dice => Turn::Chance,
            Waiting::Move(s) => Turn::Decide(s as Seat),
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
        if !log.on() {
            return self.pos.play(mv);
        }
        let (seat, alive) = (self.pos.to_move(), self.pos.alive());
        self.pos.play(mv);
        if mv.is_die() && self.pos.to_move() != seat {
            let kind = self
                .pos
                .rules()
                .face_kind(mv.to as u8)
                .map_or("?", |k| k.name());
            say!(log, "no {kind} can move: the turn is lost");
        }
        describe::narrate_out(&self.pos, alive, V::SIDES, log);
        describe::narrate_end(&self.pos, V::SIDES, log);
    }

    fn chance<L: Log>(&mut self, dice: &mut Dice, log: &mut L) {
        let alive = self.pos.alive();
        let thrown = self.pos.throw(dice);
        if log.on() {
            for (seat, faces, lost) in thrown {
                let shown: Vec<String> = faces
                    .iter()
                    .filter(|&&f| f != 0)
                    .map(|&f| {
                        let kind = self.pos.rules().face_kind(f).map_or("?", |k| k.name());
                        format!("{f} ({kind})")
                    })
                    .collect();
                say!(
                    log,
                    "{} throws {}{}",
                    V::SIDES[seat as usize],
                    shown.join(" and "),
                    if lost {
                        ": no move, the turn is lost"
                    } else {
                        ""
                    }
                );
            }
            describe::narrate_out(&self.pos, alive, V::SIDES, log);
            describe::narrate_end(&self.pos, V::SIDES, log);
        }
    }

    fn retire(&mut self, seat: Seat) -> bool {
        self.pos.retire(seat as u8)
    }

    fn outcome(&self) -> Option<Outcome> {
        let seats = usize::from(self.pos.rules().seats);
        self.pos.ending().map(|e| match e.winner {
            _ if seats > 2 => Outcome::ranked(&self.pos.places()[..seats], e.reason),
            Some(w) => Outcome::win(w as Seat, e.reason),
            None => Outcome::draw(SeatSet(self.pos.alive()), e.reason),
        })
    }

    #[inline]
    fn length(&self) -> u32 {
        self.pos.ply()
    }

    fn evaluate(&self, seat: Seat) -> Option<f64> {
        Some(self.pos.material(seat as u8))
    }

    fn content_hash(&self) -> Option<u64> {
        Some(self.pos.content_hash())
    }

    fn views() -> &'static [ViewInfo] {
        view::VIEWS
    }

    fn view(&self, name: &str, arg: ViewArg<'_, Move>) -> Result<View, ViewError> {
        view::view::<V>(&self.pos, name, arg)
    }
}

impl<V: Variant> Presentation for Chess<V> {
    const TITLE: &'static str = V::TITLE;
    const LENGTH_UNIT: &'static str = "plies";

    fn rules() -> &'static str {
        V::rules_page()
    }

    fn diagram(&self) -> String {
        describe::diagram(&self.pos, V::SIDES)
    }

    fn to_json(&self) -> serde_json::Value {
        describe::to_json(&self.pos, V::NAME, V::SIDES)
    }
}

impl<V: Variant> NativePolicies for Chess<V> {}

impl<V: Variant> RecordFormats for Chess<V> {}
