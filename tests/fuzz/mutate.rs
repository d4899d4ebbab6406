//! Mutations of an input: bytes flipped, inserted, deleted, duplicated;
//! two inputs spliced; numbers in the text replaced; and, where the input
//! parses (JSON, TOML, SGF), edits of its structure: a value replaced by a
//! huge, negative, fractional or 2^64-1 number, a string with control
//! characters or of 100 KB, keys deleted, misspelt or given twice, arrays
//! nested deeply or repeated, types swapped.

use serde_json::Value;

use crate::rng::Rng;

/// How an input is written, for the mutations that know its structure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Syntax {
    Json,
    Toml,
    Sgf,
}

/// No input grows past this: past every size limit ludus reads (1 MiB
/// positions), short of slowing the run down.
const MAX_LEN: usize = 1_300_000;

/// A mutation of one of `seeds`: one to three mutations in a row.
pub fn mutate(rng: &mut Rng, seeds: &[Vec<u8>], syntax: Syntax) -> Vec<u8> {
    let mut out = rng.pick(seeds).clone();
    for _ in 0..1 + rng.below(3) {
        out = match rng.below(12) {
            0..=5 => structured(rng, &out, syntax).unwrap_or_else(|| bytes(rng, out)),
            6..=8 => bytes(rng, out),
            9 => {
                let other = rng.pick(seeds).clone();
                splice(rng, &out, &other)
            }
            _ => number_in_text(rng, out),
        };
        out.truncate(MAX_LEN);
    }
    out
}

/// Numbers that sit on the edges of the integer types or past them.
const NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "2",
    "7",
    "127",
    "128",
    "-128",
    "255",
    "256",
    "65535",
    "65536",
    "-32769",
    "2147483647",
    "2147483648",
    "4294967295",
    "4294967296",
    "-2147483649",
    "500000000",
    "3000000000",
    "1000000000000",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999999999",
    "0.5",
    "-0.5",
    "1.5",
    "1e308",
    "1e400",
    "-1e400",
    "1e-7",
    "3.0",
];

/// Strings a reader might mishandle.
fn strings(rng: &mut Rng) -> String {
    match rng.below(8) {
        0 => "\"\\u001b]0;pwned\\u0007\\u001b[2J\"".into(),
        1 => format!("\"{}\"", "A".repeat(100_000)),
        2 => "\"\"".into(),
        3 => "\"\\u0000\\n\\r\\t\"".into(),
        4 => "\"\u{202e}é\u{fffd}\"".into(),
        5 => format!("\"{}\"", "\\n".repeat(2_000)),
        6 => "\" \"".into(),
        _ => "\"white\"".into(),
    }
}

/// A value nested `depth` arrays or tables deep.
fn nested(rng: &mut Rng, syntax: Syntax) -> String {
    let depth = *rng.pick(&[20, 129, 1_000, 20_000]);
    if rng.one_in(2) {
        format!("{}1{}", "[".repeat(depth), "]".repeat(depth))
    } else if syntax == Syntax::Toml {
        format!("{}1{}", "{a=".repeat(depth), "}".repeat(depth))
    } else {
        format!("{}1{}", "{\"a\":".repeat(depth), "}".repeat(depth))
    }
}

/// A raw replacement for any value.
fn raw(rng: &mut Rng, syntax: Syntax) -> String {
    match rng.below(10) {
        0..=3 => rng.pick(NUMBERS).to_string(),
        4 | 5 => strings(rng),
        6 => nested(rng, syntax),
        7 => rng
            .pick(&["true", "false", "[]", "{}", "[1, \"a\"]"])
            .to_string(),
        8 if syntax == Syntax::Toml => rng.pick(&["nan", "inf", "-inf", "1979-05-27"]).to_string(),
        8 => "null".into(),
        _ => format!("[{}]", rng.pick(NUMBERS)),
    }
}

/// A JSON value's nodes, counted in preorder.
fn count(v: &Value) -> usize {
    1 + match v {
        Value::Array(a) => a.iter().map(count).sum(),
        Value::Object(m) => m.values().map(count).sum(),
        _ => 0,
    }
}

/// The `n`-th node in preorder.
fn nth<'a>(v: &'a mut Value, n: &mut usize) -> Option<&'a mut Value> {
    if *n == 0 {
        return Some(v);
    }
    *n -= 1;
    match v {
        Value::Array(a) => {
            for x in a.iter_mut() {
                if let Some(f) = nth(x, n) {
                    return Some(f);
                }
            }
            None
        }
        Value::Object(m) => {
            for x in m.values_mut() {
                if let Some(f) = nth(x, n) {
                    return Some(f);
                }
            }
            None
        }
        _ => None,
    }
}

/// Placeholders put in the tree and replaced in the text once written:
/// raw values (what the tree cannot hold: 2^64-1, deep nesting) and keys
/// given twice.
#[derive(Default)]
struct Marks {
    raws: Vec<String>,
    dups: Vec<String>,
}

