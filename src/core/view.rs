//! Read-only views of a game's state, in a small value type every game can
//! build and every host (the Lua host, later others) can convert, so that
//! the host needs to know no game.
//!
//! A game answers named queries ([`crate::core::game::Game::view`]), some
//! taking an argument ([`ViewArg`]): `pieces`, `piece d5`, `captures <move>`
//! in Rithmomachy; `table`, `turn_hazards` in the banking dice games.

/// A value a view returns.
///
/// ```
/// use ludus::core::view::View;
/// let v = View::record(vec![("pot", View::Int(20)), ("own", View::Int(9))]);
/// assert_eq!(v.field("pot"), Some(&View::Int(20)));
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum View {
    /// Nothing (an empty square, a number not yet assigned).
    Nil,
    /// Yes or no.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A name, a square, a move written as the game writes it.
    Text(String),
    /// A sequence (a Lua array, 1-based there).
    List(Vec<View>),
    /// Named fields (a Lua table with string keys).
    Record(Vec<(&'static str, View)>),
}

impl View {
    /// A record from its fields.
    pub fn record(fields: Vec<(&'static str, View)>) -> View {
        View::Record(fields)
    }

    /// A text value.
    pub fn text(s: impl Into<String>) -> View {
        View::Text(s.into())
    }

    /// The field `name` of a record.
    pub fn field(&self, name: &str) -> Option<&View> {
        match self {
            View::Record(fields) => fields.iter().find(|(k, _)| *k == name).map(|(_, v)| v),
            _ => None,
        }
    }
}

/// The argument of a view query.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ViewArg<'a, M> {
    /// No argument.
    None,
    /// A whole number (a seat, 1-based as scripts count).
    Int(i64),
    /// A text (a square's name).
    Text(&'a str),
    /// A legal move of the game.
    Move(M),
}

/// A view query a game answers, for documentation and error messages.
#[derive(Clone, Copy, Debug)]
pub struct ViewInfo {
    /// The query's name.
    pub name: &'static str,
    /// Its argument and what it returns.
    pub doc: &'static str,
}
