//! The game as the script sees it: the game being decided (read-only) or a
//! copy of it (`game:clone()`) that the script may play moves on.

use std::rc::Rc;

use mlua::{Lua, MetaMethod, UserData, UserDataMethods, Value};

use crate::core::game::{Game, Turn};
use crate::core::heap;
use crate::core::log::Silent;
use crate::core::options::OptionValue;
use crate::core::text::quoted;
use crate::policies::lua::decision::Decision;
use crate::policies::lua::meter::{Held, Meter, cost, userdata_bytes};
use crate::policies::lua::moves_handle::{MoveHandle, MovesHandle};
use crate::policies::lua::view::{Arg, size, to_lua};

/// A game handle.
pub struct GameHandle<G: Game> {
    decision: Rc<Decision<G>>,
    /// `None`: the game being decided; `Some`: the script's own copy, with
    /// the host memory it holds reserved from the script's limit.
    copy: Option<(G, Held)>,
}

impl<G: Game> GameHandle<G> {
    /// The handle of the game being decided.
    pub fn current(decision: Rc<Decision<G>>) -> GameHandle<G> {
        GameHandle {
            decision,
            copy: None,
        }
    }

    fn game(&self) -> mlua::Result<&G> {
        match &self.copy {
            Some((g, _)) => Ok(g),
            None => self.decision.game().ok_or_else(|| {
                mlua::Error::RuntimeError(
                    "the game can be read only while the host calls init or choose".into(),
                )
            }),
        }
    }
}

fn err(message: impl Into<String>) -> mlua::Error {
    mlua::Error::RuntimeError(message.into())
}

/// The index a Lua number names, 1-based, whether written `3` or `3.0`.
pub fn index_of(v: &Value, len: usize) -> Option<usize> {
    let i = match v {
        Value::Integer(i) => *i,
        Value::Number(x) if x.fract() == 0.0 && x.abs() < 1e18 => *x as i64,
        _ => return None,
    };
    usize::try_from(i - 1).ok().filter(|&i| i < len)
}

/// The move a script names: a move handle, an index into the legal moves,
/// or its text; an error unless it is legal in `game`. Charged to `meter`.
pub fn resolve_move<G: Game>(game: &G, v: &Value, meter: &Meter) -> mlua::Result<G::Move> {
    let mut moves = Vec::new();
    game.legal_moves(&mut moves);
    meter.charge(cost::LEGAL_MOVES + cost::PER_MOVE * moves.len() as u64)?;
    let found = match v {
        Value::UserData(u) => u
            .borrow::<MoveHandle<G>>()
            .ok()
            .map(|m| m.mv)
            .filter(|m| moves.contains(m)),
        Value::Integer(_) | Value::Number(_) => index_of(v, moves.len()).map(|i| moves[i]),
        Value::String(s) => {
            meter.charge(cost::MOVE_TEXT * moves.len() as u64)?;
            let s = s.as_bytes();
            moves
                .iter()
                .copied()
                .find(|m| m.to_string().as_bytes() == s.as_ref())
        }
        _ => None,
    };
    found.ok_or_else(|| {
        err(format!(
            "play: {} is not one of the {} legal moves",
            describe::<G>(v),
            moves.len()
        ))
    })
}

/// A Lua value as an error message shows it: text quoted, bounded and
/// escaped; a userdata by what it is, never by its address.
pub fn describe<G: Game>(v: &Value) -> String {
    match v {
        Value::String(s) => format!("\"{}\"", quoted(&s.as_bytes(), 100)),
        Value::Integer(i) => i.to_string(),
        Value::Number(x) => x.to_string(),
        Value::Boolean(b) => b.to_string(),
        Value::Nil => "nil".into(),
        Value::UserData(u) => {
            if let Ok(m) = u.borrow::<MoveHandle<G>>() {
                format!("the move `{}`", m.mv)
            } else if u.is::<GameHandle<G>>() {
                "a game".into()
            } else if u.is::<MovesHandle<G>>() {
                "a list of moves".into()
            } else {
                "a userdata".into()
            }
        }
        other => format!("a {}", other.type_name()),
    }
}

fn option_value(lua: &Lua, v: &OptionValue) -> mlua::Result<Value> {
    Ok(match v {
        OptionValue::Int(i) => Value::Integer(*i),
        OptionValue::Choice(c) => Value::String(lua.create_string(c)?),
    })
}

/// The rule options as a Lua table.
pub fn options_table<G: Game>(lua: &Lua, d: &Decision<G>) -> mlua::Result<mlua::Table> {
    let t = lua.create_table_with_capacity(0, d.options.len())?;
    for (k, v) in &d.options {
        t.raw_set(*k, option_value(lua, v)?)?;
    }
    Ok(t)
}

