//! A script loaded into its own VM: compiled once, then run for each game
//! (fresh globals, then `init`) and called for each decision (`choose`).
//!
//! Whether a script runs out of memory must depend on its game only, not
//! on the games its VM played before: each game starts from the memory a
//! new VM starts its first game with. What a game leaves behind is
//! collected (finalizers included), and Lua's string table set back to its
//! smallest size; what Lua and mlua keep once made or grown (a type's
//! metatable, the room for a failure, their stacks) is made or grown when
//! the VM is loaded; and a VM that still holds more than it did then (a
//! game held more values at once than any call of the host does, say) is
//! replaced by a new one (see [`ScriptVm::ready_for_game`]).

use crate::core::native_policies::NativePolicies;
use std::cell::RefCell;
use std::ffi::c_int;
use std::rc::Rc;

use mlua::{AnyUserData, Function, Lua, Table, Value};

use crate::core::dice::Dice;
use crate::core::game::{Game, Turn};
use crate::core::log::Silent;
use crate::core::options::Options;
use crate::core::policy::{BotError, Values};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::core::seed::{Rng, SeatRng, Stream, stream};
use crate::policies::lua::decision::Decision;
use crate::policies::lua::failure::describe as describe_error;
use crate::policies::lua::game_handle::{GameHandle, describe, index_of, options_table};
use crate::policies::lua::moves_handle::{MoveHandle, MovesHandle};
use crate::policies::lua::sandbox::{Sandbox, new_vm};
use crate::policies::lua::source::{compile, source};
use crate::policies::lua::spec::{LuaSpec, Param};

/// One script in one VM, playing one seat, on one thread.
pub struct ScriptVm<G: Game + NativePolicies> {
    spec: LuaSpec,
    sandbox: Sandbox,
    chunk: Function,
    decision: Rc<Decision<G>>,
    game: AnyUserData,
    moves: AnyUserData,
    /// This game's `choose`, set by [`ScriptVm::start`].
    choose: RefCell<Option<Function>>,
    /// This game's globals, where `evaluate` is looked up when a judge
    /// asks (looked up at every start, its name would be a string a
    /// seat's VM never held when it was loaded).
    env: RefCell<Option<Table>>,
    /// What `init` receives; each game gets a copy.
    info: Table,
    /// Whether the VM judges for the metrics (`metrics_evaluator`) rather
    /// than plays a seat: it needs only `evaluate`, and a stuck call is
    /// said to be the evaluator's, not a seat's.
    evaluator: bool,
    /// The bytes Lua holds at the start of a game, as the VM was loaded.
    pristine: usize,
}

/// The most full collections a VM is given to come back to the memory it
/// was loaded with (each frees at most half of the call records a deep
/// recursion left).
const SETTLE: usize = 16;

/// Values the host may hold at once (in mlua's reference stack) without
/// growing what a new VM holds: a call's arguments and results, a view
/// being made.
const REFS: usize = 256;

/// The size of Lua's table of interned strings at the start of a game: Lua
/// doubles it when it holds as many strings as it has slots, and halves it
/// only when a collection finds it three quarters empty, so what it is
/// after a game depends on the most strings the games before held at once.
/// Set at every start to Lua's smallest size (`MINSTRTABSIZE`), it depends
/// on nothing; it grows again as the game needs.
const STRINGS: c_int = 128;

// Lua's own functions (lstring.c, ldo.c, lstate.c) from the vendored Lua
// 5.4 that mlua builds and links; none raises an error.
unsafe extern "C-unwind" {
    /// Resizes the string table (left as it was if it cannot be).
    fn luaS_resize(state: *mut mlua::ffi::lua_State, size: c_int);
    /// Shrinks a stack to twice what is in use if it is more than three
    /// times that, and frees half of the unused call records.
    fn luaD_shrinkstack(state: *mut mlua::ffi::lua_State);
    /// Frees half of the unused call records.
    fn luaE_shrinkCI(state: *mut mlua::ffi::lua_State);
}

