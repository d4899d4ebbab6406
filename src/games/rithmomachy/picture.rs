//! A Rithmomachy position as a picture: the board of 8 files, each piece
//! in its own shape (round, triangle, square, pyramid) with its number,
//! the captures of the last move marked, and the tallies beside it (what
//! `describe::diagram` writes in text).

use crate::core::picture::{BoardShape, Mark, MarkKind, Picture, PiecePicture, PieceShape, Spot};
use crate::games::rithmomachy::piece::{Piece, Shape, Side};
use crate::games::rithmomachy::position::Position;
use crate::games::rithmomachy::square::{FILES, Square};

/// Where a square is drawn.
fn spot(s: Square) -> Spot {
    Spot::Square {
        file: s.file() as u8,
        rank: s.rank() as u8,
    }
}

/// A piece as drawn: a pyramid by its total, any other by its number.
fn piece(at: Square, p: &Piece) -> PiecePicture {
    let (shape, label) = if p.pyramid {
        (PieceShape::Pyramid, p.total().to_string())
    } else {
        let l = p.layers()[0];
        let shape = match l.shape {
            Shape::Round => PieceShape::Round,
            Shape::Triangle => PieceShape::Triangle,
            Shape::Square => PieceShape::Square,
        };
        (shape, l.value.to_string())
    };
    PiecePicture {
        at: spot(at),
        side: p.side.index() as u8,
        shape,
        label,
    }
}

/// The position drawn on its board, the last move's captures marked.
pub fn picture(pos: &Position) -> Picture {
    let board = BoardShape::Grid {
        files: FILES as u8,
        ranks: pos.board().ranks(),
        checkered: false,
        closed: Vec::new(),
    };
    let mut pic = Picture::new(board, &[Side::White.name(), Side::Black.name()]);
    pic.pieces = pos.board().pieces().map(|(s, p)| piece(s, p)).collect();
    pic.marks = (pos.last_captures().iter())
        .map(|c| Mark {
            at: spot(c.at),
            kind: MarkKind::Taken,
        })
        .collect();
    for side in [Side::White, Side::Black] {
        let c = pos.captured(side);
        pic.say(
            format!("{} has taken", side.name()),
            format!("{} worth {}", c.pieces, c.value),
        );
        let r = pos.reserve(side);
        if !r.is_empty() {
            pic.say(format!("{} in reserve", side.name()), r.pieces().len());
        }
    }
    match pos.ending() {
        Some(e) => match e.winner {
            Some(w) => pic.say("over", format!("{} wins by {}", w.name(), e.reason)),
            None => pic.say("over", format!("a draw by {}", e.reason)),
        },
        None => pic.say("to move", pos.to_move().name()),
    }
    pic.say("ply", pos.ply());
    pic
}
