//! The starting layouts, from seed 002's diagram.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::piece::{Layer, Piece, Shape, Side};
use crate::games::rithmomachy::rules::SetupKind;
use crate::games::rithmomachy::square::Square;

/// Seed 002's diagram, White's half, from rank 4 down to rank 1, files a-h.
/// "P" is the pyramid; "." is empty.
const WHITE: [[&str; 8]; 4] = [
    [".", ".", "2C", "4C", "6C", "8C", ".", "."],
    ["9T", "6T", "4C", "16C", "36C", "64C", "72T", "81T"],
    ["15S", "45S", "25T", "20T", "42T", "49T", "P", "153S"],
    ["25S", "81S", ".", ".", ".", ".", "169S", "289S"],
];

/// Black's half, from rank 16 down to rank 13.
const BLACK: [[&str; 8]; 4] = [
    ["361S", "225S", ".", ".", ".", ".", "121S", "49S"],
    ["P", "120S", "64T", "56T", "30T", "36T", "66S", "28S"],
    ["100T", "90T", "81C", "49C", "25C", "9C", "12T", "16T"],
    [".", ".", "9C", "7C", "5C", "3C", ".", "."],
];

/// White's pyramid, 91: "(36S, 25S, 16T, 9T, 4C, 1C)", bottom first.
pub const WHITE_PYRAMID: [(Shape, u16); 6] = [
    (Shape::Square, 36),
    (Shape::Square, 25),
    (Shape::Triangle, 16),
    (Shape::Triangle, 9),
    (Shape::Round, 4),
    (Shape::Round, 1),
];

/// Black's pyramid, 190: "(64S, 49S, 36T, 25T, 16C)", bottom first.
pub const BLACK_PYRAMID: [(Shape, u16); 5] = [
    (Shape::Square, 64),
    (Shape::Square, 49),
    (Shape::Triangle, 36),
    (Shape::Triangle, 25),
    (Shape::Round, 16),
];

fn piece(side: Side, label: &str) -> Piece {
    if label == "P" {
        let stack: Vec<Layer> = match side {
            Side::White => &WHITE_PYRAMID[..],
            Side::Black => &BLACK_PYRAMID[..],
        }
        .iter()
        .map(|&(shape, value)| Layer { shape, value })
        .collect();
        return Piece::pyramid(side, &stack).expect("a pyramid has layers");
    }
    let (num, letter) = label.split_at(label.len() - 1);
    let shape = match letter {
        "C" => Shape::Round,
        "T" => Shape::Triangle,
        _ => Shape::Square,
    };
    Piece::plain(
        side,
        shape,
        num.parse().expect("diagram numbers are numbers"),
    )
}

/// The board at the start of a game.
///
/// ```
/// use ludus::games::rithmomachy::{rules::SetupKind, setup::initial, square::Square};
/// let b = initial(SetupKind::Forward, 16);
/// assert_eq!(b.get(Square::parse("g4").unwrap()).unwrap().total(), 91);
/// assert_eq!(b.get(Square::parse("a13").unwrap()).unwrap().total(), 190);
/// assert_eq!(b.pieces().count(), 48);
/// ```
///
/// On a board of 14 ranks Black's men stand two ranks nearer: the same
/// layout counted from Black's own edge.
pub fn initial(kind: SetupKind, ranks: u8) -> Board {
    let lift = match kind {
        SetupKind::Back => 0,
        SetupKind::Forward => 2,
    };
    let mut board = Board::default();
    board.set_ranks(ranks);
    for (row, files) in WHITE.iter().enumerate() {
        let rank = 3 - row as i8 + lift;
        for (file, label) in files.iter().enumerate() {
            if *label != "." {
                let sq = Square::at(file as i8, rank).expect("on the board");
                board
                    .place(sq, piece(Side::White, label))
                    .expect("distinct");
            }
        }
    }
    for (row, files) in BLACK.iter().enumerate() {
        let rank = ranks as i8 - 1 - row as i8 - lift;
        for (file, label) in files.iter().enumerate() {
            if *label != "." {
                let sq = Square::at(file as i8, rank).expect("on the board");
                board
                    .place(sq, piece(Side::Black, label))
                    .expect("distinct");
            }
        }
    }
    board
}