impl Marks {
    fn raw(&mut self, text: String) -> Value {
        self.raws.push(text);
        Value::String(format!("FZRAW{}", self.raws.len() - 1))
    }
}

fn edit_scalar(rng: &mut Rng, v: &mut Value, marks: &mut Marks, syntax: Syntax) {
    *v = match (rng.below(4), &*v) {
        (0, Value::Number(n)) => {
            let x = n.as_i64().map_or(0i128, i128::from);
            let text = match rng.below(5) {
                0 => (x + 1).to_string(),
                1 => (x - 1).to_string(),
                2 => (-x).to_string(),
                3 => (x * 1000).to_string(),
                _ => format!("{x}.5"),
            };
            marks.raw(text)
        }
        (0, Value::String(s)) => {
            let mut s = s.clone();
            match rng.below(4) {
                0 => s.push('\u{1b}'),
                1 => s = s.to_uppercase(),
                2 => {
                    let at = rng.below(s.len() + 1);
                    let at = (0..=at).rev().find(|&i| s.is_char_boundary(i)).unwrap_or(0);
                    s.insert(at, 'x');
                }
                _ => s = s.repeat(2),
            }
            Value::String(s)
        }
        (1, Value::Number(n)) => Value::String(n.to_string()),
        (1, Value::String(s)) => s.parse::<i64>().map_or(Value::Bool(true), Value::from),
        _ => marks.raw(raw(rng, syntax)),
    };
}

fn edit(rng: &mut Rng, v: &mut Value, marks: &mut Marks, syntax: Syntax) {
    match v {
        Value::Object(m) if !m.is_empty() => {
            let keys: Vec<String> = m.keys().cloned().collect();
            let key = rng.pick(&keys).clone();
            match rng.below(6) {
                0 => {
                    m.remove(&key);
                }
                1 => {
                    let value = m[&key].clone();
                    marks.dups.push(key);
                    m.insert(format!("FZDUP{}", marks.dups.len() - 1), value);
                }
                2 => {
                    let value = m.remove(&key).unwrap_or(Value::Null);
                    let mut misspelt = key.clone();
                    let at = rng.below(key.len() + 1);
                    let at = (0..=at)
                        .rev()
                        .find(|&i| key.is_char_boundary(i))
                        .unwrap_or(0);
                    misspelt.insert(at, '_');
                    m.insert(misspelt, value);
                }
                3 => {
                    m.insert("fuzz".into(), Value::from(1));
                }
                4 => {
                    let value = marks.raw(raw(rng, syntax));
                    m.insert(key, value);
                }
                _ => {
                    if let Some(x) = m.get_mut(&key) {
                        edit(rng, x, marks, syntax);
                    }
                }
            }
        }
        Value::Array(a) if !a.is_empty() => {
            let i = rng.below(a.len());
            match rng.below(6) {
                0 => {
                    a.remove(i);
                }
                1 => {
                    let x = a[i].clone();
                    a.insert(i, x);
                }
                2 => {
                    let x = a[i].clone();
                    let times = *rng.pick(&[10, 300, 2_000]);
                    a.extend(std::iter::repeat_n(x, times));
                }
                3 => {
                    let x = marks.raw(raw(rng, syntax));
                    a.push(x);
                }
                4 => a[i] = marks.raw(raw(rng, syntax)),
                _ => {
                    let j = rng.below(a.len());
                    a.swap(i, j);
                }
            }
        }
        _ => edit_scalar(rng, v, marks, syntax),
    }
}

/// A TOML key as written: bare if it can be.
fn toml_key(key: &str) -> String {
    if !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        key.to_string()
    } else {
        serde_json::to_string(key).unwrap_or_default()
    }
}

/// An edit of the structure of `text`, if it parses as `syntax`.
fn structured(rng: &mut Rng, text: &[u8], syntax: Syntax) -> Option<Vec<u8>> {
    let s = std::str::from_utf8(text).ok()?;
    let mut v: Value = match syntax {
        Syntax::Json => serde_json::from_str(s).ok()?,
        Syntax::Toml => toml::from_str(s).ok()?,
        Syntax::Sgf => return Some(sgf(rng, s)),
    };
    let mut marks = Marks::default();
    let mut n = rng.below(count(&v));
    let node = nth(&mut v, &mut n)?;
    edit(rng, node, &mut marks, syntax);
    let mut out = match syntax {
        Syntax::Json if rng.one_in(2) => serde_json::to_string_pretty(&v).ok()?,
        Syntax::Json => serde_json::to_string(&v).ok()?,
        _ => toml::to_string(&v).ok()?,
    };
    for (i, r) in marks.raws.iter().enumerate().rev() {
        for q in ['"', '\''] {
            out = out.replace(&format!("{q}FZRAW{i}{q}"), r);
        }
    }
    for (i, k) in marks.dups.iter().enumerate().rev() {
        let json = serde_json::to_string(k).ok()?;
        out = out.replace(&format!("\"FZDUP{i}\""), &json);
        if syntax == Syntax::Toml {
            out = out.replace(&format!("FZDUP{i}"), &toml_key(k));
        }
    }
    Some(out.into_bytes())
}

