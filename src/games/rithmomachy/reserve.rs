//! The pieces a side holds in hand: captured pieces that changed sides
//! (seeds 000, 002), waiting to be placed on the side's home rank in place
//! of a move.

use crate::games::rithmomachy::piece::{Layer, Side};
use crate::games::rithmomachy::square::Bits;

/// A side's reserve, in the order the pieces came in.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Reserve {
    pieces: Vec<Layer>,
}

impl Reserve {
    /// Adds a piece.
    pub fn add(&mut self, piece: Layer) {
        self.pieces.push(piece);
    }

    /// Takes out the first piece equal to `piece`; false if there is none.
    pub fn take(&mut self, piece: Layer) -> bool {
        match self.pieces.iter().position(|&p| p == piece) {
            Some(i) => {
                self.pieces.remove(i);
                true
            }
            None => false,
        }
    }

    /// The pieces, in the order they came in.
    pub fn pieces(&self) -> &[Layer] {
        &self.pieces
    }

    /// Whether the reserve is empty.
    pub fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// Each different piece once (equal pieces make the same placements),
    /// in the order they first came in.
    ///
    /// ```
    /// use ludus::games::rithmomachy::piece::{Layer, Shape};
    /// use ludus::games::rithmomachy::reserve::Reserve;
    /// let mut r = Reserve::default();
    /// let nine = Layer { shape: Shape::Round, value: 9 };
    /// let sixteen = Layer { shape: Shape::Triangle, value: 16 };
    /// for p in [nine, sixteen, nine] {
    ///     r.add(p);
    /// }
    /// assert_eq!(r.kinds().collect::<Vec<_>>(), vec![nine, sixteen]);
    /// ```
    pub fn kinds(&self) -> impl Iterator<Item = Layer> + '_ {
        self.pieces
            .iter()
            .enumerate()
            .filter(|&(i, p)| !self.pieces[..i].contains(p))
            .map(|(_, &p)| p)
    }
}

/// The squares where `side` places a reserve piece: its home rank (rank 1
/// for White, the last rank for Black) on a board of `ranks` ranks.
pub fn home_rank(side: Side, ranks: u8) -> Bits {
    match side {
        Side::White => 0xff,
        Side::Black => 0xffu128 << (8 * (ranks as u32 - 1)),
    }
}
