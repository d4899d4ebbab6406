//! Rithmomachy, the philosophers' game (seeds 000-003), on one engine whose
//! rule sets are presets of the same options ([`rules::Rules`]).
//!
//! Seat 1 plays White, seat 2 Black.

pub mod announcement;
pub mod board;
pub mod boardspace_record;
pub mod capture;
pub mod captured;
pub mod capturing;
pub mod describe;
pub mod evaluation;
pub mod glorious;
pub mod half;
pub mod history;
pub mod legal;
pub mod lines;
pub mod moves;
pub mod options;
pub mod picture;
pub mod piece;
pub mod position;
pub mod position_file;
pub mod progression;
pub mod reach;
pub mod reserve;
pub mod rules;
pub mod rules_error;
pub mod setup;
pub mod square;
pub mod triumph;
pub mod turn;
pub mod values;
pub mod variant;
pub mod victory;
pub mod victory_check;
pub mod view;
pub mod zobrist;

use std::sync::Arc;

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Log;
use crate::core::native_policies::NativePolicies;
use crate::core::option_error::OptionError;
use crate::core::options::{OptionSpec, Options};
use crate::core::outcome::Outcome;
use crate::core::picture::Picture;
use crate::core::position_error::PositionError;
use crate::core::presentation::Presentation;
use crate::core::record::Record;
use crate::core::record_error::RecordError;
use crate::core::record_formats::RecordFormats;
use crate::core::seat::SeatSet;
use crate::core::stages::Stages;
use crate::core::view::{View, ViewArg, ViewInfo};
use crate::core::view_error::ViewError;
use crate::games::rithmomachy::moves::Move;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::position::Position;
use crate::games::rithmomachy::variant::Variant;
use crate::say;

/// A game of Rithmomachy.
#[derive(Debug)]
pub struct Rithmomachy {
    pos: Position,
}

impl Clone for Rithmomachy {
    fn clone(&self) -> Rithmomachy {
        Rithmomachy {
            pos: self.pos.clone(),
        }
    }

    /// Keeps the room of the position's lists ([`Position`]'s `clone_from`).
    fn clone_from(&mut self, source: &Rithmomachy) {
        self.pos.clone_from(&source.pos);
    }
}

impl Rithmomachy {
    /// The position.
    pub fn position(&self) -> &Position {
        &self.pos
    }

    /// A game from a position.
    pub fn from(pos: Position) -> Rithmomachy {
        Rithmomachy { pos }
    }
}

fn variant(options: &Options) -> Result<Arc<Variant>, OptionError> {
    Ok(Arc::new(Variant::new(options::resolve(options)?)?))
}

impl Game for Rithmomachy {
    type Move = Move;
    const NAME: &'static str = "rithmomachy";
    /// Cut at 40 decisions and scored by the balance of values, `mcts:100`
    /// beat playouts of 200 decisions in 32 games of 40 (Dagonell's rules,
    /// docs/policies.md) at a fifth of the cost.
    const PLAYOUT_CAP: u32 = 40;

