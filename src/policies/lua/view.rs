//! Converting between a game's [`View`] values and Lua values.

use crate::core::native_policies::NativePolicies;
use std::ffi::c_int;
use std::ptr;

use mlua::{Lua, Value, ffi};

use crate::core::game::Game;
use crate::core::view::{View, ViewArg};
use crate::policies::lua::moves_handle::MoveHandle;

/// A view as a Lua value: records and lists become tables (lists 1-based).
///
/// A table is built inside one protected call with Lua's own functions:
/// through mlua, each value set would be a protected call of its own and a
/// slot of its reference stack, which cost more than the view itself
/// (nine men's morris' `men` is 21 values).
pub fn to_lua(lua: &Lua, v: &View) -> mlua::Result<Value> {
    Ok(match v {
        View::Nil => Value::Nil,
        View::Bool(b) => Value::Boolean(*b),
        View::Int(i) => Value::Integer(*i),
        View::Text(t) => Value::String(lua.create_string(t)?),
        // SAFETY: `push` leaves exactly one value on the stack and raises
        // only Lua errors (memory), which `exec_raw` catches; no Rust value
        // with a destructor lives in its frames.
        View::List(_) | View::Record(_) => unsafe { lua.exec_raw((), |state| push(state, v))? },
    })
}

/// Pushes `v` onto `state`'s stack as [`to_lua`] makes it.
///
/// # Safety
/// `state` must be a running state of this thread, inside a protected call.
unsafe fn push(state: *mut ffi::lua_State, v: &View) {
    // SAFETY: as the caller promised; every push is preceded by room for
    // it (`luaL_checkstack` raises a Lua error if there is none).
    unsafe {
        ffi::luaL_checkstack(state, 3, ptr::null());
        match v {
            View::Nil => ffi::lua_pushnil(state),
            View::Bool(b) => ffi::lua_pushboolean(state, c_int::from(*b)),
            View::Int(i) => ffi::lua_pushinteger(state, *i),
            View::Text(t) => {
                ffi::lua_pushlstring(state, t.as_ptr().cast(), t.len());
            }
            View::List(items) => {
                ffi::lua_createtable(state, c_int::try_from(items.len()).unwrap_or(0), 0);
                for (i, item) in items.iter().enumerate() {
                    push(state, item);
                    // A nil leaves its place empty, as `raw_set` did.
                    ffi::lua_rawseti(state, -2, i as ffi::lua_Integer + 1);
                }
            }
            View::Record(fields) => {
                ffi::lua_createtable(state, 0, c_int::try_from(fields.len()).unwrap_or(0));
                for (k, item) in fields {
                    ffi::lua_pushlstring(state, k.as_ptr().cast(), k.len());
                    push(state, item);
                    ffi::lua_rawset(state, -3);
                }
            }
        }
    }
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
