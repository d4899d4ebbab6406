//! What a script may read of a morris-family game beyond the generic
//! calls: the men, one point, the hands and tallies, the board's links and
//! lines, and what a move would take.

use crate::core::game::unknown_view;
use crate::core::view::{View, ViewArg, ViewInfo};
use crate::core::view_error::ViewError;
use crate::games::morris::geometry::{Points, bits};
use crate::games::morris::moves::Move;
use crate::games::morris::position::Position;
use crate::games::morris::{Morris, Variant};

/// The views of every game of the family.
pub const VIEWS: &[ViewInfo] = &[
    ViewInfo {
        name: "men",
        doc: "each side's men: {white = {\"a1\", ...}, black = {...}} (rabbit: hare, hunters)",
    },
    ViewInfo {
        name: "point",
        doc: "point(name, e.g. \"c3\"): the side of the man there, or nil",
    },
    ViewInfo {
        name: "hand",
        doc: "the men each side has still to place: {white = n, black = n}",
    },
    ViewInfo {
        name: "captured",
        doc: "the men each side has taken: {white = n, black = n}",
    },
    ViewInfo {
        name: "neighbours",
        doc: "neighbours(name): the points joined to it by a line",
    },
    ViewInfo {
        name: "lines",
        doc: "the board's lines of three, each a list of three points (empty on the alquerque board)",
    },
    ViewInfo {
        name: "takes",
        doc: "takes(move): the points of the enemy men the move would take (jumped, or removed by a line)",
    },
    ViewInfo {
        name: "phase",
        doc: "\"placing\" while the side to move has men in hand, else \"moving\"",
    },
    ViewInfo {
        name: "first",
        doc: "the side that moved first (after the lot)",
    },
];

fn names(pos: &Position, set: Points) -> View {
    let g = pos.geometry();
    View::List(bits(set).map(|p| View::text(g.name(p))).collect())
}

fn per_side<V: Variant>(f: impl Fn(u8) -> View) -> View {
    View::record(vec![(V::SIDES[0], f(0)), (V::SIDES[1], f(1))])
}

fn point_arg(pos: &Position, name: &str, arg: ViewArg<'_, Move>) -> Result<u8, ViewError> {
    let ViewArg::Text(text) = arg else {
        return Err(ViewError::Argument(format!(
            "view `{name}` takes a point's name, e.g. \"c3\""
        )));
    };
    pos.geometry().point(text).ok_or_else(|| {
        ViewError::Argument(format!(
            "view `{name}`: `{text}` is not a point of this board"
        ))
    })
}

/// Answers the view `name`.
pub fn view<V: Variant>(
    pos: &Position,
    name: &str,
    arg: ViewArg<'_, Move>,
) -> Result<View, ViewError> {
    let g = pos.geometry();
    Ok(match name {
        "men" => per_side::<V>(|s| names(pos, pos.men(s))),
        "point" => {
            let p = point_arg(pos, name, arg)?;
            (0..2u8)
                .find(|&s| pos.men(s) & 1 << p != 0)
                .map_or(View::Nil, |s| View::text(V::SIDES[s as usize]))
        }
        "hand" => per_side::<V>(|s| View::Int(i64::from(pos.hand(s)))),
        "captured" => per_side::<V>(|s| View::Int(i64::from(pos.captured(s)))),
        "neighbours" => names(pos, g.adjacent[point_arg(pos, name, arg)? as usize]),
        "lines" => View::List(g.lines.iter().map(|&l| names(pos, l)).collect()),
        "takes" => {
            let ViewArg::Move(mv) = arg else {
                return Err(ViewError::Argument(
                    "view `takes` takes a legal move".to_string(),
                ));
            };
            names(pos, mv.takes())
        }
        "phase" => View::text(if pos.hand(pos.to_move()) > 0 {
            "placing"
        } else {
            "moving"
        }),
        "first" => pos
            .first()
            .map_or(View::Nil, |s| View::text(V::SIDES[s as usize])),
        _ => return Err(unknown_view::<Morris<V>>(name)),
    })
}