/// Gives back to `lua`'s main state the shape of a new one: its string
/// table at [`STRINGS`] slots, its stack at twice what is in use here, one
/// unused call record. A collection leaves them as the games before made
/// them (the stack and call records a deep recursion grew, say).
fn reshape(lua: &Lua) {
    // SAFETY: the closure runs on `lua`'s main state, called from the host
    // (not inside an allocation or a collection); these keep every value,
    // and correct every pointer into the stack they move.
    let _ = unsafe {
        lua.exec_raw::<()>((), |state| {
            luaS_resize(state, STRINGS);
            luaD_shrinkstack(state);
            for _ in 0..usize::BITS {
                luaE_shrinkCI(state);
            }
        })
    };
}

/// A move of `game`, or of where its first throws lead (thrown with dice
/// of the host's own): what a move handle is first made of.
fn some_move<G: Game + NativePolicies>(game: &G) -> Option<G::Move> {
    let mut g = game.clone();
    let mut dice = Dice::seeded(stream(0, Stream::Dice));
    let mut moves = Vec::new();
    for _ in 0..1000 {
        match g.turn() {
            Turn::Decide(_) => {
                g.legal_moves(&mut moves);
                return moves.first().copied();
            }
            Turn::Chance => g.chance(&mut dice, &mut Silent),
            Turn::Over => return None,
        }
    }
    None
}

fn param(lua: &mlua::Lua, p: &Param) -> mlua::Result<Value> {
    Ok(match p {
        Param::Bool(b) => Value::Boolean(*b),
        Param::Int(i) => Value::Integer(*i),
        Param::Float(x) => Value::Number(*x),
        Param::Text(t) => Value::String(lua.create_string(t)?),
    })
}

/// What `init` receives in games such as `game`.
fn info<G: Game + NativePolicies>(
    lua: &Lua,
    spec: &LuaSpec,
    d: &Decision<G>,
    game: &G,
) -> mlua::Result<Table> {
    let seat = d.seat.get();
    let info = lua.create_table()?;
    info.raw_set("seat", seat + 1)?;
    info.raw_set("seat_name", G::seat_name(seat))?;
    info.raw_set("players", game.players())?;
    info.raw_set("game", G::NAME)?;
    info.raw_set("options", options_table(lua, d)?)?;
    // Who moves first, where the rules say so before any chance: the
    // seat whose decision the new game waits for (nil when the dice decide).
    if let Turn::Decide(first) = game.turn() {
        info.raw_set("first_seat", first + 1)?;
    }
    let params = lua.create_table()?;
    for (k, v) in &spec.params {
        params.raw_set(k.as_str(), param(lua, v)?)?;
    }
    info.raw_set("params", params)?;
    Ok(info)
}

impl<G: Game + NativePolicies> ScriptVm<G> {
    /// Reads and compiles the script for `seat` in games such as `first`
    /// (a game of the cell, at its start).
    pub fn load(
        spec: &LuaSpec,
        seat: Seat,
        options: Options,
        first: &G,
        evaluator: bool,
    ) -> Result<ScriptVm<G>, BotError> {
        let path = &spec.path;
        let source = source(path).map_err(|e| BotError {
            message: format!("{path}: cannot read the script: {e}"),
        })?;
        let decision = Rc::new(Decision::new(seat, options));
        let sandbox = new_vm::<G>(path, decision.clone(), spec.limits).map_err(|e| BotError {
            message: format!("{path}: cannot start a Lua VM: {e}"),
        })?;
        let fail = |e: mlua::Error| BotError {
            message: describe_error(&e, path, &sandbox.meter),
        };
        let chunk = compile(&sandbox.lua, path, &source).map_err(fail)?;
        let game = sandbox
            .lua
            .create_userdata(GameHandle::current(decision.clone()))
            .map_err(fail)?;
        let moves = sandbox
            .lua
            .create_userdata(MovesHandle::Current(decision.clone()))
            .map_err(fail)?;
        let info = info(&sandbox.lua, spec, &decision, first).map_err(fail)?;
        // mlua makes a userdata type's metatable with its first value, and
        // keeps it: made now, it is there for every game alike.
        if let Some(mv) = some_move(first) {
            let handle = MoveHandle::<G>::new(&sandbox.lua, &sandbox.meter, mv).map_err(fail)?;
            drop(sandbox.lua.create_userdata(handle).map_err(fail)?);
        }
        // mlua keeps a value the host holds in a slot of its reference
        // stack, which grows to the most held at once and never shrinks:
        // grown now past what the host's calls hold, so that no game grows
        // it.
        {
            let t = sandbox.lua.create_table().map_err(fail)?;
            let held: Vec<Table> = (0..REFS).map(|_| t.clone()).collect();
            drop(held);
        }
        let mut vm = ScriptVm {
            spec: spec.clone(),
            sandbox,
            chunk,
            decision,
            game,
            moves,
            choose: RefCell::new(None),
            env: RefCell::new(None),
            info,
            evaluator,
            pristine: 0,
        };
        vm.pristine = vm.settle();
        Ok(vm)
    }