/// Words of boardspace.net's records, and cells on and off its board.
const SGF_WORDS: &[&str] = &[
    "Move",
    "Pickb",
    "Dropb",
    "Done",
    "Resign",
    "Start",
    "P0",
    "P1",
    "id",
    "Edit",
    "Pick",
    "Drop",
    "A",
    "H",
    "M",
    "N",
    "P",
    "Q",
    "a",
    "1",
    "5",
    "8",
    "9",
    "0",
    "-1",
    "-128",
    "127",
    "255",
    "99999999999999999999",
    "\\",
    "]",
    "[",
    ";",
    "(",
    ")",
    "\"",
    "\n",
    "\u{1b}[2J",
];

/// An edit of a record's lines: one duplicated, deleted, moved, or a
/// property value rewritten from record words.
fn sgf(rng: &mut Rng, text: &str) -> Vec<u8> {
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    if lines.is_empty() {
        lines.push(String::new());
    }
    let i = rng.below(lines.len());
    match rng.below(6) {
        0 => {
            let l = lines[i].clone();
            let times = *rng.pick(&[1, 2, 50, 3_000]);
            for _ in 0..times {
                lines.insert(i, l.clone());
            }
        }
        1 => {
            lines.remove(i);
        }
        2 => {
            let l = lines.remove(i);
            let j = rng.below(lines.len() + 1);
            lines.insert(j, l);
        }
        _ => {
            let words: Vec<&str> = (0..1 + rng.below(6))
                .map(|_| *rng.pick(SGF_WORDS))
                .collect();
            let player = rng.below(3);
            lines.insert(
                i,
                format!("; P{player}[{} {}]", rng.below(100), words.join(" ")),
            );
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out.into_bytes()
}

/// Bytes worth trying where a byte is replaced or inserted.
const BYTES: &[u8] = b"\"\\{}[]:,=.-+0123456789eE \n\t\r\0#;()'\x1b\x7f\xff\xc3";

/// A byte-level mutation.
fn bytes(rng: &mut Rng, mut b: Vec<u8>) -> Vec<u8> {
    if b.is_empty() {
        b.push(b'{');
    }
    let len = b.len();
    let at = rng.below(len);
    let byte = |rng: &mut Rng| {
        if rng.one_in(2) {
            *rng.pick(BYTES)
        } else {
            rng.next() as u8
        }
    };
    match rng.below(8) {
        0 => b[at] ^= 1 << rng.below(8),
        1 => b[at] = byte(rng),
        2 => {
            let n = 1 + rng.below(8);
            let ins: Vec<u8> = (0..n).map(|_| byte(rng)).collect();
            b.splice(at..at, ins);
        }
        3 => {
            let n = (1 + rng.below(32)).min(len - at);
            b.drain(at..at + n);
        }
        4 => {
            let n = (1 + rng.below(256)).min(len - at);
            let copy = b[at..at + n].to_vec();
            let to = rng.below(len + 1);
            b.splice(to..to, copy);
        }
        5 => b.truncate(at),
        6 => {
            let odd = *rng.pick(&["\u{202e}", "\0", "\u{1b}[2J", "é", "\u{fffd}"]);
            let mut ins = odd.as_bytes().to_vec();
            if rng.one_in(3) {
                ins = vec![0xff, 0xfe];
            }
            b.splice(at..at, ins);
        }
        _ => {
            let n = (1 + rng.below(64)).min(len - at);
            let from = rng.below(len - n + 1);
            let copy = b[from..from + n].to_vec();
            b[at..at + n].copy_from_slice(&copy);
        }
    }
    b
}

/// The head of `a` and the tail of `b`.
fn splice(rng: &mut Rng, a: &[u8], b: &[u8]) -> Vec<u8> {
    let cut_a = rng.below(a.len() + 1);
    let cut_b = rng.below(b.len() + 1);
    let mut out = a[..cut_a].to_vec();
    out.extend_from_slice(&b[cut_b..]);
    out
}

/// A number in the text (a run of digits, with its sign) replaced by an
/// edge of an integer type or its neighbour.
fn number_in_text(rng: &mut Rng, b: Vec<u8>) -> Vec<u8> {
    let mut runs = Vec::new();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            runs.push(start..i);
        } else {
            i += 1;
        }
    }
    if runs.is_empty() {
        return bytes(rng, b);
    }
    let r = rng.pick(&runs).clone();
    let old: i128 = std::str::from_utf8(&b[r.clone()])
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let new = match rng.below(4) {
        0 => (old + 1).to_string(),
        1 => (old - 1).to_string(),
        _ => rng.pick(NUMBERS).to_string(),
    };
    let mut out = b;
    out.splice(r, new.into_bytes());
    out
}
