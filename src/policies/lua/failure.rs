//! A script's failure as the user reads it: the script, the line where
//! known, and what happened, on one line of bounded length with every
//! control character escaped (the text may come from the script).

use crate::core::text::quoted;
use crate::policies::lua::meter::{Halt, Meter};

/// The most bytes of text from the script (an error message, a returned
/// value) a failure's message quotes.
pub const QUOTED: usize = 300;

/// How Lua names the script `script` in its messages and tracebacks: the
/// path, or past 59 bytes (its `LUA_IDSIZE` of 60) "..." and the path's
/// last 56 bytes. Where those bytes begin inside a character, Lua's text
/// holds a broken one there: only what follows it is looked for.
fn as_lua_names(script: &str) -> std::borrow::Cow<'_, str> {
    const SHOWN: usize = 56;
    if script.len() < SHOWN + 4 {
        return script.into();
    }
    let cut = script.len() - SHOWN;
    if script.is_char_boundary(cut) {
        format!("...{}", &script[cut..]).into()
    } else {
        let next = (cut..script.len())
            .find(|&i| script.is_char_boundary(i))
            .unwrap_or(script.len());
        script[next..].into()
    }
}

/// Where `text` first names `script` as Lua does, followed by a colon:
/// what comes before the name, and what follows the colon.
fn around_name<'a>(text: &'a str, script: &str) -> Option<(&'a str, &'a str)> {
    let named = as_lua_names(script);
    let at = text.find(&format!("{named}:"))?;
    Some((&text[..at], &text[at + named.len() + 1..]))
}

/// The first line of `text` that names a position in `script` (`path:line:`,
/// the path as Lua names it).
fn line_in(text: &str, script: &str) -> Option<String> {
    let (_, rest) = around_name(text, script)?;
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

/// Whether `e` is a memory error, however it reached the host.
pub fn is_memory_error(e: &mlua::Error) -> bool {
    match root(e).0 {
        mlua::Error::MemoryError(_) => true,
        mlua::Error::RuntimeError(m) => m == "not enough memory",
        _ => false,
    }
}

/// What passing limit `why` says, after the script's name and line.
pub fn halt_message(why: Halt, meter: &Meter) -> String {
    let l = &meter.limits;
    match why {
        Halt::Budget => format!(
            "exceeded its instruction budget of {} instructions per call \
             (an endless loop? raise it with max_instructions=N)",
            l.instructions
        ),
        Halt::Memory => format!(
            "exceeded its memory limit of {} MiB (raise it with max_memory_mb=N)",
            l.memory_mb
        ),
        Halt::Time => format!(
            "exceeded its time limit of {} per call (raise it with max_seconds=N)",
            l.seconds_text()
        ),
        Halt::Print => format!(
            "printed more than {} KiB in one game, the most a script may print \
             (raise it with max_print_kb=N)",
            l.print_kb
        ),
    }
}

/// Describes `e`, raised while running `script` metered by `meter`.
pub fn describe(e: &mlua::Error, script: &str, meter: &Meter) -> String {
    let halt = meter
        .halted()
        .or(is_memory_error(e).then_some(Halt::Memory));
    if let Some(why) = halt {
        let line = match meter.halted_at() {
            Some(l) => format!(":{l}"),
            None => traceback_line(e, script),
        };
        return format!("{script}{line}: {}", halt_message(why, meter));
    }
    describe_message(e, script)
}

/// What Lua says of error `e` of `script`, the script named whole where
/// Lua cut its name: [`describe`] of an error that no limit stopped (a
/// syntax error found before any game, a runtime error).
pub fn describe_message(e: &mlua::Error, script: &str) -> String {
    let (cause, _) = root(e);
    let text: std::borrow::Cow<'_, str> = match cause {
        mlua::Error::SyntaxError { message, .. } => message.into(),
        mlua::Error::RuntimeError(m) => m.into(),
        mlua::Error::MemoryError(m) => m.into(),
        other => other.to_string().into(),
    };
    // (Not copied: a script's own error is cut to ERROR_TEXT where it is
    // raised, but what Lua hands over is whatever it is.)
    let first = text.lines().next().unwrap_or("");
    // Lua's own message begins with where it was raised: the script, as
    // Lua names it, is written whole.
    // (Before the name, only the "..." and broken character of a cut that
    // fell inside one.)
    if let Some((before, rest)) = around_name(first, script)
        && before
            .trim_start_matches("...")
            .chars()
            .all(|c| c == '\u{fffd}')
    {
        return format!("{script}:{}", quoted(rest.as_bytes(), QUOTED));
    }
    // error({...}) reaches the host as "table: 0x55..." (or "Name: 0x55..."
    // for a metatable's __name): an address that changes from run to run
    // has no place in a message meant to be compared.
    let first = match first.rsplit_once(": 0x") {
        Some((kind, addr)) if !addr.is_empty() && addr.chars().all(|c| c.is_ascii_hexdigit()) => {
            format!(
                "raised an error that is a {}, not a message",
                quoted(kind.as_bytes(), QUOTED)
            )
        }
        _ => quoted(first.as_bytes(), QUOTED),
    };
    format!("{script}{}: {first}", traceback_line(e, script))
}

/// `:N`, the line of `script` that the traceback of `e` names, if any.
fn traceback_line(e: &mlua::Error, script: &str) -> String {
    root(e)
        .1
        .and_then(|t| line_in(t, script))
        .map_or(String::new(), |l| format!(":{l}"))
}

#[cfg(test)]
mod tests {
    use super::as_lua_names;

    #[test]
    fn lua_names_a_long_path_by_its_last_56_bytes() {
        let short = format!("/{}.lua", "a".repeat(54));
        assert_eq!(short.len(), 59);
        assert_eq!(as_lua_names(&short), short);
        let long = format!("/{}.lua", "b".repeat(55));
        assert_eq!(as_lua_names(&long), format!("...{}", &long[4..]));
        // The cut falls inside "é" (two bytes): only what follows is named.
        let accented = format!("/{}é{}.lua", "c".repeat(10), "d".repeat(51));
        let cut = accented.len() - 56;
        assert!(!accented.is_char_boundary(cut));
        assert_eq!(as_lua_names(&accented), format!("{}.lua", "d".repeat(51)));
    }
}
