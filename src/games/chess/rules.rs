//! The rules a chess game is played by: its board and setup, how each kind
//! of piece moves under the readings chosen, promotion, dice, and how the
//! game ends. A variant's options build one; the tables the move generator
//! and the attack test read are derived from it once, in [`Rules::derive`].

use crate::games::chess::board::{CELLS, Shape, Square, offset};
use crate::games::chess::piece::{Cell, KINDS, Kind};
use crate::games::chess::reach::Reach;
use crate::games::chess::readings::{AancaReading, KingLeap, UnicornReading};
use crate::games::chess::steps::DIRECTIONS;
use crate::games::chess::walls::Walls;

/// What a pawn on the edge ahead of it becomes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Promotion {
    /// The piece that began on the file (the king's file: the aanca), per file.
    ByFile(Vec<Kind>),
    /// Always this kind (Four Seasons' general).
    To(Kind),
}

/// What happens when the seat to move has no legal move and is not in check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stalemate {
    /// The seed's count: more pieces wins, then higher pieces, then the last mover.
    Count,
    /// The stalemater wins, and baring the king wins (Wikipedia, Cazaux).
    StalematerWins,
    /// The stalemated side passes (Ludii).
    Pass,
    /// The stalemated seat leaves the game and its pieces the board (Four Seasons).
    Eliminates,
}

/// What becomes of a mated army in a game of more than two seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnMate {
    /// Mate ends the game (two seats).
    Ends,
    /// The king leaves the board; the rest join the mater.
    Transfer,
    /// The whole army leaves the board.
    Remove,
}

/// Whose pieces a seat may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Targets {
    /// Any other seat's.
    Any,
    /// Only the next seat's in play; the others' pieces only block.
    NextOnly,
}

/// The dice thrown before each move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceRule {
    /// Sides of each die.
    pub sides: u8,
    /// Dice thrown (1, or 2 to choose one).
    pub count: u8,
    /// The kind each face calls for, face 1 first.
    pub faces: Vec<Kind>,
}

/// The rules of one chess game.
#[derive(Clone, Debug)]
pub struct Rules {
    /// The registry name of the game, for messages.
    pub game: &'static str,
    /// The board.
    pub shape: Shape,
    /// Seats, 2 or 4.
    pub seats: u8,
    /// The setup, with [`crate::games::chess::piece::BLOCK`] on closed squares.
    pub start: [Cell; CELLS],
    /// The seat that moves first.
    pub first: u8,
    /// Leaps of each kind, as mailbox offsets, by kind code.
    pub leaps: [Vec<i16>; 12],
    /// Slide directions of each kind, by kind code.
    pub slides: [Vec<i16>; 12],
    /// The aanca's reading.
    pub aanca: AancaReading,
    /// The unicorn's reading.
    pub unicorn: UnicornReading,
    /// The king's first move.
    pub king_leap: KingLeap,
    /// Each seat's forward rank direction (+1 or -1), for the unicorn and the king's leap.
    pub forward: [i8; 4],
    /// Whether a pawn on its first rank may step two squares.
    pub pawn_double: bool,
    /// What pawns become.
    pub promotion: Promotion,
    /// Lines no move may cross (Four Seasons' crossed centre).
    pub walls: Option<Walls>,
    /// Dice before each move, if played with dice.
    pub dice: Option<DiceRule>,
    /// No move and not in check.
    pub stalemate: Stalemate,
    /// Mate in a game of more than two seats.
    pub on_mate: OnMate,
    /// Whose pieces may be taken.
    pub targets: Targets,
    /// On a seat's first move, the direction its move must have a part
    /// along, (files, ranks) per seat (Four Seasons' first move).
    pub first_move: Option<[(i8, i8); 4]>,
    /// Kinds from highest to lowest, for the seed's stalemate count.
    pub hierarchy: Vec<Kind>,
    /// Plies after which the game is drawn with ending `cap`.
    pub cap: u32,
    /// Derived: the kinds sliding along each of [`DIRECTIONS`].
    pub slide_kinds: [u16; 8],
    /// Derived: every kind on the board at the start or by promotion.
    pub kinds: u16,
    /// Derived: the board's squares, for walks over the pieces.
    pub squares: Vec<Square>,
    /// Derived: what each piece could do to a square, for the attack test.
    pub reach: Reach,
}

impl Rules {
    /// Derives the tables move generation and the attack test read.
    pub fn derive(mut self) -> Rules {
        let mut kinds = 0u16;
        for &c in self.start.iter() {
            if let Some(k) = Kind::from_code(crate::games::chess::piece::code(c)) {
                kinds |= k.bit();
            }
        }
        match &self.promotion {
            Promotion::ByFile(by_file) => by_file.iter().for_each(|k| kinds |= k.bit()),
            Promotion::To(k) => kinds |= k.bit(),
        }
        self.kinds = kinds;
        self.squares = self.shape.squares().collect();
        let mut slide_kinds = [0u16; 8];
        for kind in KINDS {
            if kinds & kind.bit() == 0 {
                continue;
            }
            for &off in &self.slides[kind as usize] {
                if let Some(i) = DIRECTIONS.iter().position(|&(f, r)| offset(f, r) == off) {
                    slide_kinds[i] |= kind.bit();
                }
            }
        }
        self.slide_kinds = slide_kinds;
        self.reach = Reach::new(
            self.kinds,
            &self.leaps,
            &self.slide_kinds,
            self.unicorn,
            self.king_leap,
        );
        self
    }

    /// The piece a pawn becomes on reaching `to`.
    #[inline]
    pub fn promoted(&self, to: Square) -> Kind {
        match &self.promotion {
            Promotion::ByFile(by_file) => {
                by_file[usize::from(crate::games::chess::board::file_of(to))]
            }
            Promotion::To(k) => *k,
        }
    }

    /// The kind a die's face calls for.
    #[inline]
    pub fn face_kind(&self, face: u8) -> Option<Kind> {
        self.dice
            .as_ref()
            .and_then(|d| d.faces.get(usize::from(face).wrapping_sub(1)).copied())
    }
}
