//! Four Seasons ("Cztery pory roku", seed 004; the Libro's Acedrex de los
//! Quatro Tiempos): four seats on 8x8, a king, rook, knight, bishop and
//! four pawns each, the crossed centre, mate and stalemate eliminating a
//! seat, and the dice variant with one die or a choice of two.

use crate::core::option_error::OptionError;
use crate::core::options::{OptionKind, OptionSpec, Options};
use crate::games::board::options::cap;
use crate::games::board::variant::Variant;
use crate::games::chess::board::{Shape, square};
use crate::games::chess::piece::{BLOCK, Kind, piece};
use crate::games::chess::readings::{AancaReading, KingLeap, UnicornReading};
use crate::games::chess::rules::{DiceRule, OnMate, Promotion, Rules, Stalemate, Targets};
use crate::games::chess::shared_options::CAP;
use crate::games::chess::steps::{DIRECTIONS, leaper, offsets};
use crate::games::chess::walls::Walls;

/// Four Seasons.
pub struct FourSeasons;

const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        name: "layout",
        doc: "the setup: ludii (green's king on h1, rook on the file, knight on the rank) or murray (green's king on a8, rook on the rank, knight on the file)",
        kind: OptionKind::Choice(&["ludii", "murray"]),
        default: "ludii",
    },
    OptionSpec {
        name: "bishop",
        doc: "the bishop leaps two squares diagonally over anything (alfil: the Libro, Murray, Ludii) or one or two (up_to_two: the seed's \"do 2 pól\" read literally)",
        kind: OptionKind::Choice(&["alfil", "up_to_two"]),
        default: "alfil",
    },
    OptionSpec {
        name: "first_move",
        doc: "a seat's first move must go some way toward the next seat (toward_next: the seed, \"counterclockwise\"; a seat with no such move loses the turn) or may go anywhere (free: Ludii)",
        kind: OptionKind::Choice(&["toward_next", "free"]),
        default: "toward_next",
    },
    OptionSpec {
        name: "targets",
        doc: "whose pieces a seat may take: any other seat's (any: the Libro) or only the next seat's in play, the others' only blocking (next_only: Ludii)",
        kind: OptionKind::Choice(&["any", "next_only"]),
        default: "any",
    },
    OptionSpec {
        name: "on_mate",
        doc: "a mated seat's king leaves the board and its other pieces join the mater (transfer: the seed) or all its pieces leave (remove: the Libro, Ludii)",
        kind: OptionKind::Choice(&["transfer", "remove"]),
        default: "transfer",
    },
    OptionSpec {
        name: "centre",
        doc: "the crossed centre: no move enters the 8 squares under the two lines or crosses a line (lines: the seed), the 16 centre squares are closed but leapers jump them (block), or no effect (off)",
        kind: OptionKind::Choice(&["lines", "block", "off"]),
        default: "lines",
    },
    OptionSpec {
        name: "dice",
        doc: "none; one: a die before each move names the kind that moves (6 king, 5 general, 4 knight, 3 rook, 2 bishop, 1 pawn), a face without a move loses the turn; two: two dice, the seat chooses one as a decision",
        kind: OptionKind::Choice(&["none", "one", "two"]),
        default: "none",
    },
    CAP,
];

/// The seats in the order of play, the seasons as the seed names them.
const SIDES: &[&str] = &["green", "red", "black", "white"];

/// One seat's army in a layout: (file, rank) of king, rook, knight and
/// bishop, its pawns with their direction (0 north, 1 east, 2 south, 3
/// west), and the direction (files, ranks) toward the next seat.
#[derive(Clone, Copy)]
struct Army {
    king: (u8, u8),
    rook: (u8, u8),
    knight: (u8, u8),
    bishop: (u8, u8),
    pawns: [((u8, u8), u8); 4],
    toward_next: (i8, i8),
}

const N: u8 = 0;
const E: u8 = 1;
const S: u8 = 2;
const W: u8 = 3;

/// Squares by file letter index and rank from 1, for reading the tables.
const fn at(file: char, rank: u8) -> (u8, u8) {
    (file as u8 - b'a', rank - 1)
}

/// The rules brief's layout `ludii`: green in h1's corner, then the
/// others counterclockwise, the rook on the file and the knight on the rank.
const LUDII: [Army; 4] = [
    Army {
        king: at('h', 1),
        knight: at('g', 1),
        rook: at('h', 2),
        bishop: at('g', 2),
        pawns: [
            (at('f', 1), W),
            (at('f', 2), W),
            (at('g', 3), N),
            (at('h', 3), N),
        ],
        toward_next: (0, 1),
    },
    Army {
        king: at('h', 8),
        knight: at('g', 8),
        rook: at('h', 7),
        bishop: at('g', 7),
        pawns: [
            (at('f', 8), W),
            (at('f', 7), W),
            (at('h', 6), S),
            (at('g', 6), S),
        ],
        toward_next: (-1, 0),
    },
    Army {
        king: at('a', 8),
        knight: at('b', 8),
        rook: at('a', 7),
        bishop: at('b', 7),
        pawns: [
            (at('c', 8), E),
            (at('c', 7), E),
            (at('a', 6), S),
            (at('b', 6), S),
        ],
        toward_next: (0, -1),
    },
    Army {
        king: at('a', 1),
        knight: at('b', 1),
        rook: at('a', 2),
        bishop: at('b', 2),
        pawns: [
            (at('c', 1), E),
            (at('c', 2), E),
            (at('a', 3), N),
            (at('b', 3), N),
        ],
        toward_next: (1, 0),
    },
];

