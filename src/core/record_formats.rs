//! Games played elsewhere: the formats of other programs' game records a
//! game reads, and writes of the games ludus plays. A trait apart from
//! [`Game`], as only Rithmomachy has one (boardspace.net's).

use crate::core::game::Game;
use crate::core::options::Options;
use crate::core::record::Record;
use crate::core::record_error::RecordError;
use crate::core::seat::Seat;

/// The records a game reads; none by default.
pub trait RecordFormats: Game {
    /// The formats of other programs' game records that
    /// [`RecordFormats::read_record`] reads (`boardspace`).
    fn record_formats() -> &'static [&'static str] {
        &[]
    }

    /// Reads a record of a game played elsewhere, in one of
    /// [`RecordFormats::record_formats`]: its options and its moves in this
    /// game's notation, which the caller plays as it plays any list of
    /// moves. The error names the entry of the record at fault.
    fn read_record(format: &str, _text: &str) -> Result<Record, RecordError> {
        Err(RecordError::Unsupported {
            game: Self::NAME,
            format: format.to_string(),
        })
    }

    /// The format in which ludus writes the games it keeps of this game
    /// beside `records.jsonl`, and the file extension: `("boardspace",
    /// "sgf")`; none by default.
    fn written_format() -> Option<(&'static str, &'static str)> {
        None
    }

    /// A game ludus played, in [`RecordFormats::written_format`]: played
    /// under `options`, its decisions as the game writes them with the
    /// seat of each, a name for each seat, and a line of `comment` (the
    /// seed, the options) for the reader. `None` where the options or a
    /// move fall outside what the format can say.
    fn write_record(
        _options: &Options,
        _moves: &[(Seat, &str)],
        _players: &[String],
        _comment: &str,
    ) -> Option<String> {
        None
    }
}
