//! Games played elsewhere: the formats of other programs' game records a
//! game reads. A trait apart from [`Game`], as only Rithmomachy reads one
//! (boardspace.net's).

use crate::core::game::Game;
use crate::core::record::Record;
use crate::core::record_error::RecordError;

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
}
