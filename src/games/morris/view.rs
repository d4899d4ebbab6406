//! What a script may read of a morris-family game beyond the generic
//! calls: the men, one point, the hands and tallies, the board's links and
//! lines, what a decision would take, and what is left of the turn.

use crate::core::view::{View, ViewArg, ViewInfo};
use crate::core::view_error::ViewError;
use crate::games::board::view_arg::{legal_move, place};
use crate::games::morris::geometry::{Points, bits};
use crate::games::morris::moves::Move;
use crate::games::morris::position::{Pending, Position};

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
        doc: "takes(move): the point of the enemy man the decision takes (jumped over, or removed), as a list of none or one",
    },
    ViewInfo {
        name: "makes_line",
        doc: "makes_line(move): whether the decision ends with a completed line, so that a removal follows",
    },
    ViewInfo {
        name: "pending",
        doc: "what is left of the turn: nil at its start, \"removal\" after a completed line, or {at = \"c3\", jumped = {...}} in a chain of jumps",
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

fn per_side(sides: &[&'static str], f: impl Fn(u8) -> View) -> View {
    View::record(vec![(sides[0], f(0)), (sides[1], f(1))])
}

fn point_arg(pos: &Position, name: &str, arg: ViewArg<'_, Move>) -> Result<u8, ViewError> {
    place(name, arg, "point", "c3", |text| pos.geometry().point(text))
}

/// Answers the view `name` (`None` if it is not one of [`VIEWS`]) of a
/// game whose sides are `sides`.
pub fn view(
    pos: &Position,
    name: &str,
    arg: ViewArg<'_, Move>,
    sides: &[&'static str],
) -> Result<Option<View>, ViewError> {
    let g = pos.geometry();
    Ok(Some(match name {
        "men" => per_side(sides, |s| names(pos, pos.men(s))),
        "point" => {
            let p = point_arg(pos, name, arg)?;
            (0..2u8)
                .find(|&s| pos.men(s) & 1 << p != 0)
                .map_or(View::Nil, |s| View::text(sides[s as usize]))
        }
        "hand" => per_side(sides, |s| View::Int(i64::from(pos.hand(s)))),
        "captured" => per_side(sides, |s| View::Int(i64::from(pos.captured(s)))),
        "neighbours" => names(pos, g.adjacent[point_arg(pos, name, arg)? as usize]),
        "lines" => View::List(g.lines.iter().map(|&l| names(pos, l)).collect()),
        "takes" => {
            let mv = legal_move(name, arg)?;
            names(pos, mv.takes().map_or(0, |p| 1 << p))
        }
        "makes_line" => {
            let mv = legal_move(name, arg)?;
            let mut after = pos.clone();
            after.play(mv);
            View::Bool(after.pending() == Pending::Removal)
        }
        "pending" => match pos.pending() {
            Pending::Turn => View::Nil,
            Pending::Removal => View::text("removal"),
            Pending::Chain { at, taken } => View::record(vec![
                ("at", View::text(g.name(at))),
                ("jumped", names(pos, taken)),
            ]),
        },
        "phase" => View::text(if pos.hand(pos.to_move()) > 0 {
            "placing"
        } else {
            "moving"
        }),
        "first" => pos
            .first()
            .map_or(View::Nil, |s| View::text(sides[s as usize])),
        _ => return Ok(None),
    }))
}