/// The brief's layout `murray` (chessvariants.com after Murray 1913):
/// green in a8's corner, the rook on the rank and the knight on the file.
/// It is `ludii` turned half round, green where `ludii` has black, with
/// rook and knight changing squares.
const MURRAY: [Army; 4] = [
    murray(&LUDII[2]),
    murray(&LUDII[3]),
    murray(&LUDII[0]),
    murray(&LUDII[1]),
];

/// A `ludii` army in the `murray` layout: rook and knight change squares.
const fn murray(army: &Army) -> Army {
    Army {
        rook: army.knight,
        knight: army.rook,
        ..*army
    }
}

/// The eight squares under the two lines: c3-f6 and f3-c6.
pub const UNDER_LINES: [(u8, u8); 8] = [
    (2, 2),
    (3, 3),
    (4, 4),
    (5, 5),
    (5, 2),
    (4, 3),
    (3, 4),
    (2, 5),
];

/// The two lines, in corner coordinates: from c3's outer corner to f6's,
/// and from f3's to c6's.
pub const LINES: [((i32, i32), (i32, i32)); 2] = [((2, 2), (6, 6)), ((6, 2), (2, 6))];

impl Variant for FourSeasons {
    const NAME: &'static str = "four-seasons";
    const TITLE: &'static str = "Four Seasons, chess for four on 8x8 (004)";
    const SIDES: &'static [&'static str] = SIDES;
    const OPTIONS: &'static [OptionSpec] = OPTIONS;
    const RULES_PAGE: &'static str = include_str!("four_seasons.md");
    type Rules = Rules;

    fn rules(options: &Options) -> Result<Rules, OptionError> {
        let shape = Shape { files: 8, ranks: 8 };
        let armies = match options.choice("layout") {
            "murray" => &MURRAY,
            _ => &LUDII,
        };
        let mut start = shape.empty_cells();
        let mut put = |(f, r): (u8, u8), cell| start[square(f, r) as usize] = cell;
        for (seat, army) in armies.iter().enumerate() {
            let s = seat as u8;
            put(army.king, piece(Kind::King, s, 0));
            put(army.rook, piece(Kind::Rook, s, 0));
            put(army.knight, piece(Kind::Knight, s, 0));
            put(army.bishop, piece(Kind::Bishop, s, 0));
            for &(sq, dir) in &army.pawns {
                put(sq, piece(Kind::Pawn, s, dir));
            }
        }
        let walls = match options.choice("centre") {
            "lines" => {
                for &sq in &UNDER_LINES {
                    put(sq, BLOCK);
                }
                Some(Walls::new(shape, &LINES))
            }
            "block" => {
                for f in 2..6 {
                    for r in 2..6 {
                        put((f, r), BLOCK);
                    }
                }
                None
            }
            _ => None,
        };
        let mut leaps: [Vec<i16>; 12] = Default::default();
        let mut slides: [Vec<i16>; 12] = Default::default();
        leaps[Kind::King as usize] = offsets(&DIRECTIONS);
        leaps[Kind::Knight as usize] = offsets(&leaper(1, 2));
        let mut bishop = leaper(2, 2);
        if options.choice("bishop") == "up_to_two" {
            bishop.extend(leaper(1, 1));
        }
        leaps[Kind::Bishop as usize] = offsets(&bishop);
        leaps[Kind::General as usize] = offsets(&leaper(1, 1));
        slides[Kind::Rook as usize] = offsets(&[(0, 1), (1, 0), (0, -1), (-1, 0)]);
        use Kind::*;
        let count = match options.choice("dice") {
            "one" => 1,
            "two" => 2,
            _ => 0,
        };
        let mut first_move = [(0, 0); 4];
        for (seat, army) in armies.iter().enumerate() {
            first_move[seat] = army.toward_next;
        }
        Ok(Rules {
            game: Self::NAME,
            shape,
            seats: 4,
            start,
            first: 0,
            leaps,
            slides,
            aanca: AancaReading::Outward,
            unicorn: UnicornReading::Forward,
            king_leap: KingLeap::None,
            forward: [0; 4],
            pawn_double: false,
            promotion: Promotion::To(General),
            walls,
            dice: (count > 0).then(|| DiceRule {
                sides: 6,
                count,
                faces: vec![Pawn, Bishop, Rook, Knight, General, King],
            }),
            stalemate: Stalemate::Eliminates,
            on_mate: match options.choice("on_mate") {
                "remove" => OnMate::Remove,
                _ => OnMate::Transfer,
            },
            targets: match options.choice("targets") {
                "next_only" => Targets::NextOnly,
                _ => Targets::Any,
            },
            first_move: (options.choice("first_move") == "toward_next").then_some(first_move),
            hierarchy: vec![King, Rook, Knight, Bishop, General, Pawn],
            cap: cap(options),
            slide_kinds: [0; 8],
            kinds: 0,
            squares: Vec::new(),
            reach: Default::default(),
        }
        .derive())
    }
}
