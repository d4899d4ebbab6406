//! What each side has captured: the tallies the common victories count.

use std::sync::Arc;

use crate::games::rithmomachy::piece::{Layer, digits};

/// The pieces one side has taken, pyramid layers counted one by one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Captured {
    /// How many pieces.
    pub pieces: u32,
    /// Their total value.
    pub value: u32,
    /// The digits shown on them (16 shows two).
    pub digits: u32,
    /// Which digits they show, one bit per digit (bit 0 for 0).
    pub digit_set: u16,
    /// The sum of the digits they show (16 adds 7).
    pub digit_sum: u32,
    /// The pieces, in the order taken.
    pub taken: Taken,
}

/// The pieces one side has taken, for display and the position's hash: a
/// list shared between copies of a game, so that copying a game (as search
/// does at every node) copies a pointer, not the list.
#[derive(Clone, Debug, Default)]
pub struct Taken {
    last: Option<Arc<Link>>,
}

#[derive(Debug)]
struct Link {
    piece: Layer,
    before: Option<Arc<Link>>,
}

impl Taken {
    /// Adds a piece taken after the others.
    pub fn push(&mut self, piece: Layer) {
        let before = self.last.take();
        self.last = Some(Arc::new(Link { piece, before }));
    }

    /// The pieces, in the order taken.
    pub fn in_order(&self) -> Vec<Layer> {
        let mut out = Vec::new();
        let mut at = self.last.as_deref();
        while let Some(link) = at {
            out.push(link.piece);
            at = link.before.as_deref();
        }
        out.reverse();
        out
    }
}

impl PartialEq for Taken {
    fn eq(&self, other: &Taken) -> bool {
        self.in_order() == other.in_order()
    }
}

impl Eq for Taken {}

impl Drop for Taken {
    // Unlinked one by one: dropping a long list recursively could overflow
    // the stack.
    fn drop(&mut self) {
        let mut at = self.last.take();
        while let Some(link) = at {
            at = match Arc::try_unwrap(link) {
                Ok(mut only) => only.before.take(),
                Err(_) => None,
            };
        }
    }
}

/// The digits of `n` as a set, one bit per digit (bit 0 for 0).
///
/// ```
/// use ludus::games::rithmomachy::captured::digit_set;
/// assert_eq!(digit_set(123), 0b1110);
/// assert_eq!(digit_set(100), 0b11);
/// ```
pub fn digit_set(mut n: u32) -> u16 {
    let mut set = 0;
    loop {
        set |= 1 << (n % 10);
        n /= 10;
        if n == 0 {
            return set;
        }
    }
}

impl Captured {
    /// Counts one more piece.
    pub fn add(&mut self, l: Layer) {
        self.pieces += 1;
        self.value += l.value as u32;
        self.digits += digits(l.value);
        let mut v = l.value;
        loop {
            self.digit_set |= 1 << (v % 10);
            self.digit_sum += (v % 10) as u32;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        self.taken.push(l);
    }
}
