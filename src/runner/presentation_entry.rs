//! [`PresentationEntry`]: how a game is shown to a reader: its title,
//! options, rules pages, policies and the views it offers to scripts.

use crate::core::game::Game;
use crate::core::native_policies::{NativePolicies, NativePolicyInfo};
use crate::core::options::{OptionSpec, Options};
use crate::core::presentation::Presentation;
use crate::core::record_formats::RecordFormats;
use crate::core::stages::Stages;
use crate::core::view::ViewInfo;
use crate::runner::entry::Entry;

/// How a game is shown: what `ludus games`, `ludus rules` and the reports ask of it.
pub trait PresentationEntry {
    /// The reader's name.
    fn title(&self) -> &'static str;
    /// The unit a game's length counts (`throws`, `plies`).
    fn length_unit(&self) -> &'static str;
    /// The options.
    fn option_specs(&self) -> &'static [OptionSpec];
    /// The rules as implemented.
    fn rules(&self) -> &'static str;
    /// The rules page for these options (a rule set's own page, if it has one).
    fn rules_page(&self, options: &Options) -> String;
    /// The game's own native policies.
    fn native_policies(&self) -> &'static [NativePolicyInfo];
    /// The views the game offers to scripts.
    fn views(&self) -> &'static [ViewInfo];
}

impl<G: Game + Presentation + NativePolicies + RecordFormats + Stages> PresentationEntry
    for Entry<G>
{
    fn title(&self) -> &'static str {
        G::TITLE
    }
    fn length_unit(&self) -> &'static str {
        G::LENGTH_UNIT
    }
    fn option_specs(&self) -> &'static [OptionSpec] {
        G::option_specs()
    }
    fn rules(&self) -> &'static str {
        G::rules()
    }
    fn rules_page(&self, options: &Options) -> String {
        G::rules_page(options)
    }
    fn native_policies(&self) -> &'static [NativePolicyInfo] {
        G::native_policies()
    }
    fn views(&self) -> &'static [ViewInfo] {
        G::views()
    }
}
