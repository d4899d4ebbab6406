//! [`RecordsEntry`]: the records of other programs a game reads, and the
//! one it writes of ludus's games.

use crate::core::game::Game;
use crate::core::native_policies::NativePolicies;
use crate::core::options::Options;
use crate::core::presentation::Presentation;
use crate::core::record::Record;
use crate::core::record_error::RecordError;
use crate::core::record_formats::RecordFormats;
use crate::core::seat::Seat;
use crate::core::stages::Stages;
use crate::runner::entry::Entry;

/// The records of other programs a game reads and writes.
pub trait RecordsEntry {
    /// The formats of other programs' records the game reads.
    fn record_formats(&self) -> &'static [&'static str];
    /// Reads another program's record of a game ([`crate::core::record_formats::RecordFormats::read_record`]).
    fn read_record(&self, format: &str, text: &str) -> Result<Record, RecordError>;
    /// The file extension of the records ludus writes of this game's
    /// games in another program's format, if it writes any.
    fn written_extension(&self) -> Option<&'static str>;
    /// A game ludus played, made with `options` (as given), in the format
    /// of [`RecordFormats::write_record`]; `None` where it has none or the
    /// game falls outside it.
    fn write_record(
        &self,
        options: &[(String, String)],
        moves: &[(Seat, &str)],
        players: &[String],
        comment: &str,
    ) -> Option<String>;
}

impl<G: Game + Presentation + NativePolicies + RecordFormats + Stages> RecordsEntry for Entry<G> {
    fn record_formats(&self) -> &'static [&'static str] {
        G::record_formats()
    }
    fn read_record(&self, format: &str, text: &str) -> Result<Record, RecordError> {
        G::read_record(format, text)
    }
    fn written_extension(&self) -> Option<&'static str> {
        G::written_format().map(|(_, extension)| extension)
    }
    fn write_record(
        &self,
        options: &[(String, String)],
        moves: &[(Seat, &str)],
        players: &[String],
        comment: &str,
    ) -> Option<String> {
        let options = Options::resolve(G::option_specs(), options).ok()?;
        G::write_record(&options, moves, players, comment)
    }
}
