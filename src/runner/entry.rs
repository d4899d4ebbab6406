//! [`Entry`]: the zero-sized handle through which a game's type `G` is
//! every capability of [`crate::runner::game_entry::GameEntry`], so that
//! the registry lists games as trait objects.

use std::marker::PhantomData;

use crate::core::game::Game;

/// The seed of the random games whose positions
/// [`crate::runner::play_entry::PlayEntry::search_speed`] searches from:
/// one seed, so that every measurement times the same work.
pub const SEARCH_SEED: u64 = 1;

/// The [`crate::runner::game_entry::GameEntry`] of game `G`.
pub struct Entry<G>(PhantomData<fn() -> G>);

impl<G: Game> Entry<G> {
    /// The entry of `G`.
    pub const fn new() -> Entry<G> {
        Entry(PhantomData)
    }
}

impl<G: Game> Default for Entry<G> {
    fn default() -> Entry<G> {
        Entry::new()
    }
}
