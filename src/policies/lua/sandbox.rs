//! The VM a script runs in: Lua 5.4 with only the base library (without
//! `dofile`, `loadfile` or binary chunks), `table`, `string`, `math` and
//! `utf8`; no `io`, `os`, `package`/`require`, `debug` or `coroutine`.
//!
//! Each game gets a fresh global environment, built by a prelude that runs
//! once per VM: fresh tables reading through (hidden metatables) to the safe
//! functions and libraries, `math.random` drawing from the seat's stream, no
//! `math.randomseed`. Nothing a script stores in its globals or libraries
//! survives into the next game, so a game's moves depend on its seed only,
//! not on the games the thread played before.

use std::rc::Rc;

use mlua::{Function, Lua, LuaOptions, StdLib, Value};
use rand_core::RngCore;

use crate::core::game::Game;
use crate::core::seed::{Rng, below};
use crate::policies::lua::decision::Decision;
use crate::policies::lua::limits::{Budget, Limits, install};

const PRELUDE: &str = r##"
local random, halted, eprint = ...
local raw_load, raw_pcall, raw_xpcall = load, pcall, xpcall
local next, select, tostring, type, error = next, select, tostring, type, error
local concat = table.concat
local base = {}
for _, k in ipairs({"assert", "error", "getmetatable", "ipairs", "next", "pairs",
                    "rawequal", "rawget", "rawlen", "rawset", "select", "setmetatable",
                    "tonumber", "tostring", "type"}) do
  base[k] = _G[k]
