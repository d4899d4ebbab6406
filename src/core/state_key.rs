//! The identity of a game state for exact analysis: the bytes its
//! fields' [`Hash`] writes, kept whole rather than folded into a number,
//! so that two states share a key only if they are equal, not by a
//! collision of hashes.

use std::hash::{Hash, Hasher};

/// The bytes that identify a state (see [`crate::core::game::Game::state_key`]).
///
/// ```
/// use ludus::core::state_key::StateKey;
/// let (mut a, mut b) = (StateKey::default(), StateKey::default());
/// a.add(&(3u8, [1u32, 2]));
/// b.add(&(3u8, [1u32, 2]));
/// assert_eq!(a, b);
/// b.add(&0u8);
/// assert_ne!(a, b);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct StateKey(pub Vec<u8>);

impl StateKey {
    /// Appends what `value`'s [`Hash`] writes.
    pub fn add<T: Hash + ?Sized>(&mut self, value: &T) {
        value.hash(self);
    }

    /// Empties the key for reuse.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl Hasher for StateKey {
    fn write(&mut self, bytes: &[u8]) {
        self.0.extend_from_slice(bytes);
    }

    // Not a hash: a key is compared whole. An FNV fold, for a caller that
    // asks anyway.
    fn finish(&self) -> u64 {
        self.0.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        })
    }
}
