//! The game as the script sees it: the game being decided (read-only) or a
//! copy of it (`game:copy()`, also `game:clone()`) that the script may play
//! moves on, with dice of its own, and roll out with a native policy.

use crate::core::native_policies::NativePolicies;
use crate::core::view_error::ViewError;
use std::borrow::Cow;
use std::rc::Rc;

use mlua::{Lua, MetaMethod, UserData, UserDataMethods, Value};

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::options::OptionValue;
use crate::core::outcome::Outcome;
use crate::core::seed::{Stream, stream};
use crate::core::text::quoted;
use crate::core::view::{View, ViewArg};
use crate::policies::lua::copy::Copied;
use crate::policies::lua::decision::Decision;
use crate::policies::lua::heap;
use crate::policies::lua::limits::MAX_ELEMENTS;
use crate::policies::lua::meter::{Held, Meter, cost, userdata_bytes};
use crate::policies::lua::moves_handle::{MoveHandle, MovesHandle};
use crate::policies::lua::rollout::{self, Rollout};
use crate::policies::lua::view::{Arg, size, to_lua};

/// A game handle.
pub struct GameHandle<G: Game + NativePolicies> {
    decision: Rc<Decision<G>>,
    /// `None`: the game being decided; `Some`: the script's own copy.
    copy: Option<Copied<G>>,
}

impl<G: Game + NativePolicies> GameHandle<G> {
    /// The handle of the game being decided.
    pub fn current(decision: Rc<Decision<G>>) -> GameHandle<G> {
        GameHandle {
            decision,
            copy: None,
        }
    }

