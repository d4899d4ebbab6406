//! A chess position as a picture: the squares (Four Seasons' closed
//! centre filled), each piece by its letter in its seat's colour (a
//! pawn's arrow where four play, `*` on a unicorn that has leapt), and the
//! die and whose move it is beside the board (what `describe::diagram`
//! writes in text).

use crate::core::picture::{BoardShape, Picture, PiecePicture, PieceShape, Spot};
use crate::games::chess::board::square;
use crate::games::chess::describe::ARROWS;
use crate::games::chess::piece::{BLOCK, EMPTY, Kind, code, owner, state};
use crate::games::chess::position::{Position, Waiting};

/// The position drawn square by square, with the dice and the turn.
pub fn picture(pos: &Position, sides: &[&'static str]) -> Picture {
    let r = pos.rules();
    let mut closed = Vec::new();
    let mut pieces = Vec::new();
    for rank in 0..r.shape.ranks {
        for file in 0..r.shape.files {
            let c = pos.cells()[square(file, rank) as usize];
            let at = Spot::Square { file, rank };
            if c == EMPTY {
                continue;
            }
            if code(c) == BLOCK {
                closed.push(at);
                continue;
            }
            let Some(kind) = Kind::from_code(code(c)) else {
                continue;
            };
            let mut label = kind.letter().to_string();
            if r.seats > 2 && kind == Kind::Pawn {
                label.push(ARROWS[state(c) as usize]);
            }
            // As the diagram's token marks it (`U*`).
            if kind == Kind::Unicorn && state(c) & 1 == 1 {
                label.push('*');
            }
            pieces.push(PiecePicture {
                at,
                side: owner(c),
                shape: PieceShape::Lettered,
                label,
            });
        }
    }
    let board = BoardShape::Grid {
        files: r.shape.files,
        ranks: r.shape.ranks,
        checkered: true,
        closed,
    };
    let seats = usize::from(r.seats).min(sides.len());
    let mut pic = Picture::new(board, &sides[..seats]);
    pic.pieces = pieces;
    if r.dice.is_some() {
        pic.dice = pos.dice().iter().copied().filter(|&f| f != 0).collect();
    }
    if r.seats > 2 {
        let out: Vec<&str> = (0..seats)
            .filter(|&s| pos.alive() >> s & 1 == 0)
            .map(|s| sides[s])
            .collect();
        if !out.is_empty() {
            pic.say("out of the game", out.join(", "));
        }
    }
    match pos.ending() {
        Some(e) => pic.say("over", e.words(sides, "wins")),
        None => {
            let check = if pos.in_check() { ", in check" } else { "" };
            let dice = if pos.waiting() == Waiting::Dice {
                " (throws first)"
            } else {
                ""
            };
            pic.say(
                "to move",
                format!("{}{check}{dice}", sides[usize::from(pos.to_move())]),
            );
        }
    }
    pic.say("ply", pos.ply());
    pic
}