end
-- No collectgarbage and no finalizers: what they report, and when they
-- run, depends on the VM's memory history (which games this thread played
-- before), not on the game.
local raw_setmetatable, rawget = setmetatable, rawget
base.setmetatable = function(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("__gc metamethods are not available: when they run depends on memory, not on the game", 2)
  end
  return raw_setmetatable(t, mt)
end
base._VERSION = _VERSION
-- A script must not catch the end of its budget or memory and go on; and
-- an error raised by the host reaches it as text, like Lua's own.
local function rethrow(ok, ...)
  if ok then return ok, ... end
  local e = ...
  if halted(e) then error(e, 0) end
  if type(e) == "userdata" then
    e = tostring(e):gsub("^runtime error: ", ""):match("^[^\n]*")
  end
  return false, e
end
base.pcall = function(f, ...) return rethrow(raw_pcall(f, ...)) end
base.xpcall = function(f, h, ...) return rethrow(raw_xpcall(f, h, ...)) end
base.print = function(...)
  local parts = {}
  for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
  eprint(concat(parts, "\t"))
end
-- The libraries as scripts see them: string without dump, math with the
-- seat's random and no randomseed. Each game reaches them through fresh,
-- empty tables whose metatables (hidden) read through to these: making a
-- game costs a handful of small tables, and whatever a script writes into
-- a library or its globals stays in that game's tables.
local script_string, script_math = {}, {}
for k, v in next, string do script_string[k] = v end
script_string.dump = nil
for k, v in next, math do script_math[k] = v end
script_math.random = random
script_math.randomseed = function()
  error("math.randomseed is not available: math.random draws from the seat's own seeded stream", 2)
end
local lib_metas = {}
for name, lib in next, {string = script_string, table = table, math = script_math, utf8 = utf8} do
  lib_metas[name] = {__index = lib, __metatable = false}
end
local env_meta = {__index = base, __metatable = false}
-- ("x"):upper() reaches the shared string table; keep scripts from changing it.
getmetatable("").__metatable = false
-- A deep copy of plain tables: each game's `info` from the VM's template.
local function copy(t)
  local c = {}
  for k, v in next, t do
    if type(v) == "table" then v = copy(v) end
    c[k] = v
  end
  return c
end
return function()
  local env = setmetatable({}, env_meta)
  for name, meta in next, lib_metas do env[name] = setmetatable({}, meta) end
  env.load = function(chunk, name, mode, e)
    if type(chunk) ~= "string" then error("load takes the text of a chunk", 2) end
    if e == nil then e = env end
    return raw_load(chunk, name, "t", e)
  end
  env._G = env
  return env
end, copy
"##;

/// Walks a table of string keys with `pairs`.
const ORDER_PROBE: &str = r#"
local t = {}
for i = 1, 12 do t["k" .. i] = i end
local s = {}
for k in pairs(t) do s[#s + 1] = k end
return table.concat(s, " ")
"#;

/// The order [`ORDER_PROBE`] finds when Lua hashes strings with the fixed
/// seed `.cargo/config.toml` builds it with. With Lua's own seed (the clock
/// and memory addresses) the order of `pairs` would change from run to run
/// and from VM to VM, and with it the games of any script that walks a
/// table: so a VM that finds another order refuses to start.
const SEEDED_ORDER: &str = "k10 k8 k12 k9 k1 k2 k4 k3 k5 k6 k7 k11";

/// An unbiased draw from `0..n` for ranges wider than `below` takes.
fn below64(rng: &mut Rng, n: u64) -> u64 {
    let zone = u64::MAX - (u64::MAX - n + 1) % n;
    loop {
        let x = rng.next_u64();
        if x <= zone {
            return x % n;
        }
    }
}

/// Lua 5.4's `math.random` over the seat's stream: `()` a float in [0, 1),
/// `(m)` an integer in [1, m], `(m, n)` one in [m, n]. `math.random(n)`
/// draws exactly as the native random policy does (`below(rng, n)`), so a
/// script returning `math.random(#moves)` plays the native random games.
fn draw(rng: &mut Rng, m: Option<i64>, n: Option<i64>) -> mlua::Result<Value> {
    let (lo, hi) = match (m, n) {
        (None, None) => {
            let x = (rng.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64);
            return Ok(Value::Number(x));
        }
        (Some(0), None) => return Ok(Value::Integer(rng.next_u64() as i64)),
        (Some(m), None) => (1, m),
        (Some(m), Some(n)) => (m, n),
        (None, Some(_)) => {
            return Err(mlua::Error::RuntimeError(
                "bad argument #1 to 'random' (number expected, got nil)".into(),
            ));
        }
    };
    if lo > hi {
        return Err(mlua::Error::RuntimeError(
            "bad argument to 'random' (interval is empty)".into(),
        ));
    }
    let span = (hi as u64).wrapping_sub(lo as u64).wrapping_add(1);
    let k = if span == 0 {
        rng.next_u64()
    } else if span <= u64::from(u32::MAX) {
        u64::from(below(rng, span as u32))
    } else {
        below64(rng, span)
    };
    Ok(Value::Integer((lo as u64).wrapping_add(k) as i64))
}

/// A sandboxed VM under its limits.
pub struct Sandbox {
    /// The VM.
    pub lua: Lua,
    /// Makes a fresh global environment for a game.
    pub fresh_env: Function,
    /// Copies a table of plain values deeply.
    pub copy: Function,
    /// The instruction budget of the call in progress.
    pub budget: Rc<Budget>,
}

/// Builds a sandboxed VM for `script` (named in what it prints) under `limits`.
pub fn new_vm<G: Game>(
    script: &str,
    decision: Rc<Decision<G>>,
    limits: Limits,
) -> mlua::Result<Sandbox> {
    let lua = Lua::new_with(
        StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8,
        LuaOptions::new(),
    )?;
    let order: String = lua.load(ORDER_PROBE).call(())?;
    if order != SEEDED_ORDER {
        return Err(mlua::Error::RuntimeError(
            "this build's Lua hashes strings with a random seed, so pairs() would walk tables \
             in a different order in every run: rebuild with the [env] section of \
             .cargo/config.toml (`cargo clean -p mlua-sys`, then build)"
                .into(),
        ));
    }
    let budget = install(&lua, limits)?;
    let spent = budget.clone();
    // Two optional arguments rather than a variadic list: no allocation per draw.
    let random = lua.create_function(move |_, (m, n): (Option<i64>, Option<i64>)| {
        decision.with_rng(|rng| draw(rng, m, n)).unwrap_or_else(|| {
            Err(mlua::Error::RuntimeError(
                "math.random is available only in init and choose".into(),
            ))
        })
    })?;
    let halted = lua.create_function(move |_, msg: Value| {
        let out_of_memory =
            matches!(&msg, Value::String(s) if s.to_string_lossy() == "not enough memory");
        Ok(spent.spent() || out_of_memory)
    })?;
    let name = script.to_string();
    let eprint = lua.create_function(move |_, text: String| {
        eprintln!("{name}: {text}");
        Ok(())
    })?;
    let (fresh_env, copy): (Function, Function) = lua
        .load(PRELUDE)
        .set_name("=ludus prelude")
        .call((random, halted, eprint))?;
    Ok(Sandbox {
        lua,
        fresh_env,
        copy,
        budget,
    })
}