    fn game(&self) -> mlua::Result<&G> {
        match &self.copy {
            Some(c) => Ok(&c.game),
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

/// A name a script gives (a view's, a policy's), refused past 256 bytes:
/// no name is longer, and the host copies it.
fn short_text(s: &mlua::LuaString, what: &str) -> mlua::Result<String> {
    short_str(&s.as_bytes(), what).map(Cow::into_owned)
}

/// As [`short_text`], borrowed from the Lua string's bytes: a view's name
/// is read at every view, and copying it was a fifth of a small view's cost.
fn short_str<'a>(bytes: &'a [u8], what: &str) -> mlua::Result<Cow<'a, str>> {
    if bytes.len() > 256 {
        return Err(err(format!(
            "{what} may be at most 256 bytes, not {}",
            bytes.len()
        )));
    }
    Ok(String::from_utf8_lossy(bytes))
}

/// A count a Lua number names, 0 or more, whether written `3` or `3.0`.
fn count_of(v: &Value) -> Option<u64> {
    match v {
        Value::Integer(i) => u64::try_from(*i).ok(),
        Value::Number(x) if x.fract() == 0.0 && *x >= 0.0 && *x < 1e18 => Some(*x as u64),
        _ => None,
    }
}

/// The move a script names among `moves`, the legal moves of the game it
/// is played on: a move handle, an index into them, or its text; an error
/// unless it is one of them. Charged to `meter`.
pub fn resolve_move<G: Game + NativePolicies>(
    moves: &[G::Move],
    v: &Value,
    meter: &Meter,
) -> mlua::Result<G::Move> {
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
pub fn describe<G: Game + NativePolicies>(v: &Value) -> String {
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

/// How a game ended, as a Lua table: `{winners, places, reason}`.
fn outcome_table(lua: &Lua, o: &Outcome, players: usize) -> mlua::Result<Value> {
    let t = lua.create_table()?;
    let winners: Vec<usize> = o.winners.iter().map(|s| s + 1).collect();
    t.raw_set("winners", winners)?;
    let places: Vec<u8> = (0..players).map(|s| o.place(s)).collect();
    t.raw_set("places", places)?;
    t.raw_set("reason", o.reason)?;
    Ok(Value::Table(t))
}

/// The views of `game` named `name` for each argument of `args` (a list
/// of moves, or a Lua sequence of view arguments), as a Lua sequence; each
/// argument charged as a view is, less the cost of a call.
fn views_for<G: Game + NativePolicies>(
    lua: &Lua,
    meter: &Meter,
    (game, decided): (&G, bool),
    name: &str,
    args: &Value,
) -> mlua::Result<mlua::Table> {
    // Each answer as it comes: charged and made a Lua value, so that the
    // host holds one view at a time.
    let put = |i: usize, v: Result<View, ViewError>| {
        meter.charge(cost::VIEW_EACH)?;
        let v = v.map_err(|e| {
            err(format!(
                "views_for: argument {i}: {}",
                quoted(e.to_string().as_bytes(), 300)
            ))
        })?;
        meter.charge(cost::VIEW_VALUE * size(&v))?;
        to_lua(lua, &v)
    };
    match args {
        Value::UserData(u) if u.is::<MovesHandle<G>>() => {
            let list = u.borrow::<MovesHandle<G>>()?;
            list.with(|moves| {
                // A game answers for many moves at once only of its legal
                // moves: the moves `choose` was given are the decided
                // game's; any other list is checked against the game's own.
                let legal = match (&*list, decided) {
                    (MovesHandle::Current(_), true) => true,
                    _ => {
                        let mut own = Vec::new();
                        game.legal_moves(&mut own);
                        meter.charge(cost::LEGAL_MOVES + cost::PER_MOVE * own.len() as u64)?;
                        own == moves
                    }
                };
                meter.check()?;
                // Set one by one: a Lua function called with them all (one
                // call instead of a protected call each) leaves mlua holding
                // more memory after the game than before it, which would
                // make the next game's memory limit depend on this one
                // (see `script.rs`).
                let out = lua.create_table_with_capacity(moves.len(), 0)?;
                let put = |i: usize, v| out.raw_set(i, put(i, v)?);
                if legal {
                    game.view_each(name, moves, |i, v| put(i + 1, v))?;
                } else {
                    for (i, &m) in moves.iter().enumerate() {
                        meter.check()?;
                        put(i + 1, game.view(name, ViewArg::Move(m)))?;
                    }
                }
                Ok(out)
            })
        }
        Value::Table(t) => {
            let n = t.raw_len();
            if n as u64 > MAX_ELEMENTS {
                return Err(err(format!(
                    "views_for: {n} arguments are more than one call may take ({MAX_ELEMENTS})"
                )));
            }
            let out = lua.create_table_with_capacity(n, 0)?;
            for i in 1..=n {
                meter.check()?;
                let v: Value = t.raw_get(i)?;
                let arg = Arg::from_lua::<G>(&v)
                    .map_err(|e| err(format!("views_for: argument {i}: {e}")))?;
                out.raw_set(i, put(i, game.view(name, arg.as_view_arg()))?)?;
            }
            Ok(out)
        }
        other => Err(err(format!(
            "views_for: the second argument is a list of moves (`moves`, `copy:moves()`) \
             or a table of arguments, not {}",
            describe::<G>(other)
        ))),
    }
}

/// The rule options as a Lua table.
pub fn options_table<G: Game + NativePolicies>(
    lua: &Lua,
    d: &Decision<G>,
) -> mlua::Result<mlua::Table> {
    let t = lua.create_table()?;
    for (k, v) in d.options.iter() {
        t.raw_set(k, option_value(lua, v)?)?;
    }
    Ok(t)
}

impl<G: Game + NativePolicies> UserData for GameHandle<G> {
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
            let g = this.game()?;
            match g.outcome() {
                Some(o) => outcome_table(lua, &o, g.players()),
                None => Ok(Value::Nil),
            }
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
        methods.add_method_mut("moves", |lua, this, ()| {
            Ok(match &mut this.copy {
                None => MovesHandle::Current(this.decision.clone()),
                Some(c) => {
                    let meter = this.decision.meter();
                    let legal = c.legal(lua, meter)?;
                    let held = Held::new(lua, meter, userdata_bytes::<MovesHandle<G>>())?;
                    MovesHandle::Listed(legal, this.decision.clone(), held)
                }
            })
        });
        // `clone` is the name scripts used first; both make the same copy.
        for name in ["copy", "clone"] {
            methods.add_method(name, |lua, this, ()| {
                let meter = this.decision.meter();
                meter.check()?;
                let game = this.game()?;
                let seed = this.decision.next_stream();
                let ((game, dice), grew) =
                    heap::measure(|| (game.clone(), Dice::seeded(stream(seed, Stream::Dice))));
                let bytes = userdata_bytes::<GameHandle<G>>() + grew.max(0) as usize;
                meter.charge(cost::CLONE + bytes as u64 / 16)?;
                let held = Held::new(lua, meter, bytes)?;
                // The copy shares the moves its original listed: the
                // same position's, until either moves on.
                let legal = this.copy.as_ref().and_then(|c| c.legal.clone());
                Ok(GameHandle {
                    decision: this.decision.clone(),
                    copy: Some(Copied {
                        game,
                        dice,
                        held,
                        legal,
                    }),
                })
            });
        }
        methods.add_method_mut("play", |lua, this, mv: Value| {
            let meter = this.decision.meter().clone();
            let Some(c) = this.copy.as_mut() else {
                return Err(err(
                    "the game being decided is read-only: play on a copy (game:copy())",
                ));
            };
            if !matches!(c.game.turn(), Turn::Decide(_)) {
                return Err(err("play: no move is due in this copy (it is over)"));
            }
            let m = match c.legal.take() {
                // Listed already (by `moves`, or by the copy's original).
                Some(legal) => {
                    meter.charge(cost::PER_MOVE * legal.moves.len() as u64)?;
                    resolve_move::<G>(&legal.moves, &mv, &meter)?
                }
                None => {
                    let mut moves = Vec::new();
                    c.game.legal_moves(&mut moves);
                    meter.charge(cost::LEGAL_MOVES + cost::PER_MOVE * moves.len() as u64)?;
                    resolve_move::<G>(&moves, &mv, &meter)?
                }
            };
            meter.charge(cost::PLAY)?;
            let ((), grew) = heap::measure(|| c.game.play(m, &mut Silent));
            c.held.grow(lua, grew)?;
            c.settle(lua, &meter)
        });
        methods.add_method_mut(
            "rollout",
            |lua, this, (policy, cap): (mlua::LuaString, Option<Value>)| {
                let decision = this.decision.clone();
                let Some(c) = this.copy.as_mut() else {
                    return Err(err(
                        "the game being decided is read-only: roll out a copy (game:copy())",
                    ));
                };
                let cap = match cap {
                    None | Some(Value::Nil) => None,
                    Some(v) => Some(count_of(&v).ok_or_else(|| {
                        err(format!(
                            "rollout: the cap is a number of decisions, 0 or more, not {}",
                            describe::<G>(&v)
                        ))
                    })?),
                };
                let policy = short_text(&policy, "rollout: a policy's name")?;
                let run = Rollout {
                    policy: &policy,
                    cap,
                    seed: decision.next_stream(),
                };
                rollout::play(lua, decision.meter(), c, &run)?;
                match c.game.outcome() {
                    Some(o) => outcome_table(lua, &o, c.game.players()),
                    None => Ok(Value::Nil),
                }
            },
        );
        methods.add_method(
            "views_for",
            |lua, this, (name, args): (mlua::LuaString, Value)| {
                let meter = this.decision.meter();
                meter.charge(cost::VIEW)?;
                let name = short_text(&name, "views_for: a view's name")?;
                views_for(
                    lua,
                    meter,
                    (this.game()?, this.copy.is_none()),
                    &name,
                    &args,
                )
            },
        );
        methods.add_method(
            "view",
            |lua, this, (name, arg): (mlua::LuaString, Value)| {
                let meter = this.decision.meter();
                meter.charge(cost::VIEW)?;
                let arg = Arg::from_lua::<G>(&arg).map_err(err)?;
                // As views_for: no name is longer, and the game's error
                // for an unknown one quotes it.
                let bytes = name.as_bytes();
                let name = short_str(&bytes, "view: a view's name")?;
                let v = this
                    .game()?
                    .view(&name, arg.as_view_arg())
                    .map_err(|e| err(format!("view: {}", quoted(e.to_string().as_bytes(), 300))))?;
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
