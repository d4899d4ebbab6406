//! The legal moves as the script sees them: a userdata, not a table, so
//! that handing them over costs nothing per decision. `#moves` counts them,
//! `moves[i]` is a move handle (made only when asked for), `moves:text(i)`
//! writes one, `moves:find(text)` looks one up.

use std::rc::Rc;

use mlua::{MetaMethod, UserData, UserDataMethods, Value};

use crate::core::game::Game;
use crate::policies::lua::decision::Decision;

/// One move: a small copyable value; `tostring(m)` writes it as the game does.
#[derive(Clone, Copy, Debug)]
pub struct MoveHandle<G: Game>(pub G::Move);

impl<G: Game> UserData for MoveHandle<G> {
    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        methods.add_method("text", |_, this, ()| Ok(this.0.to_string()));
        methods.add_meta_method(MetaMethod::ToString, |_, this, ()| Ok(this.0.to_string()));
        methods.add_meta_method(MetaMethod::Eq, |_, this, other: Value| {
            Ok(other
                .as_userdata()
                .and_then(|u| u.borrow::<MoveHandle<G>>().ok())
                .is_some_and(|o| o.0 == this.0))
        });
    }
}

/// A list of legal moves: those of the decision in progress, or those of a
/// copy of the game (`copy:moves()`).
pub enum MovesHandle<G: Game> {
    /// The moves `choose` was called with, lent for the call.
    Current(Rc<Decision<G>>),
    /// A copy's moves, listed when asked for.
    Listed(Vec<G::Move>),
}

impl<G: Game> MovesHandle<G> {
    /// Runs `f` on the moves.
    pub fn with<R>(&self, f: impl FnOnce(&[G::Move]) -> R) -> R {
        match self {
            MovesHandle::Current(d) => f(d.moves()),
            MovesHandle::Listed(v) => f(v),
        }
    }
}

fn at<G: Game>(moves: &[G::Move], i: i64) -> Option<G::Move> {
    usize::try_from(i - 1)
        .ok()
        .and_then(|i| moves.get(i).copied())
}

impl<G: Game> UserData for MovesHandle<G> {
    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        methods.add_meta_method(MetaMethod::Len, |_, this, ()| Ok(this.with(|m| m.len())));
        methods.add_meta_method(MetaMethod::Index, |_, this, i: Value| {
            Ok(match i {
                Value::Integer(i) => this.with(|m| at::<G>(m, i)).map(MoveHandle::<G>),
                Value::Number(x) if x.fract() == 0.0 => {
                    this.with(|m| at::<G>(m, x as i64)).map(MoveHandle::<G>)
                }
                _ => None,
            })
        });
        methods.add_method("text", |_, this, i: i64| {
            Ok(this.with(|m| at::<G>(m, i)).map(|mv| mv.to_string()))
        });
        methods.add_method("find", |_, this, text: mlua::LuaString| {
            let text = text.to_str()?;
            Ok(this.with(|m| {
                m.iter()
                    .position(|mv| mv.to_string() == *text)
                    .map(|i| i + 1)
            }))
        });
        methods.add_meta_method(MetaMethod::ToString, |_, this, ()| {
            Ok(this.with(|m| {
                let texts: Vec<String> = m.iter().map(|mv| mv.to_string()).collect();
                format!("moves({})", texts.join(" "))
            }))
        });
    }
}
