//! How a user names a Lua policy: `lua:PATH` or `lua:PATH{key=value, ...}`.
//!
//! The braces hold the script's own parameters (handed to `init` as
//! `info.params`) and four reserved keys, `max_instructions`,
//! `max_memory_mb`, `max_seconds` and `max_print_kb`, that set its
//! [`Limits`]. The same text works on the command line (`--seats
//! 'lua:scripts/bank.lua{k=2},random'`) and in an experiment file (`seats =
//! ["lua:scripts/bank.lua{k=2}", "random"]`). A path holding a comma or a
//! brace is written in double quotes: `lua:"bots/a,b.lua"{k=2}`.

use std::fmt;

use crate::policies::lua::limits::Limits;
use crate::policies::lua::spec_error::LuaSpecError;

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

/// The limit `key` read from `v`: a whole number `min..=max`.
fn limit(
    spec: &str,
    key: &'static str,
    v: &Param,
    min: u64,
    max: u64,
) -> Result<u64, LuaSpecError> {
    match v {
        Param::Int(i) if *i >= min as i64 && (*i as u64) <= max => Ok(*i as u64),
        _ => Err(LuaSpecError::BadLimit {
            spec: spec.to_string(),
            key,
            min,
            max,
            value: v.to_string(),
        }),
    }
}

/// The longest `max_seconds`: a day.
const MAX_SECONDS: f64 = 86_400.0;

/// `max_seconds` read from `v`, in milliseconds.
fn seconds(spec: &str, key: &'static str, v: &Param) -> Result<u64, LuaSpecError> {
    let x = match v {
        Param::Int(i) => *i as f64,
        Param::Float(x) => *x,
        _ => f64::NAN,
    };
    if (0.001..=MAX_SECONDS).contains(&x) {
        Ok((x * 1000.0).round() as u64)
    } else {
        Err(LuaSpecError::BadSeconds {
            spec: spec.to_string(),
            key,
            max: MAX_SECONDS,
            value: v.to_string(),
        })
    }
}

/// Whether `k` is a parameter's name: a letter or `_`, then letters,
/// digits and `_`.
pub fn is_name(k: &str) -> bool {
    k.chars()
        .next()
        .is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && k.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Whether a script path must be written in quotes in a policy's text.
fn needs_quotes(path: &str) -> bool {
    path.contains([',', '{', '}', '"']) || path.trim() != path
}

/// The text after `lua:` with the script's path in quotes where it needs
/// them (it holds a comma or a brace), so that a list of seats splits back
/// into the same seats: how replay commands write a Lua seat.
///
/// ```
/// use ludus::policies::lua::spec::requote;
/// assert_eq!(requote("a,b.lua{k=1}"), "\"a,b.lua\"{k=1}");
/// assert_eq!(requote("\"a,b.lua\"{k=1}"), "\"a,b.lua\"{k=1}");
/// assert_eq!(requote("plain.lua{k=1}"), "plain.lua{k=1}");
/// ```
pub fn requote(text: &str) -> String {
    let text = text.trim();
    if text.starts_with('"') {
        return text.to_string();
    }
    // Unquoted, the path ends at the first brace.
    let (path, rest) = match text.find('{') {
        Some(i) => (&text[..i], &text[i..]),
        None => (text, ""),
    };
    if needs_quotes(path) {
        format!("\"{path}\"{rest}")
    } else {
        text.to_string()
    }
}

impl LuaSpec {
    /// Parses what follows `lua:`.
    pub fn parse(text: &str) -> Result<LuaSpec, LuaSpecError> {
        let text = text.trim();
        // The path is shown in every message and printed line of the
        // script: a control character in it would reach the terminal.
        if text
            .chars()
            .any(|c| c.is_control() || crate::core::text::is_layout_mark(c))
        {
            return Err(LuaSpecError::ControlCharacter {
                shown: crate::core::text::printable(text.as_bytes(), false),
            });
        }
        // A quoted path may hold commas and braces.
        let (path, after) = match text.strip_prefix('"') {
            Some(rest) => {
                let end = rest.find('"').ok_or_else(|| LuaSpecError::UnclosedQuote {
                    spec: text.to_string(),
                })?;
                let after = rest[end + 1..].trim_start();
                if !after.is_empty() && !after.starts_with('{') {
                    return Err(LuaSpecError::AfterQuotedPath {
                        spec: text.to_string(),
                    });
                }
                (&rest[..end], after)
            }
            None => match text.find('{') {
                None => (text, ""),
                Some(i) => (text[..i].trim(), &text[i..]),
            },
        };
        let params = match after.strip_prefix('{') {
            None => "",
            Some(rest) => rest.trim_end().strip_suffix('}').ok_or_else(|| {
                LuaSpecError::UnclosedParameters {
                    spec: text.to_string(),
                }
            })?,
        };
        if path.is_empty() {
            return Err(LuaSpecError::NoScript {
                spec: text.to_string(),
            });
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
            let (k, v) = item
                .split_once('=')
                .ok_or_else(|| LuaSpecError::NotKeyValue {
                    spec: text.to_string(),
                    item: item.trim().to_string(),
                })?;
            let k = k.trim();
            if !is_name(k) {
                return Err(LuaSpecError::BadName {
                    spec: text.to_string(),
                    key: k.to_string(),
                });
            }
            if spec.params.iter().any(|(p, _)| p == k) {
                return Err(LuaSpecError::Twice {
                    spec: text.to_string(),
                    key: k.to_string(),
                });
            }
            let v = value(v);
            match k {
                "max_instructions" => {
                    spec.limits.instructions = limit(text, "max_instructions", &v, 1, 1 << 40)?;
                }
                "max_memory_mb" => {
                    spec.limits.memory_mb = limit(text, "max_memory_mb", &v, 1, 1 << 16)?;
                }
                "max_seconds" => spec.limits.millis = seconds(text, "max_seconds", &v)?,
                "max_print_kb" => {
                    spec.limits.print_kb = limit(text, "max_print_kb", &v, 0, 1 << 20)?;
                }
                _ => spec.params.push((k.to_string(), v)),
            }
        }
        Ok(spec)
    }
}
