//! The arguments of board games' views: a place named in text (a square,
//! a point), or a legal move.

use crate::core::view::ViewArg;
use crate::core::view_error::ViewError;

/// The place the view `name`'s text argument names, as `parse` reads it;
/// `what` is a place of the board ("square", "point") and `example` one's
/// name, for the messages.
pub(crate) fn place<M, T>(
    name: &str,
    arg: ViewArg<'_, M>,
    what: &str,
    example: &str,
    parse: impl FnOnce(&str) -> Option<T>,
) -> Result<T, ViewError> {
    let ViewArg::Text(text) = arg else {
        return Err(ViewError::Argument(format!(
            "view `{name}` takes a {what}'s name, e.g. \"{example}\""
        )));
    };
    parse(text).ok_or_else(|| {
        ViewError::Argument(format!(
            "view `{name}`: `{text}` is not a {what} of this board"
        ))
    })
}

/// The legal move the view `name` takes.
pub(crate) fn legal_move<M>(name: &str, arg: ViewArg<'_, M>) -> Result<M, ViewError> {
    match arg {
        ViewArg::Move(mv) => Ok(mv),
        _ => Err(ViewError::Argument(format!(
            "view `{name}` takes a legal move"
        ))),
    }
}
