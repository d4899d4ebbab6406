//! The shape of the source tree, checked: layers import only downward, no
//! two files import each other (directly or round a loop), public
//! functions return typed errors, and a registry lookup is never followed
//! by `expect`. Each rule is the text of DEVELOPERS.md ("Layout and
//! layers") made a test, so that a change that breaks one fails here with
//! the files named.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The library's layers, lowest first; a file may import its own layer's
/// top-level module and any lower layer. The CLI (`src/cli/`, `main.rs`)
/// is the binary, above all of them.
const LAYERS: &[&[&str]] = &[
    &["core"],
    &["games"],
    &["analysis"],
    &["policies"],
    &["runner"],
    &["registry"],
    &["plan"],
    &["store"],
    &["reports"],
    &["run"],
    &["search"],
    &["cli", "main", "lib"],
];

fn rank(top: &str) -> usize {
    LAYERS
        .iter()
        .position(|l| l.contains(&top))
        .unwrap_or_else(|| panic!("src/{top}: a top-level module no layer of LAYERS holds"))
}

/// Every `.rs` file under `src/`, with its text.
fn sources() -> BTreeMap<PathBuf, String> {
    fn walk(dir: &Path, out: &mut BTreeMap<PathBuf, String>) {
        for e in std::fs::read_dir(dir).expect("src/ is readable") {
            let p = e.expect("a directory entry").path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).expect("a source file is UTF-8");
                out.insert(p, text);
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(Path::new("src"), &mut out);
    out
}

/// A file's module path: `src/core/game.rs` is `["core", "game"]`,
/// `src/games/dice/mod.rs` is `["games", "dice"]`.
fn module_of(path: &Path) -> Vec<String> {
    let rel = path.strip_prefix("src").expect("under src/");
    let mut parts: Vec<String> = rel
        .with_extension("")
        .iter()
        .map(|c| c.to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod")) {
        parts.pop();
    }
    parts
}

/// The text without comments (line comments, doc comments) and string
/// literals, so that paths quoted in prose or messages are not imports.
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let mut in_str = false;
        let mut prev = ' ';
        let mut chars = line.chars().peekable();
        while let Some(c) = chars.next() {
            if !in_str && c == '/' && chars.peek() == Some(&'/') {
                break;
            }
            if c == '"' && prev != '\\' && prev != '\'' {
                in_str = !in_str;
            } else if !in_str {
                out.push(c);
            }
            prev = if prev == '\\' && c == '\\' { ' ' } else { c };
        }
        out.push('\n');
    }
    out
}

/// The module paths a file names after `crate::`, `super::` or `self::`,
/// a brace group `a::{b, c::d}` standing for each of its paths.
fn named_paths(module: &[String], code: &str) -> Vec<Vec<String>> {
    fn ident_end(s: &[u8], mut i: usize) -> usize {
        while i < s.len() && (s[i].is_ascii_alphanumeric() || s[i] == b'_') {
            i += 1;
        }
        i
    }
    // Reads `seg::seg::...` from `i`, then a `{...}` group if one follows.
    fn read(s: &[u8], mut i: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
        let mut path = prefix;
        loop {
            let end = ident_end(s, i);
            if end > i {
                path.push(String::from_utf8_lossy(&s[i..end]).into_owned());
                i = end;
            }
            if s[i..].starts_with(b"::{") {
                i += 3;
                loop {
                    while i < s.len() && (s[i] == b' ' || s[i] == b'\n' || s[i] == b',') {
                        i += 1;
                    }
                    if i >= s.len() || s[i] == b'}' {
                        return i + 1;
                    }
                    i = read(s, i, path.clone(), out);
                    // Skip `as name`.
                    while i < s.len() && s[i] != b',' && s[i] != b'}' {
                        i += 1;
                    }
                }
            }
            if s[i..].starts_with(b"::") {
                i += 2;
                continue;
            }
            out.push(path);
            return i;
        }
    }
    let s = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let at_word = i == 0 || !(s[i - 1].is_ascii_alphanumeric() || s[i - 1] == b'_');
        let base = [("crate::", 0usize), ("super::", 1), ("self::", 2)]
            .into_iter()
            .find(|(w, _)| at_word && s[i..].starts_with(w.as_bytes()));
        let Some((word, kind)) = base else {
            i += 1;
            continue;
        };
        let prefix: Vec<String> = match kind {
            0 => Vec::new(),
            // In `a/b.rs` (module a::b) `super` is `a`; in `a/b/mod.rs`
            // (module a::b) it is also `a`.
            1 => module[..module.len().saturating_sub(1)].to_vec(),
            _ => module.to_vec(),
        };
        let mut paths = Vec::new();
        i = read(s, i + word.len(), prefix, &mut paths);
        out.extend(paths);
    }
    out
}

