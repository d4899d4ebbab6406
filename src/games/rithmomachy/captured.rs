//! What each side has captured: the tallies the common victories count.

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
    /// The pieces, in the order taken.
    pub taken: Vec<Layer>,
}

impl Captured {
    /// Counts one more piece.
    pub fn add(&mut self, l: Layer) {
        self.pieces += 1;
        self.value += l.value as u32;
        self.digits += digits(l.value);
        self.taken.push(l);
    }
}
