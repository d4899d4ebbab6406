//! What a script may read of a Rithmomachy game beyond the generic calls:
//! the pieces, the piece on a square, the tallies of captures, and what a
//! move would capture (for many moves at once without playing them:
//! [`view_each`]). Built from the engine's public API only.

use crate::core::view::{View, ViewArg, ViewInfo};
use crate::core::view_error::ViewError;
use crate::games::rithmomachy::captured::Captured;
use crate::games::rithmomachy::moves::Move;
use crate::games::rithmomachy::piece::{Piece, Side};
use crate::games::rithmomachy::position::{CaptureEvent, Position};
use crate::games::rithmomachy::square::Square;

/// The views of [`super::Rithmomachy`].
pub const VIEWS: &[ViewInfo] = &[
    ViewInfo {
        name: "pieces",
        doc: "every piece: a list of {square, side, shape, value, layers = {{shape, value}, ...}}",
    },
    ViewInfo {
        name: "piece",
        doc: "piece(square, e.g. \"d5\"): that square's piece as in `pieces`, or nil",
    },
    ViewInfo {
        name: "captured",
        doc: "the tallies: {white = {pieces, value, digits}, black = {...}}",
    },
    ViewInfo {
        name: "captures",
        doc: "captures(move): what the move would capture, a list of {square, side, shape, value, kind, whole}",
    },
    ViewInfo {
        name: "capture_value",
        doc: "capture_value(move): the total value the move would capture",
    },
    ViewInfo {
        name: "last_captures",
        doc: "what the last move captured, as `captures`",
    },
    ViewInfo {
        name: "reserve",
        doc: "the pieces each side holds in hand (rule sets where captures change sides): {white = {{shape, value}, ...}, black = {...}}",
    },
];

fn piece(at: Square, p: &Piece) -> View {
    let layers = p
        .layers()
        .iter()
        .map(|l| {
            View::record(vec![
                ("shape", View::text(l.shape.name())),
                ("value", View::Int(i64::from(l.value))),
            ])
        })
        .collect();
    let shape = if p.pyramid {
        "pyramid"
    } else {
        p.layers()[0].shape.name()
    };
    View::record(vec![
        ("square", View::text(at.to_string())),
        ("side", View::text(p.side.name())),
        ("shape", View::text(shape)),
        ("value", View::Int(i64::from(p.total()))),
        ("layers", View::List(layers)),
    ])
}

fn tally(c: &Captured) -> View {
    View::record(vec![
        ("pieces", View::Int(i64::from(c.pieces))),
        ("value", View::Int(i64::from(c.value))),
        ("digits", View::Int(i64::from(c.digits))),
    ])
}

fn capture(c: &CaptureEvent) -> View {
    View::record(vec![
        ("square", View::text(c.at.to_string())),
        ("side", View::text(c.side.name())),
        ("shape", View::text(c.shape.map_or("pyramid", |s| s.name()))),
        ("value", View::Int(i64::from(c.value))),
        ("kind", View::text(c.kind.name())),
        ("whole", View::Bool(c.whole)),
    ])
}

/// The captures `mv` would make, played on a copy.
fn after(pos: &Position, mv: Move) -> Result<Position, ViewError> {
    if pos.ending().is_some() || !pos.is_legal(mv) {
        return Err(ViewError::Argument(format!(
            "`{mv}` is not a legal move here"
        )));
    }
    let mut next = pos.clone();
    next.play(mv);
    Ok(next)
}

fn a_move(name: &str, arg: ViewArg<'_, Move>) -> Result<Move, ViewError> {
    match arg {
        ViewArg::Move(m) => Ok(m),
        ViewArg::Text(t) => Move::parse(t)
            .ok_or_else(|| ViewError::Argument(format!("view `{name}`: `{t}` is not a move"))),
        _ => Err(ViewError::Argument(format!("view `{name}` takes a move"))),
    }
}

/// The total value of `captures`.
fn value(captures: &[CaptureEvent]) -> View {
    View::Int(captures.iter().map(|c| i64::from(c.value)).sum())
}

/// Answers the view `name` about `pos` for each of `moves` (legal moves
/// now), as [`view`] does: `captures` and `capture_value` from
/// [`Position::captures_of_each`], the others move by move.
pub fn view_each<E>(
    pos: &Position,
    name: &str,
    moves: &[Move],
    mut each: impl FnMut(usize, Result<View, ViewError>) -> Result<(), E>,
) -> Result<(), E> {
    let answer: fn(&[CaptureEvent]) -> View = match name {
        "captures" => |c| View::List(c.iter().map(capture).collect()),
        "capture_value" => value,
        _ => {
            for (i, &m) in moves.iter().enumerate() {
                each(i, view(pos, name, ViewArg::Move(m)))?;
            }
            return Ok(());
        }
    };
    pos.captures_of_each(moves, |i, found| each(i, Ok(answer(found))))
}

/// Answers the view `name` about `pos`.
pub fn view(pos: &Position, name: &str, arg: ViewArg<'_, Move>) -> Result<View, ViewError> {
    match name {
        "pieces" => Ok(View::List(
            pos.board().pieces().map(|(s, p)| piece(s, p)).collect(),
        )),
        "piece" => {
            let ViewArg::Text(t) = arg else {
                return Err(ViewError::Argument(
                    "view `piece` takes a square, e.g. \"d5\"".into(),
                ));
            };
            let at = Square::parse(t)
                .ok_or_else(|| ViewError::Argument(format!("view `piece`: no square `{t}`")))?;
            Ok(pos.board().get(at).map_or(View::Nil, |p| piece(at, p)))
        }
        "captured" => Ok(View::record(vec![
            ("white", tally(pos.captured(Side::White))),
            ("black", tally(pos.captured(Side::Black))),
        ])),
        "captures" => {
            let next = after(pos, a_move(name, arg)?)?;
            Ok(View::List(
                next.last_captures().iter().map(capture).collect(),
            ))
        }
        "capture_value" => {
            let next = after(pos, a_move(name, arg)?)?;
            Ok(value(next.last_captures()))
        }
        "last_captures" => Ok(View::List(
            pos.last_captures().iter().map(capture).collect(),
        )),
        "reserve" => {
            let side = |s: Side| {
                View::List(
                    pos.reserve(s)
                        .pieces()
                        .iter()
                        .map(|l| {
                            View::record(vec![
                                ("shape", View::text(l.shape.name())),
                                ("value", View::Int(i64::from(l.value))),
                            ])
                        })
                        .collect(),
                )
            };
            Ok(View::record(vec![
                ("white", side(Side::White)),
                ("black", side(Side::Black)),
            ]))
        }
        _ => Err(crate::core::game::unknown_view::<super::Rithmomachy>(name)),
    }
}