/// Each file's imports of other files (the longest prefix of a named path
/// that is a file's module).
fn imports(files: &BTreeMap<PathBuf, String>) -> BTreeMap<PathBuf, BTreeSet<PathBuf>> {
    let by_module: BTreeMap<Vec<String>, PathBuf> =
        files.keys().map(|p| (module_of(p), p.clone())).collect();
    let mut edges = BTreeMap::new();
    for (p, text) in files {
        let module = module_of(p);
        let mut to = BTreeSet::new();
        for path in named_paths(&module, &code_only(text)) {
            if let Some(target) = (1..=path.len())
                .rev()
                .find_map(|n| by_module.get(&path[..n]))
                && target != p
            {
                to.insert(target.clone());
            }
        }
        edges.insert(p.clone(), to);
    }
    edges
}

#[test]
fn no_two_files_import_each_other_round_a_loop() {
    let edges = imports(&sources());
    // Tarjan's strongly connected components, iteratively.
    let nodes: Vec<&PathBuf> = edges.keys().collect();
    let id: BTreeMap<&PathBuf, usize> = nodes.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    let succ: Vec<Vec<usize>> = nodes
        .iter()
        .map(|p| {
            edges[*p]
                .iter()
                .filter_map(|q| id.get(q).copied())
                .collect()
        })
        .collect();
    let n = nodes.len();
    let (mut index, mut low, mut on) = (vec![usize::MAX; n], vec![0; n], vec![false; n]);
    let (mut stack, mut next, mut loops) = (Vec::new(), 0, Vec::new());
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut k)) = work.last_mut() {
            if *k == 0 && index[v] == usize::MAX {
                index[v] = next;
                low[v] = next;
                next += 1;
                stack.push(v);
                on[v] = true;
            }
            if let Some(&w) = succ[v].get(*k) {
                *k += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(u, _)) = work.last() {
                low[u] = low[u].min(low[v]);
            }
            if low[v] == index[v] {
                let mut comp = Vec::new();
                while let Some(w) = stack.pop() {
                    on[w] = false;
                    comp.push(nodes[w].display().to_string());
                    if w == v {
                        break;
                    }
                }
                if comp.len() > 1 {
                    comp.sort();
                    loops.push(comp.join(" -> "));
                }
            }
        }
    }
    assert!(
        loops.is_empty(),
        "files that import each other:\n{}",
        loops.join("\n")
    );
}

