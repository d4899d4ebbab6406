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
    /// Which digits they show, one bit per digit (bit 0 for 0).
    pub digit_set: u16,
    /// The sum of the digits they show (16 adds 7).
    pub digit_sum: u32,
    /// The pieces, in the order taken.
    pub taken: Vec<Layer>,
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
