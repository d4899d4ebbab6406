//! The chess games of seed 004 on one engine: Grande Acedrex on 12x12 and
//! (with four seats) Four Seasons. The board is a padded mailbox
//! ([`board`]), pieces are data ([`piece`], [`rules`]): leapers, sliders,
//! the aanca's and unicorn's two-part moves and the king's first leap;
//! [`movegen`] and [`attack`] are shared, and each game is a
//! [`crate::games::board::variant::Variant`] that turns its options into
//! [`rules::Rules`], played by the board-game kit ([`crate::games::board`]).

pub mod attack;
pub mod board;
pub mod describe;
pub mod four_seasons;
pub mod grande_acedrex;
pub mod legal;
pub mod mate;
pub mod material;
pub mod movegen;
pub mod moves;
pub mod picture;
pub mod piece;
pub mod position;
pub mod position_file;
pub mod reach;
pub mod readings;
pub mod rules;
pub mod shared_options;
pub mod steps;
pub mod throw;
pub mod view;
pub mod walls;

use crate::core::position_error::PositionError;
use crate::core::view_error::ViewError;
use std::sync::Arc;

use crate::core::dice::Dice;
use crate::core::game::Turn;
use crate::core::log::Log;
use crate::core::outcome::Outcome;
use crate::core::picture::Picture;
use crate::core::seat::{Seat, SeatSet};
use crate::core::view::{View, ViewArg, ViewInfo};
use crate::games::board::game::Board;
use crate::games::board::position::Position as BoardPosition;
use crate::games::chess::moves::Move;
use crate::games::chess::position::{Position, Waiting};
use crate::games::chess::rules::Rules;
use crate::say;

/// A chess game of seed 004: the variant `V` on the chess engine.
pub type Chess<V> = Board<Position, V>;

/// Grande Acedrex.
pub type GrandeAcedrex = Chess<grande_acedrex::GrandeAcedrex>;

/// Four Seasons.
pub type FourSeasons = Chess<four_seasons::FourSeasons>;

impl BoardPosition for Position {
    type Move = Move;
    type Rules = Rules;
    const VIEWS: &'static [ViewInfo] = view::VIEWS;
    // The fast draw tries candidates that may leave the king attacked.
    const PICK_COUNTS: bool = false;

    fn set_up(rules: Rules) -> Self {
        Position::start(Arc::new(rules))
    }

    fn read(
        text: &str,
        game: &'static str,
        sides: &'static [&'static str],
        rules: Rules,
    ) -> Result<Self, PositionError> {
        let rules = Arc::new(rules);
        let parts =
            position_file::parse(text, game, sides, &rules).map_err(PositionError::Content)?;
        Ok(Position::from_parts(rules, parts))
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
        usize::from(self.rules().seats)
    }

    #[inline]
    fn turn(&self) -> Turn {
        match self.waiting() {
            Waiting::Over => Turn::Over,
            Waiting::Dice => Turn::Chance,
            Waiting::Move(s) => Turn::Decide(s as Seat),
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
        if !log.on() {
            return self.play(mv);
        }
        let (seat, alive) = (self.to_move(), self.alive());
        self.play(mv);
        if mv.is_die() && self.to_move() != seat {
            let kind = self
                .rules()
                .face_kind(mv.to as u8)
                .map_or("?", |k| k.name());
            say!(log, "no {kind} can move: the turn is lost");
        }
        describe::narrate_out(self, alive, sides, log);
        describe::narrate_end(self, sides, log);
    }

    fn resolve_chance<L: Log>(
        &mut self,
        dice: &mut Dice,
        sides: &'static [&'static str],
        log: &mut L,
    ) {
        let alive = self.alive();
        let thrown = self.throw(dice);
        if log.on() {
            if let Some((seat, faces, lost)) = thrown {
                let shown: Vec<String> = faces
                    .iter()
                    .filter(|&&f| f != 0)
                    .map(|&f| {
                        let kind = self.rules().face_kind(f).map_or("?", |k| k.name());
                        format!("{f} ({kind})")
                    })
                    .collect();
                say!(
                    log,
                    "{} throws {}{}",
                    sides[seat as usize],
                    shown.join(" and "),
                    if lost {
                        ": no move, the turn is lost"
                    } else {
                        ""
                    }
                );
            }
            describe::narrate_out(self, alive, sides, log);
            describe::narrate_end(self, sides, log);
        }
    }

    /// The rules' first seat: with the die, a first throw that names a
    /// kind with no move loses the turn, so the first decision may be the
    /// next seat's.
    fn first_mover(&self) -> Option<Seat> {
        Some(usize::from(self.rules().first))
    }

    fn retire_seat(&mut self, seat: Seat) -> bool {
        self.retire(seat as u8)
    }

    fn outcome(&self) -> Option<Outcome> {
        let seats = usize::from(self.rules().seats);
        self.ending().map(|e| match e.winner {
            _ if seats > 2 => Outcome::ranked(&self.places()[..seats], e.reason),
            _ => e.outcome(SeatSet(self.alive())),
        })
    }

    #[inline]
    fn plies(&self) -> u32 {
        self.ply()
    }

    fn value(&self, seat: Seat) -> Option<f64> {
        Some(self.material(seat as u8))
    }

    fn hash(&self) -> Option<u64> {
        Some(self.content_hash())
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
