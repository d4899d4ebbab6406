//! The positions met since the last capture, by their keys: what a
//! repetition is counted against.

/// The keys of the positions met since the last capture (none of them can
/// come back after one), with a bitset of their top bits: a position never
/// met, nearly every one in play, is told so without a walk of the list.
#[derive(Debug, Default)]
pub struct History {
    keys: Vec<u64>,
    /// One bit for each value of the top 8 bits of a key in `keys`.
    seen: [u64; 4],
}

impl Clone for History {
    fn clone(&self) -> History {
        History {
            keys: self.keys.clone(),
            seen: self.seen,
        }
    }

    /// Keeps the room of the list.
    fn clone_from(&mut self, source: &History) {
        self.keys.clone_from(&source.keys);
        self.seen = source.seen;
    }
}

impl History {
    /// Forgets every position (after a capture).
    pub fn clear(&mut self) {
        self.keys.clear();
        self.seen = [0; 4];
    }

    /// How many times the position with key `key` has been met.
    ///
    /// ```
    /// use ludus::games::rithmomachy::history::History;
    /// let mut h = History::default();
    /// h.push(7);
    /// h.push(7 | 1 << 63);
    /// h.push(7);
    /// assert_eq!((h.count(7), h.count(7 | 1 << 63), h.count(8)), (2, 1, 0));
    /// h.clear();
    /// assert_eq!(h.count(7), 0);
    /// ```
    #[inline]
    pub fn count(&self, key: u64) -> u32 {
        let (word, bit) = slot(key);
        if self.seen[word] & bit == 0 {
            return 0;
        }
        self.keys.iter().filter(|&&k| k == key).count() as u32
    }

    /// Records the position with key `key`.
    #[inline]
    pub fn push(&mut self, key: u64) {
        let (word, bit) = slot(key);
        self.seen[word] |= bit;
        self.keys.push(key);
    }
}

/// The word and bit of `seen` for `key`: its top 8 bits.
#[inline]
fn slot(key: u64) -> (usize, u64) {
    let top = (key >> 56) as usize;
    (top >> 6, 1 << (top & 63))
}
