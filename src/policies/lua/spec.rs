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

fn limit(key: &str, v: &Param, min: u64, max: u64) -> Result<u64, String> {
    match v {
        Param::Int(i) if *i >= min as i64 && (*i as u64) <= max => Ok(*i as u64),
        _ => Err(format!(
            "`{key}` must be a whole number {min}-{max}, not {v}"
        )),
    }
}

/// The longest `max_seconds`: a day.
const MAX_SECONDS: f64 = 86_400.0;

fn seconds(key: &str, v: &Param) -> Result<u64, String> {
    let x = match v {
        Param::Int(i) => *i as f64,
        Param::Float(x) => *x,
        _ => f64::NAN,
    };
    if (0.001..=MAX_SECONDS).contains(&x) {
        Ok((x * 1000.0).round() as u64)
    } else {
        Err(format!(
            "`{key}` must be a number of seconds 0.001-{MAX_SECONDS}, not {v}"
        ))
    }
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
    pub fn parse(text: &str) -> Result<LuaSpec, String> {
        let text = text.trim();
        // The path is shown in every message and printed line of the
        // script: a control character in it would reach the terminal.
        if text
            .chars()
            .any(|c| c.is_control() || crate::core::text::is_layout_mark(c))
        {
            return Err(format!(
                "policy `lua:{}`: the script's path or parameters hold a control character; rename the file",
                crate::core::text::printable(text.as_bytes(), false)
            ));
        }
        // A quoted path may hold commas and braces.
        let (path, after) = match text.strip_prefix('"') {
            Some(rest) => {
                let end = rest.find('"').ok_or_else(|| {
                    format!("policy `lua:{text}`: the script's path has no closing quote")
                })?;
                let after = rest[end + 1..].trim_start();
                if !after.is_empty() && !after.starts_with('{') {
                    return Err(format!(
                        "policy `lua:{text}`: only parameters in braces may follow the quoted path"
                    ));
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
            Some(rest) => rest
                .trim_end()
                .strip_suffix('}')
                .ok_or_else(|| format!("policy `lua:{text}`: the parameters must end with `}}`"))?,
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
            let bad = |e: String| format!("policy `lua:{text}`: {e}");
            match k {
                "max_instructions" => {
                    spec.limits.instructions = limit(k, &v, 1, 1 << 40).map_err(bad)?;
                }
                "max_memory_mb" => {
                    spec.limits.memory_mb = limit(k, &v, 1, 1 << 16).map_err(bad)?;
                }
                "max_seconds" => spec.limits.millis = seconds(k, &v).map_err(bad)?,
                "max_print_kb" => {
                    spec.limits.print_kb = limit(k, &v, 0, 1 << 20).map_err(bad)?;
                }
                _ => spec.params.push((k.to_string(), v)),
            }
        }
        Ok(spec)
    }
}
