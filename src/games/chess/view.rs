//! What a script may read of a chess game beyond the generic calls: the
//! pieces, one square, the dice thrown, check, who is still playing, which
//! squares are attacked and what a move takes.

use crate::core::view::{View, ViewArg, ViewInfo};
use crate::core::view_error::ViewError;
use crate::games::board::view_arg::{legal_move, place};
use crate::games::chess::attack::{Trial, attacked};
use crate::games::chess::board::Square;
use crate::games::chess::moves::Move;
use crate::games::chess::piece::{Cell, Kind, code, is_piece, owner};
use crate::games::chess::position::Position;

/// The views of every chess game.
pub const VIEWS: &[ViewInfo] = &[
    ViewInfo {
        name: "pieces",
        doc: "every piece: a list of {square = \"g1\", kind = \"king\", side = \"white\"}",
    },
    ViewInfo {
        name: "square",
        doc: "square(name, e.g. \"g1\"): {kind = ..., side = ...} of the piece there, or nil",
    },
    ViewInfo {
        name: "dice",
        doc: "the faces thrown for this move, each {face = n, kind = \"pawn\"} (empty without dice)",
    },
    ViewInfo {
        name: "in_check",
        doc: "whether the side to move is in check",
    },
    ViewInfo {
        name: "alive",
        doc: "the sides still playing, in the order of play",
    },
    ViewInfo {
        name: "attacked",
        doc: "attacked(name): whether a piece of the side to move on that square could be taken",
    },
    ViewInfo {
        name: "takes",
        doc: "takes(move): the kind of piece the move takes, or nil",
    },
];

fn describe(c: Cell, sides: &[&str]) -> View {
    let kind = Kind::from_code(code(c)).expect("a piece");
    View::record(vec![
        ("kind", View::text(kind.name())),
        ("side", View::text(sides[owner(c) as usize])),
    ])
}

fn square_arg(pos: &Position, name: &str, arg: ViewArg<'_, Move>) -> Result<Square, ViewError> {
    place(name, arg, "square", "g1", |text| {
        pos.rules().shape.parse(text)
    })
}

/// Answers the view `name` (`None` if it is not one of [`VIEWS`]) of a
/// game whose sides are `sides`.
pub fn view(
    pos: &Position,
    name: &str,
    arg: ViewArg<'_, Move>,
    sides: &[&str],
) -> Result<Option<View>, ViewError> {
    let rules = pos.rules();
    Ok(Some(match name {
        "pieces" => View::List(
            rules
                .squares
                .iter()
                .filter(|&&sq| is_piece(pos.cells()[sq as usize]))
                .map(|&sq| {
                    let c = pos.cells()[sq as usize];
                    let View::Record(mut fields) = describe(c, sides) else {
                        unreachable!("describe gives a record")
                    };
                    fields.insert(0, ("square", View::text(rules.shape.name(sq))));
                    View::Record(fields)
                })
                .collect(),
        ),
        "square" => {
            let c = pos.cells()[square_arg(pos, name, arg)? as usize];
            if is_piece(c) {
                describe(c, sides)
            } else {
                View::Nil
            }
        }
        "dice" => View::List(
            pos.dice()
                .iter()
                .filter(|&&f| f != 0)
                .map(|&f| {
                    View::record(vec![
                        ("face", View::Int(i64::from(f))),
                        (
                            "kind",
                            rules
                                .face_kind(f)
                                .map_or(View::Nil, |k| View::text(k.name())),
                        ),
                    ])
                })
                .collect(),
        ),
        "in_check" => View::Bool(pos.in_check()),
        "alive" => View::List(
            (0..rules.seats)
                .filter(|&s| (pos.alive() >> s) & 1 == 1)
                .map(|s| View::text(sides[s as usize]))
                .collect(),
        ),
        "attacked" => {
            let sq = square_arg(pos, name, arg)?;
            let seat = pos.to_move();
            View::Bool(attacked(
                rules,
                Trial::board(pos.cells()),
                sq,
                pos.checkers(seat),
                pos.leapers(),
                pos.pieces(),
            ))
        }
        "takes" => {
            let mv = legal_move(name, arg)?;
            let c = pos.cells()[mv.to as usize];
            if mv.is_capture() && is_piece(c) {
                View::text(Kind::from_code(code(c)).expect("a piece").name())
            } else {
                View::Nil
            }
        }
        _ => return Ok(None),
    }))
}
