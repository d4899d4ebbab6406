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

use crate::core::native_policies::NativePolicies;
use std::io::Write;
use std::rc::Rc;
use std::sync::OnceLock;

use mlua::chunk::ChunkMode;
use mlua::{Function, Lua, LuaOptions, StdLib, Table, Value};
use rand_core::RngCore;

use crate::core::game::Game;
use crate::core::seed::{Rng, below};
use crate::core::text::push_printable;
use crate::policies::lua::decision::Decision;
use crate::policies::lua::failure::is_memory_error;
use crate::policies::lua::limits::{ERROR_TEXT, Limits, MAX_ELEMENTS, MAX_TEXT};
use crate::policies::lua::meter::{Halt, Meter};

/// The Lua that builds each game's globals: run once per VM, it returns the
/// maker of fresh environments and a deep copy of plain tables.
const PRELUDE: &str = include_str!("prelude.lua");

/// The prelude compiled: parsed once per process, its bytecode loaded
/// into every later VM (a sweep makes a VM per cell and seat).
fn prelude(lua: &Lua) -> mlua::Result<Function> {
    static CODE: OnceLock<Vec<u8>> = OnceLock::new();
    if let Some(code) = CODE.get() {
        return lua
            .load(&code[..])
            .set_name("=ludus prelude")
            .set_mode(ChunkMode::Binary)
            .into_function();
    }
    let f = lua
        .load(PRELUDE)
        .set_name("=ludus prelude")
        .into_function()?;
    let _ = CODE.set(f.dump(false));
    Ok(f)
}

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

/// What `print(parts...)` writes: the `n` parts (strings) joined by tabs,
/// made printable, each line after the script's `name`, ending with a
/// newline; `None` if that is more than `left` bytes. Never more than
/// `left` and a few bytes are built, however many lines the parts hold.
fn print_lines(name: &str, parts: &Table, n: usize, left: usize) -> mlua::Result<Option<String>> {
    let mut out = String::with_capacity(left.min(4096));
    let newline = |out: &mut String| {
        out.push_str(name);
        out.push_str(": ");
        out.len() <= left
    };
    if !newline(&mut out) {
        return Ok(None);
    }
    for i in 1..=n {
        if i > 1 {
            out.push('\t');
        }
        let part: mlua::LuaString = parts.raw_get(i)?;
        let bytes = part.as_bytes();
        for (k, line) in bytes.split(|&b| b == b'\n').enumerate() {
            if k > 0 {
                out.push('\n');
                if !newline(&mut out) {
                    return Ok(None);
                }
            }
            if !push_printable(&mut out, line, false, left) {
                return Ok(None);
            }
        }
    }
    out.push('\n');
    Ok((out.len() <= left).then_some(out))
}

/// A sandboxed VM under its limits.
pub struct Sandbox {
    /// The VM.
    pub lua: Lua,
    /// Makes a fresh global environment for a game.
    pub fresh_env: Function,
    /// Copies a table of plain values deeply.
    pub copy: Function,
    /// The limits and what the call in progress has used of them.
    pub meter: Rc<Meter>,
    /// A function of the host's that does nothing when called from the
    /// host: calling one makes mlua keep the room for its failure ready,
    /// as every call of the host's functions does.
    pub host_call: Function,
}

/// Builds a sandboxed VM for `script` (named in what it prints) under
/// `limits`; `meter` is given to `decision` for the host's calls.
pub fn new_vm<G: Game + NativePolicies>(
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
    let meter = Meter::install(&lua, limits)?;
    decision.set_meter(meter.clone());
    // Two optional arguments rather than a variadic list: no allocation per draw.
    let random = lua.create_function(move |_, (m, n): (Option<i64>, Option<i64>)| {
        decision.with_rng(|rng| draw(rng, m, n)).unwrap_or_else(|| {
            Err(mlua::Error::RuntimeError(
                "math.random is available only in init and choose".into(),
            ))
        })
    })?;
    let m = meter.clone();
    let halted = lua.create_function(move |_, e: Value| {
        if m.halted().is_some() {
            return Ok(true);
        }
        let out_of_memory = match &e {
            Value::String(s) => s.as_bytes().as_ref() == b"not enough memory",
            Value::Error(e) => is_memory_error(e),
            _ => false,
        };
        if out_of_memory {
            let _ = m.halt(Halt::Memory);
        }
        Ok(out_of_memory)
    })?;
    let name = script.to_string();
    // What a script prints goes to standard error, each line after the
    // script's name, control characters and bytes that are not UTF-8
    // escaped, so that a script cannot move the cursor or pose as ludus;
    // counted as written.
    let m = meter.clone();
    let eprint = lua.create_function(move |_, (parts, n): (Table, usize)| {
        m.check()?;
        let shown = print_lines(&name, &parts, n, m.print_left())?;
        let Some(shown) = shown else {
            return Err(m.halt(Halt::Print));
        };
        m.charge(shown.len() as u64 / 16)?;
        m.printed(shown.len())?;
        let _ = std::io::stderr().lock().write_all(shown.as_bytes());
        Ok(())
    })?;
    let m = meter.clone();
    let charge = lua.create_function(move |_, units: u64| m.charge(units))?;
    let (fresh_env, copy): (Function, Function) = prelude(&lua)?.call((
        random,
        halted.clone(),
        eprint,
        charge,
        MAX_TEXT,
        MAX_ELEMENTS,
        ERROR_TEXT,
    ))?;
    Ok(Sandbox {
        lua,
        fresh_env,
        copy,
        meter,
        host_call: halted,
    })
}
