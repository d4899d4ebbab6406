//! What a piece could do to a square at a given distance from it: the
//! table the attack test reads piece by piece. A random game spends most of
//! its plies with few pieces left, so asking each attacking piece whether
//! it reaches the square (a table look-up, rarely a short walk) costs less
//! than looking outward from the square along every leap and line.

use crate::games::chess::board::Square;
use crate::games::chess::piece::{Cell, Kind, is_piece};
use crate::games::chess::readings::{KingLeap, UnicornReading};
use crate::games::chess::steps::{DIRECTIONS, KING_LEAPS, PAWN_DIRECTIONS};

/// The piece takes on the square by a leap or a pawn's capturing step,
/// unless a wall stands between.
pub const LEAP: u8 = 1;
/// The piece slides onto the square along a line, if the squares between
/// are empty and no wall crosses it.
pub const SLIDE: u8 = 2;
/// The king's first leap lands on the square, if its seat may still leap.
pub const KING_LEAP: u8 = 4;
/// An aanca's or unicorn's two-part move may end on the square: its
/// paths must be walked.
pub const PATHS: u8 = 8;

/// The most files (or ranks) between two squares of a board.
const SPAN: i16 = 11;
/// Entries per row of displacements: a power of two, so that a square's
/// key is cheap ([`key`]).
const ROW: usize = 32;
/// Entries per kind of piece: every displacement of up to [`SPAN`] files
/// and ranks.
const PER_CLASS: usize = ROW * (2 * SPAN as usize + 1);
/// The entry of a displacement of nothing.
const CENTRE: usize = SPAN as usize * ROW + SPAN as usize;

/// For each cell's piece (by kind and state bits: a pawn's direction, a
/// unicorn that has moved) and each displacement from it to a square,
/// what the piece could do there, as the bits above.
#[derive(Clone, Debug, Default)]
pub struct Reach {
    class: Vec<u8>,
    table: Vec<u8>,
    /// For each class and displacement to a square, the table's bits for
    /// every square within two files and ranks of it: whether the piece
    /// could reach any move of a king standing there ([`FromSquare::near`]).
    near: Vec<u8>,
}

/// A square's key: its rank times [`ROW`] plus its file, so that the
/// difference of two keys names their displacement.
#[inline]
fn key(sq: Square) -> usize {
    usize::from(sq) + usize::from(sq & !15)
}

impl Reach {
    /// The table of a game's pieces: the kinds on its board (as bits by
    /// kind code), their leaps, the kinds sliding along each of the eight
    /// directions, and the readings of the unicorn and the king's leap.
    /// Rules derive it from their own tables, so it takes them one by one.
    pub fn new(
        kinds: u16,
        leaps: &[Vec<i16>; 12],
        slide_kinds: &[u16; 8],
        unicorn: UnicornReading,
        king_leap: KingLeap,
    ) -> Reach {
        let rules = Pieces {
            kinds,
            leaps,
            slide_kinds,
            unicorn,
            king_leap,
        };
        let mut class = vec![0u8; 256];
        // Class 0: nothing reaches anywhere (empty cells, padding).
        let mut table = vec![0u8; PER_CLASS];
        for c in 0..=255u8 {
            if !is_piece(c) {
                continue;
            }
            let row = entries(&rules, c);
            let found = table
                .chunks_exact(PER_CLASS)
                .position(|r| r == row.as_slice());
            class[usize::from(c)] = match found {
                Some(i) => i as u8,
                None => {
                    table.extend_from_slice(&row);
                    (table.len() / PER_CLASS - 1) as u8
                }
            };
        }
        let near = near_table(&table);
        Reach { class, table, near }
    }

    /// What the piece `c` on `from` could do to `target`.
    #[inline]
    pub fn of(&self, c: Cell, from: Square, target: Square) -> u8 {
        let at =
            usize::from(self.class[usize::from(c)]) * PER_CLASS + CENTRE + key(target) - key(from);
        self.table[at]
    }

    /// What the piece `c` on `from` could do to each square, read square by
    /// square ([`FromSquare::to`]): [`Reach::of`] for one piece and many
    /// targets, its row found once.
    #[inline]
    pub fn from(&self, c: Cell, from: Square) -> FromSquare<'_> {
        let row = usize::from(self.class[usize::from(c)]) * PER_CLASS + CENTRE;
        FromSquare {
            table: &self.table,
            near: &self.near,
            // Wrapping: the target's key added back brings it in range.
            base: row.wrapping_sub(key(from)),
        }
    }
}

/// One piece's row of a [`Reach`] (see [`Reach::from`]).
pub struct FromSquare<'a> {
    table: &'a [u8],
    near: &'a [u8],
    base: usize,
}

