//! Converting between a game's [`View`] values and Lua values.

use crate::core::native_policies::NativePolicies;
use mlua::{Lua, Value};

use crate::core::game::Game;
use crate::core::view::{View, ViewArg};
use crate::policies::lua::moves_handle::MoveHandle;

/// A view as a Lua value: records and lists become tables (lists 1-based).
pub fn to_lua(lua: &Lua, v: &View) -> mlua::Result<Value> {
    Ok(match v {
        View::Nil => Value::Nil,
        View::Bool(b) => Value::Boolean(*b),
        View::Int(i) => Value::Integer(*i),
        View::Text(t) => Value::String(lua.create_string(t)?),
        View::List(items) => {
            let t = lua.create_table_with_capacity(items.len(), 0)?;
            for (i, item) in items.iter().enumerate() {
                t.raw_set(i + 1, to_lua(lua, item)?)?;
            }
            Value::Table(t)
        }
        View::Record(fields) => {
            let t = lua.create_table_with_capacity(0, fields.len())?;
            for (k, item) in fields {
                t.raw_set(*k, to_lua(lua, item)?)?;
            }
            Value::Table(t)
        }
    })
}

/// How many values (numbers, texts, tables) `v` is made of: what making it
/// in Lua costs.
pub fn size(v: &View) -> u64 {
    match v {
        View::List(items) => 1 + items.iter().map(size).sum::<u64>(),
        View::Record(fields) => 1 + fields.iter().map(|(_, x)| size(x)).sum::<u64>(),
        _ => 1,
    }
}

/// The argument of `game:view(name, arg)`, taken out of Lua.
pub enum Arg<M> {
    /// None given.
    None,
    /// A number.
    Int(i64),
    /// A text.
    Text(String),
    /// A move handle.
    Move(M),
}

impl<M: Copy> Arg<M> {
    /// Reads a Lua value as a view argument.
    pub(crate) fn from_lua<G: Game<Move = M> + NativePolicies>(
        v: &Value,
    ) -> Result<Arg<M>, String> {
        match v {
            Value::Nil => Ok(Arg::None),
            Value::Integer(i) => Ok(Arg::Int(*i)),
            Value::Number(x) if x.fract() == 0.0 && x.abs() < 1e18 => Ok(Arg::Int(*x as i64)),
            Value::String(s) if s.as_bytes().len() > 256 => {
                Err("a view's argument may be at most 256 bytes of text".into())
            }
            Value::String(s) => Ok(Arg::Text(s.to_string_lossy())),
            Value::UserData(u) => u
                .borrow::<MoveHandle<G>>()
                .map(|m| Arg::Move(m.mv))
                .map_err(|_| "a view's argument may be a move, a number or a text".to_string()),
            _ => Err(format!(
                "a view's argument may be a move, a number or a text, not a {}",
                v.type_name()
            )),
        }
    }

    /// The argument as the game takes it.
    pub fn as_view_arg(&self) -> ViewArg<'_, M> {
        match self {
            Arg::None => ViewArg::None,
            Arg::Int(i) => ViewArg::Int(*i),
            Arg::Text(t) => ViewArg::Text(t),
            Arg::Move(m) => ViewArg::Move(*m),
        }
    }
}
