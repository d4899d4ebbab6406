//! The one place that maps game names to games: the list of every game's
//! [`GameEntry`], and the one message for a name that is none of them.

use crate::core::game::Game;
use crate::core::native_policies::NativePolicies;
use crate::core::presentation::Presentation;
use crate::core::record_formats::RecordFormats;
use crate::core::stages::Stages;
use crate::games::chess;
use crate::games::dice;
use crate::games::morris;
use crate::games::rithmomachy::Rithmomachy;
use crate::runner::entry::Entry;
use crate::runner::game_entry::GameEntry;

/// Every game's type, once, in the order `ludus games` lists them: the
/// list of entries ([`games`]) and the visit of each type
/// ([`visit_games`]) are both made from it, so that a game added here is
/// listed, run and walked by every generic test at once.
macro_rules! registered {
    ($($game:ty),* $(,)?) => {
        /// Every game, in the order `ludus games` lists them.
        pub fn games() -> &'static [&'static dyn GameEntry] {
            // A static, not a const: a const's vtables are built again in
            // every crate that inlines this small function, and with them
            // every game's code, so that the binary compiled all the games
            // a second time (112 s of a 372 s release build).
            static GAMES: &[&dyn GameEntry] = &[$(&Entry::<$game>::new()),*];
            GAMES
        }

        /// Shows `visitor` each game's type, in the order of [`games`].
        pub fn visit_games(visitor: &mut impl GameVisitor) {
            $(visitor.visit::<$game>();)*
        }
    };
}

registered![
    dice::extreme::Mayor,
    dice::extreme::Menor,
    dice::tanto::Tanto,
    dice::triga::Triga,
    dice::hazard::Hazard,
    dice::hazard_stakes::HazardStakes,
    dice::marlota::Marlota,
    dice::riffa::Riffa,
    dice::pair_ace::PairAce,
    dice::panquist::Panquist,
    dice::half_hazard::HalfHazard,
    dice::growing_hazard::GrowingHazard,
    dice::guirguiesca::Guirguiesca,
    Rithmomachy,
    morris::Alquerque,
    morris::Rabbit,
    morris::NineMen,
    morris::ThreeMen,
    chess::GrandeAcedrex,
    chess::FourSeasons,
];

/// What is done with each registered game by its type
/// ([`visit_games`]): a generic check written once walks every game.
///
/// ```
/// use ludus::core::game::Game;
/// use ludus::registry::{GameVisitor, games, visit_games};
/// struct Names(Vec<&'static str>);
/// impl GameVisitor for Names {
///     fn visit<G: ludus::registry::Registered>(&mut self) {
///         self.0.push(G::NAME);
///     }
/// }
/// let mut names = Names(Vec::new());
/// visit_games(&mut names);
/// assert_eq!(names.0, games().iter().map(|g| g.name()).collect::<Vec<_>>());
/// ```
pub trait GameVisitor {
    /// Does what is done with game `G`.
    fn visit<G: Registered>(&mut self);
}

/// What a registered game implements: the traits every command reaches
/// it through.
pub trait Registered: Game + Presentation + NativePolicies + RecordFormats + Stages {}

impl<G: Game + Presentation + NativePolicies + RecordFormats + Stages> Registered for G {}

/// The game registered under `name`.
pub fn find(name: &str) -> Option<&'static dyn GameEntry> {
    games().iter().copied().find(|g| g.name() == name)
}

/// The game registered under `name`, or the message that lists the games.
///
/// ```
/// assert_eq!(ludus::registry::game("hazard").unwrap().name(), "hazard");
/// let e = ludus::registry::game("chess").unwrap_err().to_string();
/// assert!(e.starts_with("unknown game `chess` (games: mayor, menor,"), "{e}");
/// let e = ludus::registry::game("hazzard").unwrap_err().to_string();
/// assert!(e.ends_with("); did you mean `hazard`?"), "{e}");
/// ```
pub fn game(name: &str) -> Result<&'static dyn GameEntry, UnknownGame> {
    find(name).ok_or_else(|| UnknownGame {
        name: name.to_string(),
    })
}

/// A game name the registry does not hold; its message lists the games.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown game `{}` (games: {}){}",
    crate::core::text::printable(.name.as_bytes(), false),
    games().iter().map(|g| g.name()).collect::<Vec<_>>().join(", "),
    crate::core::suggest::did_you_mean(.name, games().iter().map(|g| g.name()))
)]
pub struct UnknownGame {
    /// The name as given.
    pub name: String,
}
