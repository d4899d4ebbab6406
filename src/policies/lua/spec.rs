//! How a user names a Lua policy: `lua:PATH` or `lua:PATH{key=value, ...}`.
//!
//! The braces hold the script's own parameters (handed to `init` as
//! `info.params`) and two reserved keys, `max_instructions` and
//! `max_memory_mb`, that set its [`Limits`]. The same text works on the
//! command line (`--seats 'lua:scripts/bank.lua{k=2},random'`) and in an
//! experiment file (`seats = ["lua:scripts/bank.lua{k=2}", "random"]`).

use std::fmt;

use crate::policies::lua::limits::Limits;

/// A parameter value: what a script sees in `info.params`.
#[derive(Clone, Debug, PartialEq)]
pub enum Param {
    /// `true` or `false`.
    Bool(bool),
    /// A whole number.
    Int(i64),
    /// A number with a fraction.
    Float(f64),
    /// Anything else, or a "quoted" text.
    Text(String),
}

impl fmt::Display for Param {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Param::Bool(b) => write!(f, "{b}"),
            Param::Int(i) => write!(f, "{i}"),
            Param::Float(x) => write!(f, "{x:?}"),
            Param::Text(t) => write!(f, "{t:?}"),
        }
    }
}

/// A parsed `lua:` policy.
///
/// ```
/// use ludus::policies::lua::spec::{LuaSpec, Param};
/// let s = LuaSpec::parse("scripts/bank.lua{k=2, name=\"a,b\", max_instructions=5000}").unwrap();
/// assert_eq!(s.path, "scripts/bank.lua");
/// assert_eq!(s.params, vec![("k".to_string(), Param::Int(2)), ("name".to_string(), Param::Text("a,b".into()))]);
/// assert_eq!(s.limits.instructions, 5000);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct LuaSpec {
    /// The script file, as given (relative to the working directory).
    pub path: String,
    /// The script's parameters, in the order written.
    pub params: Vec<(String, Param)>,
    /// Its limits.
    pub limits: Limits,
}

/// Splits `text` at commas outside quotes and braces.
pub fn split_top_level(text: &str) -> Vec<&str> {
    let mut parts = Vec::new();
    let (mut depth, mut quoted, mut start) = (0i32, false, 0);
    for (i, c) in text.char_indices() {
        match c {
            '"' => quoted = !quoted,
            '{' if !quoted => depth += 1,
            '}' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                parts.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    parts.push(&text[start..]);
    parts
}

fn value(text: &str) -> Param {
    let t = text.trim();
    if let Some(inner) = t.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        return Param::Text(inner.to_string());
    }
    match t {
        "true" => return Param::Bool(true),
        "false" => return Param::Bool(false),
        _ => {}
    }
    if let Ok(i) = t.parse::<i64>() {
        return Param::Int(i);
    }
    if let Ok(x) = t.parse::<f64>() {
        return Param::Float(x);
    }
    Param::Text(t.to_string())
}

fn limit(key: &str, v: &Param, max: u64) -> Result<u64, String> {
    match v {
        Param::Int(i) if *i >= 1 && (*i as u64) <= max => Ok(*i as u64),
        _ => Err(format!("`{key}` must be a whole number 1-{max}, not {v}")),
    }
}

impl LuaSpec {
    /// Parses what follows `lua:`.
    pub fn parse(text: &str) -> Result<LuaSpec, String> {
        let text = text.trim();
        let (path, params) = match text.find('{') {
            None => (text, ""),
            Some(i) => {
                let rest = text[i + 1..].trim_end();
                let inner = rest.strip_suffix('}').ok_or_else(|| {
                    format!("policy `lua:{text}`: the parameters must end with `}}`")
                })?;
                (text[..i].trim(), inner)
            }
        };
        if path.is_empty() {
            return Err(format!(
                "policy `lua:{text}` names no script (write lua:path/to/script.lua)"
            ));
        }
        let mut spec = LuaSpec {
            path: path.to_string(),
            params: Vec::new(),
            limits: Limits::default(),
        };
        for item in split_top_level(params) {
            if item.trim().is_empty() {
                continue;
            }
            let (k, v) = item.split_once('=').ok_or_else(|| {
                format!(
                    "policy `lua:{text}`: write parameters as key=value, not `{}`",
                    item.trim()
                )
            })?;
            let k = k.trim();
            let valid = k
                .chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
                && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
            if !valid {
                return Err(format!(
                    "policy `lua:{text}`: `{k}` is not a parameter name"
                ));
            }
            if spec.params.iter().any(|(p, _)| p == k) {
                return Err(format!("policy `lua:{text}`: `{k}` is given twice"));
            }
            let v = value(v);
            match k {
                "max_instructions" => {
                    spec.limits.instructions =
                        limit(k, &v, 1 << 40).map_err(|e| format!("policy `lua:{text}`: {e}"))?;
                }
                "max_memory_mb" => {
                    spec.limits.memory_mb =
                        limit(k, &v, 1 << 16).map_err(|e| format!("policy `lua:{text}`: {e}"))?;
                }
                _ => spec.params.push((k.to_string(), v)),
            }
        }
        Ok(spec)
    }
}
