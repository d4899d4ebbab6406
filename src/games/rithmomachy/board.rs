//! Where the pieces stand.

use crate::games::rithmomachy::piece::{Piece, Side};
use crate::games::rithmomachy::square::{Bits, Square, squares};

/// The opponent's half of a board of `ranks` ranks for `side`: ranks 9-16
/// for White (8-14 on 14 ranks), where its glorious formations stand.
///
/// ```
/// use ludus::games::rithmomachy::{board::enemy_half, piece::Side, square::Square};
/// let half = enemy_half(Side::White, 16);
/// assert!(half & Square::parse("a9").unwrap().bit() != 0);
/// assert!(half & Square::parse("h8").unwrap().bit() == 0);
/// ```
#[inline]
pub fn enemy_half(side: Side, ranks: u8) -> Bits {
    // Read from a table: asked for both sides after every move, the
    // shifts of a 128-bit board by a variable amount cost more than a load.
    HALVES[ranks as usize & 31][side.index()]
}

/// [`enemy_half`] by ranks (1 to 16; none above) and side.
static HALVES: [[Bits; 2]; 32] = {
    let mut t = [[0; 2]; 32];
    let mut ranks = 1;
    while ranks <= 16 {
        t[ranks] = halves(ranks as u8);
        ranks += 1;
    }
    t
};

/// The enemy halves of White and Black on a board of `ranks` ranks (1 to
/// 16), for the tables built before the program runs.
pub const fn halves(ranks: u8) -> [Bits; 2] {
    let low: Bits = (1u128 << (4 * ranks as u32)) - 1;
    let board = !0u128 >> (8 * (16 - ranks as u32));
    [board & !low, low]
}

/// The most pieces a board holds (both sides; the setup has 48).
pub const MAX_PIECES: usize = 64;

/// The pieces on the board, by square, with a bitboard per side.
#[derive(Clone, Debug)]
pub struct Board {
    at: [u8; 128],
    slots: [Piece; MAX_PIECES],
    used: u8,
    /// Slots below `used` whose piece has left the board, for pieces placed
    /// again from a reserve.
    free: u64,
    occ: [Bits; 2],
    /// Plain pieces by side and shape; pyramids by side.
    plain: [[Bits; 3]; 2],
    pyramids: [Bits; 2],
    /// Each square's plain piece's value, 0 for a pyramid or an empty square:
    /// the capture and victory checks read values without reaching the slots.
    values: [u16; 128],
    /// Each square's piece's shapes, one bit per shape index (0 when empty).
    shapes: [u8; 128],
    /// Each square's side as [`Side::index`] + 1; 0 when empty.
    owners: [u8; 128],
    /// Whether a pyramid moves only as its bottom piece (else as every shape
    /// it holds).
    pyramid_bottom: bool,
    /// The board's length: 16 ranks, or 14 (the squares of ranks 15 and 16
    /// are then off the board).
    ranks: u8,
}

impl Default for Board {
    fn default() -> Self {
        Board {
            at: [0; 128],
            slots: [Piece::plain(
                Side::White,
                crate::games::rithmomachy::piece::Shape::Round,
                1,
            ); MAX_PIECES],
            used: 0,
            free: 0,
            occ: [0; 2],
            plain: [[0; 3]; 2],
            pyramids: [0; 2],
            values: [0; 128],
            shapes: [0; 128],
            owners: [0; 128],
            pyramid_bottom: false,
            ranks: 16,
        }
    }
}

impl Board {
    /// Sets the board's length in ranks (14 or 16).
    pub fn set_ranks(&mut self, ranks: u8) {
        self.ranks = ranks;
    }

    /// The board's length in ranks.
    #[inline]
    pub fn ranks(&self) -> u8 {
        self.ranks
    }

    /// The squares on the board: all 128, or the first 112 on 14 ranks.
    #[inline]
    pub fn squares(&self) -> Bits {
        !0u128 >> (8 * (16 - self.ranks as u32))
    }

    /// Places `piece` on the empty square `at`; errs if the square is taken
    /// or the board is full.
    pub fn place(&mut self, at: Square, piece: Piece) -> Result<(), PlaceError> {
        if self.at[at.0 as usize] != 0 {
            return Err(PlaceError::Taken(at));
        }
        let slot = if self.free != 0 {
            let i = self.free.trailing_zeros() as u8;
            self.free &= !(1 << i);
            i
        } else if (self.used as usize) < MAX_PIECES {
            self.used += 1;
            self.used - 1
        } else {
            return Err(PlaceError::Full);
        };
        self.slots[slot as usize] = piece;
        self.at[at.0 as usize] = slot + 1;
        self.occ[piece.side.index()] |= at.bit();
        *self.kind_bits(&piece) |= at.bit();
        self.note(at, &piece);
        Ok(())
    }