#[test]
fn layers_import_only_downward() {
    let mut wrong = Vec::new();
    for (from, to) in imports(&sources()) {
        let top = module_of(&from).first().cloned().unwrap_or_default();
        for t in to {
            let target = module_of(&t).first().cloned().unwrap_or_default();
            if target != top && rank(&target) >= rank(&top) {
                wrong.push(format!("{} imports {}", from.display(), t.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports against the layers:\n{}",
        wrong.join("\n")
    );
}

/// Public functions' signatures, each joined onto one line.
fn public_signatures(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, l) in lines.iter().enumerate() {
        let t = l.trim_start();
        if t.starts_with("pub fn ") || (t.starts_with("fn ") && l.starts_with("    ")) {
            let mut sig = String::new();
            for m in &lines[i..] {
                sig.push_str(m.trim());
                sig.push(' ');
                if m.contains('{') || m.trim_end().ends_with(';') {
                    break;
                }
            }
            out.push((i + 1, sig));
        }
    }
    out
}

#[test]
fn public_functions_return_typed_errors() {
    let mut wrong = Vec::new();
    for (path, text) in sources() {
        // Trait methods and inherent methods of public types are public
        // too: every `fn` indented in an `impl` or a `trait` counts, except
        // in a private `impl` of a private type, which this text check
        // cannot tell apart; `pub(crate)` and private items are free.
        for (line, sig) in public_signatures(&text) {
            let code = code_only(&sig);
            if code.contains(", String>") && code.contains("Result<") && !is_private_fn(&text, line)
            {
                wrong.push(format!("{}:{line}: {}", path.display(), sig.trim()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "public functions returning Result<_, String> (give them a typed error):\n{}",
        wrong.join("\n")
    );
}

/// Whether the `fn` at `line` is private: not `pub`, and in a block that
/// is neither a `trait` nor an `impl ... for` (whose methods are as public
/// as the trait).
fn is_private_fn(text: &str, line: usize) -> bool {
    let lines: Vec<&str> = text.lines().collect();
    let l = lines[line - 1].trim_start();
    if l.starts_with("pub fn ") {
        return false;
    }
    // The enclosing item: the nearest line above at a lower indentation.
    let indent = lines[line - 1].len() - l.len();
    for above in lines[..line - 1].iter().rev() {
        let t = above.trim_start();
        let i = above.len() - t.len();
        if !t.is_empty() && i < indent && !t.starts_with("//") && !t.starts_with('#') {
            let public_trait = t.starts_with("pub trait ");
            let trait_impl = t.starts_with("impl") && t.contains(" for ");
            return !(public_trait || trait_impl);
        }
    }
    true
}

#[test]
fn a_registry_lookup_is_never_followed_by_expect() {
    let mut wrong = Vec::new();
    for (path, text) in sources() {
        let code = code_only(&text).replace([' ', '\n'], "");
        for (i, _) in code.match_indices("registry::find(") {
            let rest = &code[i..];
            let close = rest.find(')').unwrap_or(rest.len());
            let after = &rest[close + 1..];
            if after.starts_with(".expect(") || after.starts_with(".unwrap()") {
                wrong.push(path.display().to_string());
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "registry lookups that panic on a name (plans hold the game; look it up once, with registry::game):\n{}",
        wrong.join("\n")
    );
}

#[test]
fn the_checks_see_what_they_check() {
    // The parser finds imports through `use` groups and `super`, so that
    // the tests above cannot pass by seeing nothing.
    let paths = named_paths(
        &["games".into(), "dice".into(), "hazard".into()],
        "use crate::core::{game::{Game, Turn}, log::Log as L};\nuse super::round_game::RoundGame;",
    );
    let shown: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert_eq!(
        shown,
        [
            "core::game::Game",
            "core::game::Turn",
            "core::log::Log",
            "games::dice::round_game::RoundGame"
        ]
    );
    let edges = imports(&sources());
    let game = &edges[Path::new("src/runner/entry.rs")];
    assert!(game.contains(Path::new("src/core/game.rs")), "{game:?}");
    assert!(is_private_fn(
        "impl X {\n    fn f() -> Result<(), String> {}\n}",
        2
    ));
    assert!(!is_private_fn(
        "impl T for X {\n    fn f() -> Result<(), String> {}\n}",
        2
    ));
}

/// Every source file opens with its module's `//!` line, saying what it
/// is: the inventory that cannot drift from the files (DEVELOPERS.md
/// points here rather than listing them).
#[test]
fn every_source_file_says_what_it_is() {
    let missing: Vec<String> = sources()
        .into_iter()
        .filter(|(_, text)| {
            !text
                .lines()
                .next()
                .is_some_and(|l| l.starts_with("//! ") && l.len() > 12)
        })
        .map(|(path, _)| path.display().to_string())
        .collect();
    assert!(
        missing.is_empty(),
        "source files without a `//!` line saying what they are:\n{}",
        missing.join("\n")
    );
}
