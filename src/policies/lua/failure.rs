//! A script's failure as the user reads it: the script, the line where
//! known, and what happened, in one or two lines.

use crate::policies::lua::limits::{BUDGET_MESSAGE, Budget, Limits};

/// The first line of `text` that names a position in `script` (`path:line:`).
fn line_in(text: &str, script: &str) -> Option<String> {
    let at = text.find(&format!("{script}:"))?;
    let rest = &text[at + script.len() + 1..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    (!digits.is_empty()).then_some(digits)
}

fn root(e: &mlua::Error) -> (&mlua::Error, Option<&str>) {
    match e {
        mlua::Error::CallbackError { traceback, cause } => {
            let (r, t) = root(cause);
            (r, t.or(Some(traceback.as_str())))
        }
        mlua::Error::WithContext { cause, .. } => root(cause),
        _ => (e, None),
    }
}

/// Describes `e`, raised while running `script` under `limits`.
pub fn describe(e: &mlua::Error, script: &str, limits: Limits, budget: &Budget) -> String {
    let (cause, traceback) = root(e);
    let text = match cause {
        mlua::Error::SyntaxError { message, .. } => message.clone(),
        mlua::Error::RuntimeError(m) => m.clone(),
        mlua::Error::MemoryError(m) => m.clone(),
        other => other.to_string(),
    };
    let first = text.lines().next().unwrap_or("").to_string();
    if budget.spent() || first.contains(BUDGET_MESSAGE) {
        let line = budget
            .spent_at()
            .filter(|&l| l > 0)
            .map_or(String::new(), |l| format!(":{l}"));
        return format!(
            "{script}{line}: exceeded its instruction budget of {} instructions per call \
             (an endless loop? raise it with max_instructions=N)",
            budget.limit()
        );
    }
    if matches!(cause, mlua::Error::MemoryError(_)) || first.contains("not enough memory") {
        let line = traceback
            .and_then(|t| line_in(t, script))
            .map_or(String::new(), |l| format!(":{l}"));
        return format!(
            "{script}{line}: exceeded its memory limit of {} MiB (raise it with max_memory_mb=N)",
            limits.memory_mb
        );
    }
    if first.starts_with(&format!("{script}:")) {
        return first;
    }
    // error({...}) reaches the host as "table: 0x55...": an address that
    // changes from run to run has no place in a message meant to be compared.
    let first = match first.split_once(": 0x") {
        Some((kind, addr))
            if matches!(kind, "table" | "function" | "userdata" | "thread")
                && addr.chars().all(|c| c.is_ascii_hexdigit()) =>
        {
            format!("raised an error that is a {kind}, not a message")
        }
        _ => first,
    };
    match traceback.and_then(|t| line_in(t, script)) {
        Some(line) => format!("{script}:{line}: {first}"),
        None => format!("{script}: {first}"),
    }
}