    fn note(&mut self, at: Square, piece: &Piece) {
        let i = at.0 as usize;
        self.values[i] = if piece.pyramid {
            0
        } else {
            piece.layers()[0].value
        };
        self.shapes[i] = if piece.pyramid && self.pyramid_bottom {
            1 << piece.layers()[0].shape as u8
        } else {
            piece.shapes()
        };
        self.owners[i] = piece.side.index() as u8 + 1;
    }

    fn forget(&mut self, at: Square) {
        self.values[at.0 as usize] = 0;
        self.shapes[at.0 as usize] = 0;
        self.owners[at.0 as usize] = 0;
    }

    /// Makes pyramids move only as their bottom piece (`true`) or as every
    /// shape they hold (`false`, the default), for the pieces already placed
    /// and those to come.
    pub fn set_pyramid_bottom(&mut self, bottom: bool) {
        self.pyramid_bottom = bottom;
        for s in squares(self.pyramids[0] | self.pyramids[1]) {
            let piece = *self.get(s).expect("a pyramid");
            self.note(s, &piece);
        }
    }

    /// The value of the plain piece on `s`; 0 if `s` is empty or holds a pyramid.
    #[inline]
    pub fn plain_value(&self, s: Square) -> u16 {
        self.values[s.0 as usize]
    }

    /// Whose piece stands on `s`, as [`Side::index`] + 1; 0 if `s` is empty.
    /// A byte to compare, for the hot paths that would otherwise test bits.
    #[inline]
    pub fn owner(&self, s: Square) -> u8 {
        self.owners[s.0 as usize]
    }

    /// The shapes the piece on `s` moves as, one bit per shape index; 0 if empty.
    #[inline]
    pub fn shapes_at(&self, s: Square) -> u8 {
        self.shapes[s.0 as usize]
    }

    /// The piece on `s`.
    #[inline]
    pub fn get(&self, s: Square) -> Option<&Piece> {
        match self.at[s.0 as usize] {
            0 => None,
            i => Some(&self.slots[i as usize - 1]),
        }
    }

    /// A side's squares.
    #[inline]
    pub fn occupied_by(&self, side: Side) -> Bits {
        self.occ[side.index()]
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bits {
        self.occ[0] | self.occ[1]
    }

    /// Moves the piece on `from` to the empty square `to`.
    #[inline]
    pub fn shift(&mut self, from: Square, to: Square) {
        let i = self.at[from.0 as usize];
        debug_assert!(i != 0 && self.at[to.0 as usize] == 0);
        self.at[from.0 as usize] = 0;
        self.at[to.0 as usize] = i;
        let piece = self.slots[i as usize - 1];
        self.occ[piece.side.index()] ^= from.bit() | to.bit();
        *self.kind_bits(&piece) ^= from.bit() | to.bit();
        self.values[to.0 as usize] = self.values[from.0 as usize];
        self.shapes[to.0 as usize] = self.shapes[from.0 as usize];
        self.owners[to.0 as usize] = self.owners[from.0 as usize];
        self.forget(from);
    }

    fn kind_bits(&mut self, p: &Piece) -> &mut Bits {
        if p.pyramid {
            &mut self.pyramids[p.side.index()]
        } else {
            &mut self.plain[p.side.index()][p.layers()[0].shape as usize]
        }
    }

    /// A side's plain pieces of one shape (index of [`Shape`](crate::games::rithmomachy::piece::Shape)).
    #[inline]
    pub fn plain(&self, side: Side, shape: usize) -> Bits {
        self.plain[side.index()][shape]
    }

    /// A side's pyramids.
    #[inline]
    pub fn pyramids(&self, side: Side) -> Bits {
        self.pyramids[side.index()]
    }

    /// Takes the piece off `s`.
    #[inline]
    pub fn remove(&mut self, s: Square) {
        let i = self.at[s.0 as usize];
        debug_assert!(i != 0);
        let piece = self.slots[i as usize - 1];
        self.at[s.0 as usize] = 0;
        self.free |= 1 << (i - 1);
        self.occ[piece.side.index()] &= !s.bit();
        *self.kind_bits(&piece) &= !s.bit();
        self.forget(s);
    }

    /// Removes layer `layer` of the pyramid on `s`; the pyramid leaves the
    /// board with its last layer.
    pub fn remove_layer(&mut self, s: Square, layer: usize) {
        let i = self.at[s.0 as usize] as usize - 1;
        if self.slots[i].remove_layer(layer) {
            let piece = self.slots[i];
            self.note(s, &piece);
        } else {
            self.remove(s);
        }
    }

    /// Every piece with its square, White's first then Black's, by square.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, &Piece)> + '_ {
        squares(self.occ[0])
            .chain(squares(self.occ[1]))
            .map(move |s| (s, self.get(s).expect("occupied")))
    }
}

/// Why a piece could not be placed on a board being set up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlaceError {
    /// The square already holds a piece.
    #[error("{0} is taken twice")]
    Taken(Square),
    /// The board holds as many pieces as it can.
    #[error("more than {MAX_PIECES} pieces")]
    Full,
}