impl<G: Game> UserData for GameHandle<G> {
    fn add_methods<M: UserDataMethods<Self>>(methods: &mut M) {
        methods.add_method("name", |_, _, ()| Ok(G::NAME));
        methods.add_method("players", |_, this, ()| Ok(this.game()?.players()));
        methods.add_method("seat", |_, this, ()| Ok(this.decision.seat.get() + 1));
        methods.add_method("seat_name", |_, this, seat: Option<usize>| {
            let s = seat.unwrap_or(this.decision.seat.get() + 1);
            if s == 0 || s > this.game()?.players() {
                return Err(err(format!("seat_name: no seat {s}")));
            }
            Ok(G::seat_name(s - 1))
        });
        methods.add_method("to_move", |_, this, ()| {
            Ok(match this.game()?.turn() {
                Turn::Decide(s) => Some(s + 1),
                Turn::Chance | Turn::Over => None,
            })
        });
        methods.add_method("ply", |_, this, ()| Ok(this.game()?.length()));
        methods.add_method("over", |_, this, ()| Ok(this.game()?.turn() == Turn::Over));
        methods.add_method("winner", |_, this, ()| {
            Ok(this
                .game()?
                .outcome()
                .and_then(|o| o.sole_winner())
                .map(|s| s + 1))
        });
        methods.add_method("outcome", |lua, this, ()| {
            let Some(o) = this.game()?.outcome() else {
                return Ok(Value::Nil);
            };
            let t = lua.create_table()?;
            let winners: Vec<usize> = o.winners.iter().map(|s| s + 1).collect();
            t.raw_set("winners", winners)?;
            let places: Vec<u8> = (0..this.game()?.players()).map(|s| o.place(s)).collect();
            t.raw_set("places", places)?;
            t.raw_set("reason", o.reason)?;
            Ok(Value::Table(t))
        });
        methods.add_method("payoff", |_, this, seat: Option<usize>| {
            let s = seat.unwrap_or(this.decision.seat.get() + 1);
            if s == 0 || s > this.game()?.players() {
                return Err(err(format!("payoff: no seat {s}")));
            }
            Ok(this.game()?.payoff(s - 1))
        });
        methods.add_method("options", |lua, this, ()| {
            options_table(lua, &this.decision)
        });
        methods.add_method("moves", |lua, this, ()| {
            Ok(match &this.copy {
                None => MovesHandle::Current(this.decision.clone()),
                Some((g, _)) => {
                    let meter = this.decision.meter();
                    let mut v = Vec::new();
                    if matches!(g.turn(), Turn::Decide(_)) {
                        g.legal_moves(&mut v);
                    }
                    meter.charge(cost::LEGAL_MOVES + cost::PER_MOVE * v.len() as u64)?;
                    v.shrink_to_fit();
                    let bytes = userdata_bytes::<MovesHandle<G>>()
                        + v.capacity() * std::mem::size_of::<G::Move>();
                    let held = Held::new(lua, meter, bytes)?;
                    MovesHandle::Listed(v, this.decision.clone(), held)
                }
            })
        });
        methods.add_method("clone", |lua, this, ()| {
            let meter = this.decision.meter();
            meter.check()?;
            let (copy, grew) = heap::measure(|| this.game().cloned());
            let copy = copy?;
            let bytes = userdata_bytes::<GameHandle<G>>() + grew.max(0) as usize;
            meter.charge(cost::CLONE + bytes as u64 / 16)?;
            let held = Held::new(lua, meter, bytes)?;
            Ok(GameHandle {
                decision: this.decision.clone(),
                copy: Some((copy, held)),
            })
        });
        methods.add_method_mut("play", |lua, this, mv: Value| {
            let meter = this.decision.meter().clone();
            let Some((g, held)) = this.copy.as_mut() else {
                return Err(err(
                    "the game being decided is read-only: play on a copy (game:clone())",
                ));
            };
            if !matches!(g.turn(), Turn::Decide(_)) {
                return Err(err(
                    "play: no move is due in this copy (it is over or waits for the dice)",
                ));
            }
            let m = resolve_move(g, &mv, &meter)?;
            meter.charge(cost::PLAY)?;
            let ((), grew) = heap::measure(|| g.play(m, &mut Silent));
            held.grow(lua, grew)
        });
        methods.add_method(
            "view",
            |lua, this, (name, arg): (mlua::LuaString, Value)| {
                let meter = this.decision.meter();
                meter.charge(cost::VIEW)?;
                let arg = Arg::from_lua::<G>(&arg).map_err(err)?;
                let name = name.to_string_lossy();
                let v = this
                    .game()?
                    .view(&name, arg.as_view_arg())
                    .map_err(|e| err(format!("view: {}", quoted(e.as_bytes(), 300))))?;
                meter.charge(cost::VIEW_VALUE * size(&v))?;
                to_lua(lua, &v)
            },
        );
        methods.add_meta_method(MetaMethod::ToString, |_, this, ()| {
            let g = this.game()?;
            Ok(format!(
                "{} ({}, length {})",
                G::NAME,
                if this.copy.is_some() {
                    "a copy"
                } else {
                    "the game being decided"
                },
                g.length()
            ))
        });
    }
}
