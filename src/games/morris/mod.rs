//! The morris family of seed 004 ("O młynkach w XIII wieku"): the
//! seed's 12 men's morris (alquerque), Catch the Rabbit, nine men's morris
//! and three men's morris, on one engine. Each game is a
//! [`crate::games::board::variant::Variant`]: its name, options and rules
//! page, and how its options become [`Rules`], played by the board-game
//! kit ([`crate::games::board`]);
//! the board ([`geometry`]), the moves ([`movegen`]) and their judging
//! ([`position`]) are shared.

pub mod alquerque;
pub mod describe;
pub mod geometry;
pub mod movegen;
pub mod moves;
pub mod nine_men;
pub mod picture;
pub mod position;
pub mod position_file;
pub mod rabbit;
pub mod rules;
pub mod shared_options;
pub mod three_men;
pub mod view;

use crate::core::dice::Dice;
use crate::core::game::Turn;
use crate::core::log::Log;
use crate::core::outcome::Outcome;
use crate::core::picture::Picture;
use crate::core::position_error::PositionError;
use crate::core::seat::{Seat, SeatSet};
use crate::core::seed::mix;
use crate::core::view::{View, ViewArg, ViewInfo};
use crate::core::view_error::ViewError;
use crate::games::board::game::Board;
use crate::games::board::position::Position as BoardPosition;
use crate::games::morris::moves::Move;
use crate::games::morris::position::{Pending, Position};
use crate::games::morris::rules::{Chain, Rules};
use crate::say;

/// A game of the morris family: the variant `V` on the morris engine.
pub type Morris<V> = Board<Position, V>;

/// The seed's 12 men's morris: alquerque on 25 points.
pub type Alquerque = Morris<alquerque::Alquerque>;
/// Catch the Rabbit.
pub type Rabbit = Morris<rabbit::Rabbit>;
/// Nine men's morris.
pub type NineMen = Morris<nine_men::NineMen>;
/// Three men's morris.
pub type ThreeMen = Morris<three_men::ThreeMen>;

impl BoardPosition for Position {
    type Move = Move;
    type Rules = Rules;
    const FIXED_START: Option<&'static str> = Some("first=seat1");
    const VIEWS: &'static [ViewInfo] = view::VIEWS;

    fn set_up(rules: Rules) -> Self {
        Position::start(rules)
    }

    fn read(
        text: &str,
        game: &'static str,
        sides: &'static [&'static str],
        rules: Rules,
    ) -> Result<Self, PositionError> {
        let parts =
            position_file::parse(text, game, sides, &rules).map_err(PositionError::Content)?;
        let pos = Position::from_parts(rules, parts);
        // A chain with no jump left would have ended: the file is wrong.
        if let Pending::Chain { at, taken } = pos.pending
            && !pos.can_jump_on(at, taken)
        {
            return Err(PositionError::Content(format!(
                "pending: the man on {} has no jump left, so its chain has ended",
                pos.geometry().name(at)
            )));
        }
        Ok(pos)
    }

    fn diagram(&self, sides: &'static [&'static str]) -> String {
        describe::diagram(self, sides)
    }

    fn to_json(&self, game: &'static str, sides: &'static [&'static str]) -> serde_json::Value {
        describe::to_json(self, game, sides)
    }

    fn picture(&self, sides: &'static [&'static str]) -> Picture {
        picture::picture(self, sides)
    }

    fn seats(&self) -> usize {
        2
    }

    #[inline]
    fn turn(&self) -> Turn {
        if self.ending().is_some() {
            Turn::Over
        } else if self.first().is_none() {
            Turn::Chance
        } else {
            Turn::Decide(self.to_move() as Seat)
        }
    }

    fn legal(&self, out: &mut Vec<Move>) {
        self.legal_moves(out);
    }

    #[inline]
    fn draw_move(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        self.pick(draw)
    }

    #[inline]
    fn play_move<L: Log>(&mut self, mv: Move, sides: &'static [&'static str], log: &mut L) {
        self.play(mv);
        if log.on()
            && let Some(e) = self.ending()
        {
            e.narrate(sides, log);
        }
    }

    /// The lot's seat, or the rules'.
    fn first_mover(&self) -> Option<Seat> {
        self.first.map(usize::from)
    }

    fn turn_end(&self) -> Option<Move> {
        match self.pending {
            Pending::Chain { .. } if self.rules.chain == Chain::Optional => {
                Some(Move::stop(self.geometry().kind))
            }
            _ => None,
        }
    }

    fn resolve_chance<L: Log>(
        &mut self,
        dice: &mut Dice,
        sides: &'static [&'static str],
        log: &mut L,
    ) {
        // The lot: one die, low for seat 1, high for seat 2.
        let face = dice.die();
        let first = u8::from(face > 3);
        say!(
            log,
            "lots (die {face}): {} moves first",
            sides[first as usize]
        );
        self.draw_first(first);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending().map(|e| e.outcome(SeatSet::all(2)))
    }

    #[inline]
    fn plies(&self) -> u32 {
        self.ply()
    }

    /// Men left (on the board and in hand), as a share: (mine - theirs) /
    /// (mine + theirs); men jumped in a chain under way are gone.
    fn value(&self, seat: Seat) -> Option<f64> {
        let taken = self.pending.jumped();
        let left =
            |s: usize| f64::from((self.men[s] & !taken).count_ones()) + f64::from(self.hand[s]);
        let (mine, theirs) = (left(seat), left(1 - seat));
        Some(if mine + theirs == 0.0 {
            0.0
        } else {
            (mine - theirs) / (mine + theirs)
        })
    }

    fn hash(&self) -> Option<u64> {
        let words = [
            u64::from(self.men[0]) | u64::from(self.men[1]) << 32,
            u64::from(self.hand[0])
                | u64::from(self.hand[1]) << 8
                | u64::from(self.captured[0]) << 16
                | u64::from(self.captured[1]) << 24
                | u64::from(self.to_move) << 32
                | u64::from(self.first.map_or(3, |f| f)) << 40
                | u64::from(self.line_pending) << 48,
            match self.pending {
                Pending::Turn => 0,
                Pending::Removal => 1,
                Pending::Chain { at, taken } => 2 | u64::from(at) << 2 | u64::from(taken) << 8,
            },
        ];
        Some(words.iter().fold(0x6d6f_7272, |h, &w| mix(h, w)))
    }

    fn answer(
        &self,
        name: &str,
        arg: ViewArg<'_, Move>,
        sides: &'static [&'static str],
    ) -> Result<Option<View>, ViewError> {
        view::view(self, name, arg, sides)
    }
}
