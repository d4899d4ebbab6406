//! A game played elsewhere, read from another program's record: the
//! options it was played under and its moves written as ludus writes them,
//! so that `ludus position` replays it through the same legality checks as
//! any list of moves.

/// What a record gives (see [`crate::core::record_formats::RecordFormats::read_record`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Options the record implies (`first=white`), as `key=value` pairs; a
    /// key the user sets on the command line overrides the record's.
    pub options: Vec<(String, String)>,
    /// The moves, in this game's notation, in the order played.
    pub moves: Vec<String>,
    /// What the record says that the moves do not (a resignation, the
    /// players' names), for the reader.
    pub notes: Vec<String>,
}
