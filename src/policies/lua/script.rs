//! A script loaded into its own VM: compiled once, then run for each game
//! (fresh globals, then `init`) and called for each decision (`choose`).

use std::cell::RefCell;
use std::rc::Rc;

use mlua::{AnyUserData, Function, Table, Value};

use crate::core::game::Game;
use crate::core::options::Options;
use crate::core::policy::BotError;
use crate::core::seat::Seat;
use crate::core::seed::{Rng, SeatRng};
use crate::policies::lua::decision::Decision;
use crate::policies::lua::failure::describe as describe_error;
use crate::policies::lua::game_handle::{GameHandle, describe, index_of, options_table};
use crate::policies::lua::moves_handle::{MoveHandle, MovesHandle};
use crate::policies::lua::sandbox::{Sandbox, new_vm};
use crate::policies::lua::source::source;
use crate::policies::lua::spec::{LuaSpec, Param};

/// One script in one VM, playing one seat, on one thread.
pub struct ScriptVm<G: Game> {
    spec: LuaSpec,
    sandbox: Sandbox,
    chunk: Function,
    decision: Rc<Decision<G>>,
    game: AnyUserData,
    moves: AnyUserData,
    /// This game's `choose`, set by [`ScriptVm::start`].
    choose: RefCell<Option<Function>>,
    /// What `init` receives, made on the first game; each game gets a copy.
    info: RefCell<Option<Table>>,
}

fn param(lua: &mlua::Lua, p: &Param) -> mlua::Result<Value> {
    Ok(match p {
        Param::Bool(b) => Value::Boolean(*b),
        Param::Int(i) => Value::Integer(*i),
        Param::Float(x) => Value::Number(*x),
        Param::Text(t) => Value::String(lua.create_string(t)?),
    })
}

impl<G: Game> ScriptVm<G> {
    /// Reads and compiles the script for `seat`.
    pub fn load(spec: &LuaSpec, seat: Seat, options: Options) -> Result<ScriptVm<G>, BotError> {
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
        // The chunk takes each game's globals as its argument; the prefix
        // shares the first line so that error lines stay the file's.
        let source = format!("local _ENV = ...; {source}");
        let chunk = sandbox
            .lua
            .load(&source)
            .set_name(format!("@{path}"))
            .set_mode(mlua::chunk::ChunkMode::Text)
            .into_function()
            .map_err(fail)?;
        let game = sandbox
            .lua
            .create_userdata(GameHandle::current(decision.clone()))
            .map_err(fail)?;
        let moves = sandbox
            .lua
            .create_userdata(MovesHandle::Current(decision.clone()))
            .map_err(fail)?;
        Ok(ScriptVm {
            spec: spec.clone(),
            sandbox,
            chunk,
            decision,
            game,
            moves,
            choose: RefCell::new(None),
            info: RefCell::new(None),
        })
    }

    fn fail(&self, e: &mlua::Error) -> BotError {
        BotError {
            message: describe_error(e, &self.spec.path, &self.sandbox.meter),
        }
    }

    fn info(&self, game: &G) -> mlua::Result<Table> {
        let lua = &self.sandbox.lua;
        let seat = self.decision.seat.get();
        let info = lua.create_table()?;
        info.raw_set("seat", seat + 1)?;
        info.raw_set("seat_name", G::seat_name(seat))?;
        info.raw_set("players", game.players())?;
        info.raw_set("game", G::NAME)?;
        info.raw_set("options", options_table(lua, &self.decision)?)?;
        // Who moves first, where the rules say so before any chance: the
        // seat whose decision the new game waits for (nil when the dice decide).
        if let crate::core::game::Turn::Decide(first) = game.turn() {
            info.raw_set("first_seat", first + 1)?;
        }
        let params = lua.create_table()?;
        for (k, v) in &self.spec.params {
            params.raw_set(k.as_str(), param(lua, v)?)?;
        }
        info.raw_set("params", params)?;
        Ok(info)
    }

    /// Starts a game: fresh globals, the script's top level, then `init(info)`,
    /// each a call under the script's limits.
    pub fn start(&self, game: &G, rng: &mut SeatRng) -> Result<(), BotError> {
        // The previous game's `choose` holds its globals: let them go before
        // this game's top level runs, so that they count for nothing here.
        drop(self.choose.borrow_mut().take());
        // Collect them now: Lua collects before it fails an allocation, but
        // the string buffers of the library (string.rep, table.concat, ...)
        // allocate without that, so garbage left by the games this thread
        // played before would decide whether they fail. Each game starts
        // from the same memory.
        let _ = self.sandbox.lua.gc_collect();
        let meter = &self.sandbox.meter;
        meter.new_game();
        meter.watch.describe(
            format!(
                "{} (seat {}, game seed {})",
                self.spec.path,
                self.decision.seat.get() + 1,
                rng.game_seed()
            ),
            self.spec.limits.seconds_text(),
        );
        let _lent = self.decision.lend_start(game, rng);
        let run = || -> mlua::Result<Result<Function, String>> {
            let choose = {
                let _call = meter.call();
                let env: Table = self.sandbox.fresh_env.call(())?;
                self.chunk.call::<()>(&env)?;
                let choose = match env.raw_get::<Value>("choose")? {
                    Value::Function(f) => f,
                    _ => return Ok(Err("defines no function choose(game, moves)".into())),
                };
                if let Value::Function(init) = env.raw_get::<Value>("init")? {
                    let template = match self.info.borrow().clone() {
                        Some(t) => t,
                        None => self.info(game)?,
                    };
                    self.info
                        .borrow_mut()
                        .get_or_insert_with(|| template.clone());
                    let info: Table = self.sandbox.copy.call(&template)?;
                    let _call = meter.call();
                    init.call::<()>(info)?;
                    meter.check()?;
                }
                meter.check()?;
                choose
            };
            Ok(Ok(choose))
        };
        match run() {
            Ok(Ok(choose)) => {
                *self.choose.borrow_mut() = Some(choose);
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
