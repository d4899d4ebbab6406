//! A game as the game-agnostic layers see it: [`GameEntry`], every
//! capability at once (play, analysis, presentation, records, each a
//! trait of its own file), made for any game by
//! [`crate::runner::entry::Entry`]; what the registry lists, a cell's
//! plan holds, and the commands call, without knowing any game's rules.

use crate::runner::analysis_entry::AnalysisEntry;
use crate::runner::play_entry::PlayEntry;
use crate::runner::presentation_entry::PresentationEntry;
use crate::runner::records_entry::RecordsEntry;

/// A game as the game-agnostic layers see it: every capability a command
/// may use. A command that needs one more thing of every game adds it to
/// the capability it belongs to; one that needs the game's own types
/// walks them with [`crate::registry::visit_games`].
pub trait GameEntry: PlayEntry + AnalysisEntry + PresentationEntry + RecordsEntry {}

impl<T: PlayEntry + AnalysisEntry + PresentationEntry + RecordsEntry + ?Sized> GameEntry for T {}

impl std::fmt::Debug for dyn GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A game is written as its registry name (`hazard`), as reports and
/// messages name it.
impl std::fmt::Display for dyn GameEntry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}