impl FromSquare<'_> {
    /// What the piece could do to `target`, as [`Reach::of`].
    #[inline]
    pub fn to(&self, target: Square) -> u8 {
        self.table[self.base.wrapping_add(key(target))]
    }

    /// Whether the piece could reach a square within two files and ranks
    /// of `centre` (a king's every move, its first leap included): false
    /// rules out all of them at once.
    #[inline]
    pub fn near(&self, centre: Square) -> bool {
        self.near[self.base.wrapping_add(key(centre))] != 0
    }
}

/// [`Reach::near`]'s table: each entry the union of the entries of
/// `table` within two files and ranks of it, in the same class.
fn near_table(table: &[u8]) -> Vec<u8> {
    let mut near = vec![0u8; table.len()];
    for (class, row) in table.chunks_exact(PER_CLASS).enumerate() {
        let out = &mut near[class * PER_CLASS..(class + 1) * PER_CLASS];
        for dr in -SPAN..=SPAN {
            for df in -SPAN..=SPAN {
                let mut bits = 0;
                for (f, r) in (-2..=2).flat_map(|r| (-2..=2).map(move |f| (df + f, dr + r))) {
                    if f.abs() <= SPAN && r.abs() <= SPAN {
                        bits |= row[(CENTRE as i16 + r * ROW as i16 + f) as usize];
                    }
                }
                out[(CENTRE as i16 + dr * ROW as i16 + df) as usize] = bits;
            }
        }
    }
    near
}

/// What [`Reach::new`] reads of the rules.
struct Pieces<'a> {
    kinds: u16,
    leaps: &'a [Vec<i16>; 12],
    slide_kinds: &'a [u16; 8],
    unicorn: UnicornReading,
    king_leap: KingLeap,
}

/// The entries of one cell's piece: for each displacement (files, ranks)
/// from the piece to a square, what the attack test must check.
fn entries(rules: &Pieces<'_>, c: Cell) -> Vec<u8> {
    use crate::games::chess::piece::{code, state};
    let mut row = vec![0u8; PER_CLASS];
    let mut set = |df: i16, dr: i16, bit: u8| {
        if df.abs() <= SPAN && dr.abs() <= SPAN {
            row[(CENTRE as i16 + dr * ROW as i16 + df) as usize] |= bit;
        }
    };
    let (kind, st) = (code(c), state(c));
    let present = |k: Kind| rules.kinds & k.bit() != 0;
    let murray = rules.unicorn == UnicornReading::Murray;
    if kind == Kind::Pawn as u8 {
        if present(Kind::Pawn) {
            let (f, r) = PAWN_DIRECTIONS[usize::from(st)];
            for side in [1i8, -1] {
                let (sf, sr) = if f == 0 { (side, 0) } else { (0, side) };
                set(i16::from(f + sf), i16::from(r + sr), LEAP);
            }
        }
    } else if rules.kinds & (1 << kind) != 0 && !(kind == Kind::Unicorn as u8 && murray) {
        // Murray's unicorn takes nothing by its leap.
        for &off in &rules.leaps[usize::from(kind)] {
            let (f, r) = steps(off);
            set(-f, -r, LEAP);
        }
    }
    if kind == Kind::King as u8 && !matches!(rules.king_leap, KingLeap::None | KingLeap::Cazaux) {
        // The Cazaux leap takes nothing, so attacks nothing.
        for (f, r) in KING_LEAPS {
            set(-i16::from(f), -i16::from(r), KING_LEAP);
        }
    }
    let murray_bishop =
        murray && present(Kind::Unicorn) && kind == Kind::Unicorn as u8 && st & 1 == 1;
    for (i, &(f, r)) in DIRECTIONS.iter().enumerate() {
        // A piece `n` squares along direction i from the target.
        let slides = (rules.slide_kinds[i] >> kind) & 1 == 1 || (i % 2 == 1 && murray_bishop);
        if slides {
            for n in 1..=SPAN {
                set(-i16::from(f) * n, -i16::from(r) * n, SLIDE);
            }
        }
    }
    let two_part = kind == Kind::Aanca as u8 || (kind == Kind::Unicorn as u8 && !murray);
    if two_part {
        for dr in -SPAN..=SPAN {
            for df in -SPAN..=SPAN {
                let (dx, dy) = (df.abs(), dr.abs());
                let near = if kind == Kind::Aanca as u8 {
                    dx == 1 || dy == 1
                } else {
                    dx.min(dy) >= 2 && dx.abs_diff(dy) == 1
                };
                if near {
                    set(df, dr, PATHS);
                }
            }
        }
    }
    row
}

/// The files and ranks of a mailbox offset of at most seven files.
fn steps(off: i16) -> (i16, i16) {
    let f = (off + 8).rem_euclid(16) - 8;
    (f, (off - f) / 16)
}
