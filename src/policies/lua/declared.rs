//! A script's declared parameters: the table `params = { name = default,
//! ... }` its top level sets, read once per process when the policy is
//! built, before any game.
//!
//! A global table of defaults, rather than a function to call or a comment
//! to parse, because it is plain Lua a bot writer already knows, its
//! defaults are the values the script sees, and reading it needs nothing
//! the sandbox does not already run: the top level, as each game runs it.
//! A script that sets no `params` declares nothing and takes any
//! parameter, as before declarations existed.

use std::collections::HashMap;
use std::rc::Rc;
use std::sync::{Arc, Mutex, OnceLock};

use mlua::{Table, Value};

use crate::core::game::Game;
use crate::core::native_policies::NativePolicies;
use crate::core::options::Options;
use crate::core::seed::SeatRng;
use crate::policies::lua::decision::Decision;
use crate::policies::lua::sandbox::new_vm;
use crate::policies::lua::source::{compile, source};
use crate::policies::lua::spec::{LuaSpec, Param, is_name};
use crate::policies::policy_error::{ParameterType, PolicyError};

/// The limits' keys in a policy's braces: never a script's parameter.
const LIMIT_KEYS: [&str; 4] = [
    "max_instructions",
    "max_memory_mb",
    "max_seconds",
    "max_print_kb",
];

/// The most parameters a script may declare: no bot needs more, and the
/// list is shown whole in messages.
const MAX_DECLARED: usize = 256;

/// What a script's top level declares: its parameters with their
/// defaults, by name; `None` if it sets no `params`.
pub type Declared = Option<Arc<Vec<(String, Param)>>>;

/// The kind of value a parameter takes, as a message says it.
fn kind(p: &Param) -> &'static str {
    match p {
        Param::Bool(_) => "true or false",
        Param::Int(_) | Param::Float(_) => "a number",
        Param::Text(_) => "a text",
    }
}

/// The parameters the script of `spec` declares, read once per process
/// for each script and limits (see [`read`]). The message says why a
/// declaration was refused.
pub(crate) fn declared<G: Game + NativePolicies>(
    spec: &LuaSpec,
    options: &Options,
) -> Result<Declared, String> {
    type Known = HashMap<String, Result<Declared, String>>;
    static READ: OnceLock<Mutex<Known>> = OnceLock::new();
    let read_once = READ.get_or_init(Default::default);
    // The limits decide whether the top level runs to its end.
    let key = format!("{:?}|{}", spec.limits, spec.path);
    if let Some(r) = read_once.lock().expect("no panic holds the lock").get(&key) {
        return r.clone();
    }
    let result = read::<G>(spec, options);
    let mut known = read_once.lock().expect("no panic holds the lock");
    known.entry(key).or_insert(result).clone()
}