    /// Collects everything unreachable, finalizers included, until the
    /// memory Lua holds is what it held when the VM was loaded or stops
    /// changing; returns it.
    fn settle(&self) -> usize {
        let lua = &self.sandbox.lua;
        // A host call of the previous game that failed took mlua's room
        // for a failure with it; a call makes it again.
        let _ = self.sandbox.host_call.call::<bool>(Value::Nil);
        let mut used = usize::MAX;
        for _ in 0..SETTLE {
            let _ = lua.gc_collect();
            reshape(lua);
            let now = lua.used_memory();
            if now == self.pristine || now == used {
                return now;
            }
            used = now;
        }
        used
    }

    /// Readies the VM for a new game: lets the last game's values go and
    /// collects them. Whether the VM now holds what it held when it was
    /// loaded, so that the game plays in it as in a new VM; if not, the
    /// caller makes a new one.
    pub fn ready_for_game(&self) -> bool {
        // The previous game's `choose` and globals.
        drop(self.choose.borrow_mut().take());
        drop(self.env.borrow_mut().take());
        self.settle() == self.pristine && self.sandbox.meter.host_bytes() == 0
    }

    fn fail(&self, e: &mlua::Error) -> BotError {
        BotError {
            message: describe_error(e, &self.spec.path, &self.sandbox.meter),
        }
    }

    /// Starts a game: fresh globals, the script's top level, then `init(info)`,
    /// each a call under the script's limits. The VM must be ready for it
    /// ([`ScriptVm::ready_for_game`]).
    pub fn start(&self, game: &G, rng: &mut SeatRng) -> Result<(), BotError> {
        let meter = &self.sandbox.meter;
        meter.new_game();
        let role = if self.evaluator {
            "the metrics_evaluator".to_string()
        } else {
            format!("seat {}", self.decision.seat.get() + 1)
        };
        meter.watch.describe(
            format!("{} ({role}, game seed {})", self.spec.path, rng.game_seed()),
            self.spec.limits.seconds_text(),
        );
        let _lent = self.decision.lend_start(game, rng);
        let run = || -> mlua::Result<Result<(Option<Function>, Table), String>> {
            let choose = {
                let _call = meter.call();
                let env: Table = self.sandbox.fresh_env.call(())?;
                self.chunk.call::<()>(&env)?;
                // An evaluator is asked only `evaluate`.
                let choose = match env.raw_get::<Value>("choose")? {
                    Value::Function(f) => Some(f),
                    _ if self.evaluator => None,
                    _ => return Ok(Err("defines no function choose(game, moves)".into())),
                };
                if let Value::Function(init) = env.raw_get::<Value>("init")? {
                    let info: Table = self.sandbox.copy.call(&self.info)?;
                    let _call = meter.call();
                    init.call::<()>(info)?;
                    meter.check()?;
                }
                meter.check()?;
                (choose, env)
            };
            Ok(Ok(choose))
        };
        match run() {
            Ok(Ok((choose, env))) => {
                *self.choose.borrow_mut() = choose;
                *self.env.borrow_mut() = Some(env);
                Ok(())
            }
            Ok(Err(m)) => Err(BotError {
                message: format!("{}: {m}", self.spec.path),
            }),
            Err(e) => Err(self.fail(&e)),
        }
    }

