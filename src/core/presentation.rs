//! How a game shows itself to a reader: its title, its rules page, a
//! position's diagram and JSON. Kept apart from [`Game`], the play trait, as
//! shakmaty keeps SAN and FEN apart from move generation: the runner plays
//! through `Game` alone, and the commands that show things ask for this.

use crate::core::game::Game;
use crate::core::options::Options;
use crate::core::picture::Picture;

/// What a reader sees of a game.
pub trait Presentation: Game {
    /// The game's name as a reader knows it, e.g. `"Hazard (004 e)"`.
    const TITLE: &'static str;
    /// The unit [`Game::length`] counts, in the plural, for reports and
    /// charts: `"throws"` (dice games), `"plies"` (board games).
    const LENGTH_UNIT: &'static str;

    /// The rules as implemented: every interpretation and the seed sentence it rests on.
    fn rules() -> &'static str;

    /// The rules page for these options: [`Presentation::rules`] unless
    /// the game gives some of its variants (e.g. a rule set) a page of
    /// their own.
    fn rules_page(_options: &Options) -> String {
        Self::rules().to_string()
    }

    /// The state as a reader sees it, for `ludus position` and after each
    /// decision of `ludus play --board` (empty if the game has no diagram).
    fn diagram(&self) -> String {
        String::new()
    }

    /// The state as a picture (board, pieces, dice, panel), for the replay
    /// pages, which draw every game's pictures with one renderer; `None`
    /// where the game has none.
    fn picture(&self) -> Option<Picture> {
        None
    }

    /// The state as one JSON object, for `ludus position --json`.
    fn to_json(&self) -> serde_json::Value {
        serde_json::Value::Null
    }

    /// A decision state in the terms a player weighs, named numbers in
    /// the order a table of optimal play lists them, the last the one it
    /// gives in ranges (`ludus exact --strategy`): e.g. the pot, the
    /// lead, and what the thrower has won. Empty (the default) where the
    /// game does not describe its decisions.
    fn situation(&self) -> Vec<(&'static str, i64)> {
        Vec::new()
    }

    /// What each term of [`Presentation::situation`] counts, by name, so
    /// that a table of optimal play can explain its columns. Empty (the
    /// default) where the game does not say.
    fn situation_meanings() -> &'static [(&'static str, &'static str)]
    where
        Self: Sized,
    {
        &[]
    }
}