/// Runs the script's top level in a VM of its own, under its limits, on a
/// seat's stream of game seed 0, and reads its global `params`. A top
/// level that fails does so in every game, which reports it naming the
/// game: here it declares nothing.
fn read<G: Game + NativePolicies>(spec: &LuaSpec, options: &Options) -> Result<Declared, String> {
    let path = &spec.path;
    let Ok(text) = source(path) else {
        return Ok(None);
    };
    let decision = Rc::new(Decision::<G>::new(0, options.clone()));
    let Ok(sandbox) = new_vm::<G>(path, decision.clone(), spec.limits) else {
        return Ok(None);
    };
    let Ok(chunk) = compile(&sandbox.lua, path, &text) else {
        return Ok(None);
    };
    let meter = &sandbox.meter;
    meter.new_game();
    meter.watch.describe(
        format!("{path} (its top level, run before any game to read its `params`)"),
        spec.limits.seconds_text(),
    );
    let mut rng = SeatRng::new(0, 0);
    let _lent = decision.lend_stream(&mut rng);
    let params = {
        let _call = meter.call();
        let run = || -> mlua::Result<Value> {
            let env: Table = sandbox.fresh_env.call(())?;
            chunk.call::<()>(&env)?;
            meter.check()?;
            env.raw_get::<Value>("params")
        };
        match run() {
            Ok(v) => v,
            Err(_) => return Ok(None),
        }
    };
    let table = match params {
        Value::Nil => return Ok(None),
        Value::Table(t) => t,
        other => {
            return Err(format!(
                "its global `params` is of type {}: declare the script's parameters as a table, \
                 params = {{ name = default, ... }}",
                lua_type(&other)
            ));
        }
    };
    let mut list = Vec::new();
    for pair in table.pairs::<Value, Value>() {
        let (k, v) = pair.map_err(|e| format!("its `params` cannot be read: {e}"))?;
        if list.len() == MAX_DECLARED {
            return Err(format!(
                "its `params` declares more than {MAX_DECLARED} parameters"
            ));
        }
        let name = match &k {
            Value::String(s) => s.to_str().ok().map(|s| s.to_string()),
            _ => None,
        };
        let Some(name) = name.filter(|n| is_name(n)) else {
            return Err(format!(
                "its `params` holds the key {}: declare each parameter as name = default \
                 (a name of letters, digits and _)",
                shown(&k)
            ));
        };
        if LIMIT_KEYS.contains(&name.as_str()) {
            return Err(format!(
                "its `params` declares `{name}`, a limit the braces set for the host, never \
                 passed to the script: rename the parameter"
            ));
        }
        let default = match v {
            Value::Boolean(b) => Param::Bool(b),
            Value::Integer(i) => Param::Int(i),
            Value::Number(x) => Param::Float(x),
            Value::String(s) => match s.to_str() {
                Ok(s) => Param::Text(s.to_string()),
                Err(_) => {
                    return Err(format!("`params.{name}`'s default is not UTF-8 text"));
                }
            },
            other => {
                return Err(format!(
                    "`params.{name}`'s default is of type {}: a parameter's default is a number, \
                     true or false, or a text",
                    lua_type(&other)
                ));
            }
        };
        list.push((name, default));
    }
    list.sort_by(|a, b| a.0.cmp(&b.0));
    Ok(Some(Arc::new(list)))
}

/// The type of `v` as Lua's `type` names it (mlua tells integers apart).
fn lua_type(v: &Value) -> &'static str {
    match v {
        Value::Integer(_) | Value::Number(_) => "number",
        other => other.type_name(),
    }
}

/// A key of `params` that is not a name, as a message shows it.
fn shown(k: &Value) -> String {
    match k {
        Value::Integer(i) => format!("[{i}]"),
        Value::Number(x) => format!("[{x}]"),
        Value::String(s) => format!("{:?}", s.to_string_lossy()),
        other => format!("of type {}", lua_type(other)),
    }
}

/// `spec`'s parameters checked against what its script declares, and
/// completed with the defaults of those the braces leave out (after the
/// braces' own, by name). `text` is the policy as written, after `lua:`.
pub(crate) fn apply(
    text: &str,
    spec: &mut LuaSpec,
    declared: &[(String, Param)],
) -> Result<(), PolicyError> {
    for (key, value) in &spec.params {
        let Some((_, default)) = declared.iter().find(|(name, _)| name == key) else {
            return Err(PolicyError::UndeclaredParameter {
                spec: text.to_string(),
                path: spec.path.clone(),
                key: key.clone(),
                declared: declared.iter().map(|(name, _)| name.clone()).collect(),
            });
        };
        if kind(value) != kind(default) {
            return Err(PolicyError::ParameterType(Box::new(ParameterType {
                spec: text.to_string(),
                path: spec.path.clone(),
                key: key.clone(),
                takes: kind(default),
                default: default.to_string(),
                value: value.to_string(),
            })));
        }
    }
    for (name, default) in declared {
        if !spec.params.iter().any(|(key, _)| key == name) {
            spec.params.push((name.clone(), default.clone()));
        }
    }
    Ok(())
}