    /// Asks the script's `choose` for the index of its move in `moves`.
    pub fn choose(&self, game: &G, moves: &[G::Move], rng: &mut Rng) -> Result<usize, BotError> {
        let choose = self.choose.borrow();
        let choose = choose.as_ref().ok_or_else(|| BotError {
            message: format!("{}: choose called before the game started", self.spec.path),
        })?;
        let _lent = self.decision.lend_choice(game, moves, rng);
        let meter = &self.sandbox.meter;
        let answer: Value = {
            let _call = meter.call();
            // A call that returned after its time ran out fails all the same.
            choose
                .call((&self.game, &self.moves))
                .and_then(|a| meter.check().map(|()| a))
                .map_err(|e| self.fail(&e))?
        };
        self.index_of(&answer, moves).ok_or_else(|| BotError {
            message: format!(
                "{}: choose returned {}, which is not a legal move \
                 (return an index 1..{}, a move from `moves`, or a move's text)",
                self.spec.path,
                describe::<G>(&answer),
                moves.len()
            ),
        })
    }

    /// Asks the script's `evaluate(game, seat)` what the position is
    /// worth: a number, the value for `seat` (in a game of two the
    /// other's is its negation), or a list of one value per seat; each
    /// from -1 to 1.
    pub fn evaluate(&self, game: &G, seat: Seat, rng: &mut Rng) -> Result<Values, BotError> {
        let fail = |what: String| BotError {
            message: format!("{}: {what}", self.spec.path),
        };
        let evaluate = match self
            .env
            .borrow()
            .as_ref()
            .map(|e| e.raw_get::<Value>("evaluate"))
        {
            Some(Ok(Value::Function(f))) => f,
            Some(Err(e)) => return Err(self.fail(&e)),
            _ => {
                return Err(fail(
                    "defines no function evaluate(game, seat), which metrics_evaluator asks".into(),
                ));
            }
        };
        let _lent = self.decision.lend_choice(game, &[], rng);
        let meter = &self.sandbox.meter;
        let answer: Value = {
            let _call = meter.call();
            evaluate
                .call((&self.game, seat + 1))
                .and_then(|a| meter.check().map(|()| a))
                .map_err(|e| self.fail(&e))?
        };
        let players = game.players();
        let value = |v: &Value| -> Option<f64> {
            let x = match v {
                Value::Integer(i) => *i as f64,
                Value::Number(x) => *x,
                _ => return None,
            };
            (-1.0..=1.0).contains(&x).then_some(x)
        };
        let mut values = [0.0; MAX_SEATS];
        let wrong = || {
            fail(format!(
                "evaluate returned {}: return a number from -1 to 1 (the value for `seat`{}) \
                 or a list of {players} such numbers, one per seat",
                describe::<G>(&answer),
                if players == 2 {
                    ""
                } else {
                    ", in a game of two"
                }
            ))
        };
        match &answer {
            Value::Table(t) => {
                if t.raw_len() != players {
                    return Err(wrong());
                }
                for (s, x) in values.iter_mut().enumerate().take(players) {
                    let v: Value = t.raw_get(s + 1).map_err(|e| self.fail(&e))?;
                    *x = value(&v).ok_or_else(wrong)?;
                }
            }
            v => {
                let x = value(v).ok_or_else(wrong)?;
                if players != 2 {
                    return Err(wrong());
                }
                values[seat] = x;
                values[1 - seat] = -x;
            }
        }
        Ok(values)
    }

    fn index_of(&self, answer: &Value, moves: &[G::Move]) -> Option<usize> {
        match answer {
            Value::Integer(_) | Value::Number(_) => index_of(answer, moves.len()),
            Value::UserData(u) => {
                let m = u.borrow::<MoveHandle<G>>().ok()?;
                moves.iter().position(|x| *x == m.mv)
            }
            Value::String(s) => {
                let s = s.as_bytes();
                moves
                    .iter()
                    .position(|m| m.to_string().as_bytes() == s.as_ref())
            }
            _ => None,
        }
    }
}