    fn option_specs() -> &'static [OptionSpec] {
        options::OPTIONS
    }

    fn new(options: &Options) -> Result<Self, OptionError> {
        Ok(Rithmomachy {
            pos: Position::start(variant(options)?),
        })
    }

    fn options_in_force(options: &Options) -> Result<Options, OptionError> {
        Ok(options::in_force(options, &options::resolve(options)?))
    }

    fn from_position(options: &Options, text: &str) -> Result<Self, PositionError> {
        let spec = position_file::parse(text)?;
        let rules = options.choice("rules");
        if let Some(named) = &spec.rules
            && named != rules
        {
            return Err(PositionError::Content(format!(
                "the position is for the rule set `{named}` but the game is set to `{rules}`: pass --rules {named}"
            )));
        }
        let variant = variant(options)?;
        let ranks = variant.rules.ranks;
        if let Some((s, _)) = spec.board.pieces().find(|(s, _)| s.rank() >= ranks as i8) {
            return Err(PositionError::Content(format!(
                "a piece on {s}: the board is 8 x {ranks} (ranks 1-{ranks})"
            )));
        }
        Ok(Rithmomachy {
            pos: Position::from_parts(variant, spec),
        })
    }

    fn players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        if self.pos.ending().is_some() {
            Turn::Over
        } else {
            Turn::Decide(self.pos.to_move().index())
        }
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.pos.legal_moves(out);
    }

    fn pick_move(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        self.pos.pick_move(draw)
    }

    // The fast draw tries candidates, some blocked: it does not count.
    const PICK_COUNTS: bool = false;

    fn count_moves(&self, _buf: &mut Vec<Move>) -> usize {
        self.pos.count_moves()
    }

    fn play<L: Log>(&mut self, mv: Move, log: &mut L) {
        self.pos.play(mv);
        for c in self.pos.last_captures() {
            say!(log, "  captures {}", describe::capture(c));
        }
        if let Some(e) = self.pos.ending() {
            match e.winner {
                Some(w) => say!(log, "{w} wins by {}", e.reason),
                None => say!(log, "a draw by {}", e.reason),
            }
        }
    }

    fn chance_step<L: Log>(&mut self, _dice: &mut Dice, _log: &mut L) {
        unreachable!("Rithmomachy has no chance events")
    }

    fn outcome(&self) -> Option<Outcome> {
        self.pos.ending().map(|e| match e.winner {
            Some(w) => Outcome::win(w.index(), e.reason),
            None => Outcome::draw(SeatSet::all(2), e.reason),
        })
    }

    fn length(&self) -> u32 {
        self.pos.ply()
    }

    /// boardspace.net's robots' measure: the fraction of the enemy's pieces
    /// taken plus half the fraction of their value, this side's less the
    /// other's ([`evaluation::balance`]).
    fn evaluate(&self, seat: usize) -> Option<f64> {
        Some(evaluation::balance(&self.pos, Side::of_seat(seat)))
    }

    fn content_hash(&self) -> Option<u64> {
        Some(self.pos.key())
    }

    fn side_name(seat: usize) -> Option<&'static str> {
        Some(Side::of_seat(seat).name())
    }

    fn views() -> &'static [ViewInfo] {
        view::VIEWS
    }

    fn view(&self, name: &str, arg: ViewArg<'_, Move>) -> Result<View, ViewError> {
        view::view(&self.pos, name, arg)
    }

    fn view_each<E>(
        &self,
        name: &str,
        moves: &[Move],
        each: impl FnMut(usize, Result<View, ViewError>) -> Result<(), E>,
    ) -> Result<(), E> {
        view::view_each(&self.pos, name, moves, each)
    }
}

impl Presentation for Rithmomachy {
    const TITLE: &'static str = "Rithmomachy (seeds 000-003)";
    const LENGTH_UNIT: &'static str = "plies";

    fn rules() -> &'static str {
        include_str!("rithmomachy.md")
    }

    fn rules_page(options: &Options) -> String {
        match options.choice("rules") {
            "medieval" => include_str!("../../../data/rithmomachy/medieval.md").to_string(),
            "dagonell" => include_str!("../../../data/rithmomachy/dagonell.md").to_string(),
            "fulke" => include_str!("../../../data/rithmomachy/fulke.md").to_string(),
            _ => Self::rules().to_string(),
        }
    }

    fn diagram(&self) -> String {
        describe::diagram(&self.pos)
    }

    fn to_json(&self) -> serde_json::Value {
        describe::to_json(&self.pos)
    }

    fn picture(&self) -> Option<Picture> {
        Some(picture::picture(&self.pos))
    }
}

impl NativePolicies for Rithmomachy {}

impl Stages for Rithmomachy {}

impl RecordFormats for Rithmomachy {
    fn record_formats() -> &'static [&'static str] {
        &["boardspace"]
    }

    fn read_record(format: &str, text: &str) -> Result<Record, RecordError> {
        if format != "boardspace" {
            return Err(RecordError::Content(format!(
                "rithmomachy reads records of boardspace.net, not `{format}`"
            )));
        }
        let given = [("rules".to_string(), "boardspace".to_string())];
        let options = Options::resolve(options::OPTIONS, &given)
            .and_then(|o| variant(&o))
            .expect("the boardspace preset is valid");
        boardspace_record::read(text, &Position::start(options))
    }

    fn written_format() -> Option<(&'static str, &'static str)> {
        Some(("boardspace", "sgf"))
    }

    /// Only games of boardspace.net's own rule set: the site plays no
    /// other, and its notation has no captures by choice, drops or
    /// announcements.
    fn write_record(
        options: &Options,
        moves: &[(crate::core::seat::Seat, &str)],
        players: &[String],
        comment: &str,
    ) -> Option<String> {
        if options.choice("rules") != "boardspace" {
            return None;
        }
        boardspace_record::write(moves, players, comment)
    }
}
