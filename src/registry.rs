//! The one place that maps game names to games: the list of every game's
//! [`GameEntry`], and the one message for a name that is none of them.

use crate::games::chess;
use crate::games::dice;
use crate::games::morris;
use crate::games::rithmomachy::Rithmomachy;
use crate::runner::game_entry::{Entry, GameEntry};

/// Every game, in the order `ludus games` lists them.
pub fn games() -> &'static [&'static dyn GameEntry] {
    // A static, not a const: a const's vtables are built again in every
    // crate that inlines this small function, and with them every game's
    // code, so that the binary compiled all the games a second time (112 s
    // of a 372 s release build).
    static GAMES: &[&dyn GameEntry] = &[
        &Entry::<dice::extreme::Mayor>::new(),
        &Entry::<dice::extreme::Menor>::new(),
        &Entry::<dice::tanto::Tanto>::new(),
        &Entry::<dice::triga::Triga>::new(),
        &Entry::<dice::hazard::Hazard>::new(),
        &Entry::<dice::hazard_stakes::HazardStakes>::new(),
        &Entry::<dice::marlota::Marlota>::new(),
        &Entry::<dice::riffa::Riffa>::new(),
        &Entry::<dice::pair_ace::PairAce>::new(),
        &Entry::<dice::panquist::Panquist>::new(),
        &Entry::<dice::half_hazard::HalfHazard>::new(),
        &Entry::<dice::growing_hazard::GrowingHazard>::new(),
        &Entry::<dice::guirguiesca::Guirguiesca>::new(),
        &Entry::<Rithmomachy>::new(),
        &Entry::<morris::Alquerque>::new(),
        &Entry::<morris::Rabbit>::new(),
        &Entry::<morris::NineMen>::new(),
        &Entry::<morris::ThreeMen>::new(),
        &Entry::<chess::GrandeAcedrex>::new(),
        &Entry::<chess::FourSeasons>::new(),
    ];
    GAMES
}

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
