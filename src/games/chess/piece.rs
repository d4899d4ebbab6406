//! The pieces: their kinds, and how a cell of the board holds one.
//!
//! A cell is one byte: the kind in the low four bits, the owner (a seat,
//! 0-3) in the next two and two bits of state in the top two: a pawn's
//! direction, or whether a piece has moved where a reading cares (the
//! unicorn's first leap in Murray's reading). Kind values 14 and 15 mark a
//! square no piece may enter ([`BLOCK`], Four Seasons' crossed centre) and
//! the padding off the board ([`OFF`]).

/// A cell's content.
pub type Cell = u8;

/// An empty square.
pub const EMPTY: Cell = 0;
/// A square of the board no piece may enter or pass.
pub const BLOCK: Cell = 14;
/// Off the board.
pub const OFF: Cell = 15;

/// The kinds of piece of the chess games of seed 004.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Kind {
    /// Król: one step any way (Grande Acedrex: and a first leap).
    King = 1,
    /// Słonioptak / Gryf (aanca): a diagonal step, then a rook's slide outward.
    Aanca = 2,
    /// Nosorożec / Jednorożec (unicorn): a knight's leap, then a bishop's slide.
    Unicorn = 3,
    /// Wieża: the rook.
    Rook = 4,
    /// Lew: a (0,3) and (1,3) leaper.
    Lion = 5,
    /// Krokodyl: the modern bishop.
    Crocodile = 6,
    /// Żyrafa / Koń: a (2,3) leaper.
    Giraffe = 7,
    /// Pion.
    Pawn = 8,
    /// Rycerz (Four Seasons): the knight.
    Knight = 9,
    /// Biskup (Four Seasons): the alfil, a (2,2) leaper.
    Bishop = 10,
    /// Generał (Four Seasons' promoted pawn): one diagonal step.
    General = 11,
}

/// Every kind, in the order of their codes.
pub const KINDS: [Kind; 11] = [
    Kind::King,
    Kind::Aanca,
    Kind::Unicorn,
    Kind::Rook,
    Kind::Lion,
    Kind::Crocodile,
    Kind::Giraffe,
    Kind::Pawn,
    Kind::Knight,
    Kind::Bishop,
    Kind::General,
];

impl Kind {
    /// The kind a code names.
    #[inline]
    pub fn from_code(code: u8) -> Option<Kind> {
        KINDS.get(usize::from(code).wrapping_sub(1)).copied()
    }

    /// The letter notation writes (a white piece's; black's is lower case).
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Aanca => 'A',
            Kind::Unicorn => 'U',
            Kind::Rook => 'R',
            Kind::Lion => 'L',
            Kind::Crocodile => 'C',
            Kind::Giraffe => 'G',
            Kind::Pawn => 'P',
            Kind::Knight => 'N',
            Kind::Bishop => 'B',
            Kind::General => 'F',
        }
    }

    /// The kind a letter names (either case).
    pub fn from_letter(c: char) -> Option<Kind> {
        KINDS
            .iter()
            .copied()
            .find(|k| k.letter() == c.to_ascii_uppercase())
    }

    /// The English name, for views and messages.
    pub fn name(self) -> &'static str {
        match self {
            Kind::King => "king",
            Kind::Aanca => "aanca",
            Kind::Unicorn => "unicorn",
            Kind::Rook => "rook",
            Kind::Lion => "lion",
            Kind::Crocodile => "crocodile",
            Kind::Giraffe => "giraffe",
            Kind::Pawn => "pawn",
            Kind::Knight => "knight",
            Kind::Bishop => "bishop",
            Kind::General => "general",
        }
    }

    /// A rough worth in pawns, for search policies' evaluations: the
    /// ranges of the moves (the Libro gives no values; the king none).
    pub fn worth(self) -> f64 {
        match self {
            Kind::King => 0.0,
            Kind::Aanca => 8.0,
            Kind::Rook => 5.0,
            Kind::Unicorn => 5.0,
            Kind::Crocodile => 4.0,
            Kind::Lion => 3.0,
            Kind::Giraffe | Kind::Knight => 3.0,
            Kind::Bishop | Kind::General => 1.5,
            Kind::Pawn => 1.0,
        }
    }

    /// This kind as a bit of a set of kinds.
    #[inline]
    pub const fn bit(self) -> u16 {
        1 << self as u8
    }
}

/// The cell holding a piece.
#[inline]
pub const fn piece(kind: Kind, owner: u8, state: u8) -> Cell {
    kind as u8 | owner << 4 | state << 6
}

/// The kind code of a cell (0 empty, 1-11 a piece, 14 blocked, 15 off).
#[inline]
pub const fn code(c: Cell) -> u8 {
    c & 15
}

/// Whether a cell holds a piece.
#[inline]
pub const fn is_piece(c: Cell) -> bool {
    let k = c & 15;
    k != 0 && k < BLOCK
}

/// The owner of a piece.
#[inline]
pub const fn owner(c: Cell) -> u8 {
    (c >> 4) & 3
}

/// The state bits of a piece (a pawn's direction; a moved flag).
#[inline]
pub const fn state(c: Cell) -> u8 {
    c >> 6
}

/// The cell with its owner changed (an army joining its mater).
#[inline]
pub const fn with_owner(c: Cell, owner: u8) -> Cell {
    (c & !0x30) | owner << 4
}

/// What a piece of a seat that may take the seats of `takes` (a bit per
/// seat) finds in a cell: 0 nothing it may enter, 1 an empty square, 2 a
/// piece it may take. A table so the inner loops branch once per cell.
pub static LAND: [[u8; 256]; 16] = land_table();

const fn land_table() -> [[u8; 256]; 16] {
    let mut t = [[0u8; 256]; 16];
    let mut m = 0;
    while m < 16 {
        let mut c = 0;
        while c < 256 {
            let cell = c as u8;
            t[m][c] = if cell == EMPTY {
                1
            } else if is_piece(cell) && (m >> owner(cell)) & 1 == 1 {
                2
            } else {
                0
            };
            c += 1;
        }
        m += 1;
    }
    t
}
