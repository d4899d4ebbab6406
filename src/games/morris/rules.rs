//! The rules of one morris-family game as data: the board, the setup and
//! every rule the four games differ in, chosen once from the options so
//! that the move generator tests plain fields, not game names.

use crate::games::morris::geometry::{BoardKind, Geometry, Points};

/// How far one man's jumps go in one move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Chain {
    /// One jump per move.
    Off,
    /// The man may go on jumping; stopping after any jump is its own move.
    Optional,
    /// The man must go on jumping while it can.
    MustContinue,
}

/// Who moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// Drawn by lot at the start: a chance event of the game.
    Lots,
    /// This seat (0-based).
    Seat(u8),
}

/// A game's rules, resolved from its options.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The board.
    pub board: BoardKind,
    /// Each seat's men on the board at the start.
    pub setup: [Points; 2],
    /// Each seat's men in hand at the start, placed one per move before any man moves.
    pub hand: [u8; 2],
    /// Who moves first.
    pub first: First,
    /// Whether each seat's men capture by jumping.
    pub jumpers: [bool; 2],
    /// How far a jump goes on.
    pub chain: Chain,
    /// Whether a seat that can jump must.
    pub forced_capture: bool,
    /// Whether completing a line of three removes an enemy man.
    pub mills: bool,
    /// Whether a seat down to three men on the board (none in hand) may move anywhere.
    pub flying: bool,
    /// Whether a flying move that completes a line removes a man.
    pub flyer_mills: bool,
    /// Whether a seat with no legal move passes (else it loses).
    pub blocked_passes: bool,
    /// Whether a line of three of one's own men wins (three men's morris).
    pub line_wins: bool,
    /// Whether a line answered by a line in the same turn is a draw.
    pub draw_rule: bool,
    /// Whether men move once all are placed (else a draw when they are down).
    pub moving: bool,
    /// Whether a seat with fewer than three men (board and hand) loses.
    pub too_few_loses: bool,
    /// Each seat wins on reaching this many captures (0: never).
    pub win_at_captures: [u8; 2],
    /// The ply at which the game stops.
    pub cap: u32,
    /// Who wins at the cap (`None`: a draw).
    pub cap_winner: Option<u8>,
}

impl Rules {
    /// The rules each game starts from and adds its own to (`..Rules::plain(..)`):
    /// `first` moves first on `board`, no men set up or in hand, no capture,
    /// no flying, no win by a line or by captures, a blocked seat loses, men
    /// move once placed, and the game is a draw at `cap`.
    pub fn plain(board: BoardKind, first: First, cap: u32) -> Rules {
        Rules {
            board,
            setup: [0, 0],
            hand: [0, 0],
            first,
            jumpers: [false, false],
            chain: Chain::Off,
            forced_capture: false,
            mills: false,
            flying: false,
            flyer_mills: false,
            blocked_passes: false,
            line_wins: false,
            draw_rule: false,
            moving: true,
            too_few_loses: false,
            win_at_captures: [0, 0],
            cap,
            cap_winner: None,
        }
    }

    /// The board's geometry.
    #[inline]
    pub fn geometry(&self) -> &'static Geometry {
        self.board.geometry()
    }

    /// Whether any seat captures by jumping.
    pub fn jumps(&self) -> bool {
        self.jumpers[0] || self.jumpers[1]
    }
}

/// The set of the named points of `board`; panics on a name it lacks
/// (setups are written in the source, not read from input).
pub fn points(board: BoardKind, names: &[&str]) -> Points {
    let g = board.geometry();
    names.iter().fold(0, |m, n| {
        m | 1
            << g.point(n)
                .unwrap_or_else(|| panic!("setup names {n}, not a point"))
    })
}

/// The two-rank block of a 5x5 board from rank `low` to rank `low + 1`.
pub fn ranks(low: u8) -> Points {
    0b11111_11111 << (5 * (low - 1))
}
