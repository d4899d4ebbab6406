//! The legal moves as the script sees them: a userdata, not a table, so
//! that handing them over costs nothing per decision. `#moves` counts them,
//! `moves[i]` is a move handle (made only when asked for), `moves:text(i)`
//! writes one, `moves:find(text)` looks one up.

use crate::core::native_policies::NativePolicies;
use std::rc::Rc;

use mlua::{Lua, MetaMethod, UserData, UserDataMethods, Value};

use crate::core::game::Game;
use crate::policies::lua::decision::Decision;
use crate::policies::lua::legal::Legal;
use crate::policies::lua::meter::{Held, Meter, cost, userdata_bytes};

/// One move: a small value; `tostring(m)` writes it as the game does. The
/// host memory it takes is reserved from the script's limit.
pub struct MoveHandle<G: Game + NativePolicies> {
    /// The move.
    pub mv: G::Move,
    _held: Held,
}

impl<G: Game + NativePolicies> MoveHandle<G> {
    /// A handle of `mv`, reserved from `meter`'s memory.
    pub fn new(lua: &Lua, meter: &Rc<Meter>, mv: G::Move) -> mlua::Result<MoveHandle<G>> {
        Ok(MoveHandle {
            mv,
            _held: Held::new(lua, meter, userdata_bytes::<MoveHandle<G>>())?,
        })
    }
}

/// A move's text, charged.
pub fn text<G: Game + NativePolicies>(meter: &Meter, mv: G::Move) -> mlua::Result<String> {
    meter.charge(cost::MOVE_TEXT)?;
    Ok(mv.to_string())
}

impl<G: Game + NativePolicies> UserData for MoveHandle<G> {
    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        methods.add_method("text", |_, this, ()| text::<G>(this._held.meter(), this.mv));
        methods.add_meta_method(MetaMethod::ToString, |_, this, ()| {
            text::<G>(this._held.meter(), this.mv)
        });
        methods.add_meta_method(MetaMethod::Eq, |_, this, other: Value| {
            Ok(other
                .as_userdata()
                .and_then(|u| u.borrow::<MoveHandle<G>>().ok())
                .is_some_and(|o| o.mv == this.mv))
        });
    }
}

/// A list of legal moves: those of the decision in progress, or those of a
/// copy of the game (`copy:moves()`).
pub enum MovesHandle<G: Game + NativePolicies> {
    /// The moves `choose` was called with, lent for the call.
    Current(Rc<Decision<G>>),
    /// A copy's moves, listed when asked for (and shared with the copy,
    /// see [`Legal`]); the handle's own memory held.
    Listed(Rc<Legal<G>>, Rc<Decision<G>>, Held),
}

impl<G: Game + NativePolicies> MovesHandle<G> {
    /// Runs `f` on the moves.
    pub fn with<R>(&self, f: impl FnOnce(&[G::Move]) -> R) -> R {
        match self {
            MovesHandle::Current(d) => f(d.moves()),
            MovesHandle::Listed(l, _, _) => f(&l.moves),
        }
    }

    fn decision(&self) -> &Rc<Decision<G>> {
        match self {
            MovesHandle::Current(d) | MovesHandle::Listed(_, d, _) => d,
        }
    }
}

fn at<G: Game + NativePolicies>(moves: &[G::Move], i: i64) -> Option<G::Move> {
    usize::try_from(i - 1)
        .ok()
        .and_then(|i| moves.get(i).copied())
}

impl<G: Game + NativePolicies> UserData for MovesHandle<G> {
    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        methods.add_meta_method(MetaMethod::Len, |_, this, ()| Ok(this.with(|m| m.len())));
        methods.add_meta_method(MetaMethod::Index, |lua, this, i: Value| {
            let found = match i {
                Value::Integer(i) => this.with(|m| at::<G>(m, i)),
                Value::Number(x) if x.fract() == 0.0 => this.with(|m| at::<G>(m, x as i64)),
                _ => None,
            };
            found
                .map(|mv| MoveHandle::<G>::new(lua, this.decision().meter(), mv))
                .transpose()
        });
        methods.add_method("text", |_, this, i: i64| {
            this.with(|m| at::<G>(m, i))
                .map(|mv| text::<G>(this.decision().meter(), mv))
                .transpose()
        });
        methods.add_method("find", |_, this, text: mlua::LuaString| {
            let meter = this.decision().meter();
            meter.charge(cost::MOVE_TEXT * this.with(|m| m.len()) as u64)?;
            let text = text.as_bytes();
            Ok(this.with(|m| {
                m.iter()
                    .position(|mv| mv.to_string().as_bytes() == text.as_ref())
                    .map(|i| i + 1)
            }))
        });
        methods.add_meta_method(MetaMethod::ToString, |_, this, ()| {
            let meter = this.decision().meter();
            meter.charge(cost::MOVE_TEXT * this.with(|m| m.len()) as u64)?;
            Ok(this.with(|m| {
                let texts: Vec<String> = m.iter().map(|mv| mv.to_string()).collect();
                format!("moves({})", texts.join(" "))
            }))
        });
    }
}
