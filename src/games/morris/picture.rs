//! A morris position as a picture: the board's points and lines, each
//! side's men on their points, and the men in hand and taken beside it
//! (what `describe::diagram` writes in text).

use crate::core::picture::{BoardShape, Picture, PiecePicture, PieceShape, Spot};
use crate::games::morris::geometry::bits;
use crate::games::morris::position::{Pending, Position};

/// The position drawn as points and lines, with its hands and tallies.
pub fn picture(pos: &Position, sides: &[&'static str]) -> Picture {
    let g = pos.geometry();
    let points = (0..g.len())
        .map(|p| {
            let (x, y) = g.coords[p];
            (g.names[p].to_string(), f32::from(x), f32::from(y))
        })
        .collect();
    let lines = (0..g.len())
        .flat_map(|p| {
            bits(g.adjacent[p])
                .filter(move |&q| usize::from(q) > p)
                .map(move |q| (p as u16, u16::from(q)))
        })
        .collect();
    let mut pic = Picture::new(BoardShape::Points { points, lines }, sides);
    for p in 0..g.len() as u8 {
        for seat in 0..2u8 {
            if pos.men(seat) & 1 << p != 0 {
                pic.pieces.push(PiecePicture {
                    at: Spot::Point(u16::from(p)),
                    side: seat,
                    shape: PieceShape::Man,
                    label: String::new(),
                });
            }
        }
    }
    for seat in 0..2u8 {
        let side = sides[usize::from(seat)];
        pic.say(format!("{side} in hand"), pos.hand(seat));
        pic.say(format!("{side} taken"), pos.captured(seat));
    }
    match (pos.ending(), pos.first()) {
        (Some(e), _) => pic.say("over", e.words(sides, "won")),
        (None, None) => pic.say("to move", "lots to draw"),
        (None, Some(_)) => {
            let pending = match pos.pending() {
                Pending::Removal => " (removes a man)",
                Pending::Chain { .. } => " (jumps on)",
                Pending::Turn => "",
            };
            pic.say(
                "to move",
                format!("{}{pending}", sides[usize::from(pos.to_move())]),
            );
        }
    }
    pic.say("ply", pos.ply());
    pic
}
