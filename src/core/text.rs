//! Text that came from outside (a script's error, what it prints, a value
//! it returned) made safe to show: control characters and bytes that are
//! not UTF-8 written as escapes, so that nothing reaches a terminal as a
//! command, and long text cut to a bound that says how much was left out.

use std::fmt::Write;

/// `bytes` as printable text: valid UTF-8 kept (tabs, and newlines when
/// `newlines`), every other control character written `\r`, `\0`, `\e`,
/// `\x7f`..., and each byte that is not UTF-8 as `\xff`.
///
/// ```
/// use ludus::core::text::printable;
/// assert_eq!(printable(b"a\x1b[2Jb\r\0\xff", false), "a\\e[2Jb\\r\\0\\xff");
/// assert_eq!(printable("é\tx\ny".as_bytes(), true), "é\tx\ny");
/// assert_eq!(printable("a\u{202e}b".as_bytes(), true), "a\\u{202e}b");
/// ```
pub fn printable(bytes: &[u8], newlines: bool) -> String {
    let mut out = String::with_capacity(bytes.len());
    push_printable(&mut out, bytes, newlines, usize::MAX);
    out
}

/// Text from input (a key, a value, a name, a move, a path) as a message
/// quotes it: on one line, every control character escaped, so that it
/// can neither start a line of its own (a forged `error:`) nor command
/// the terminal. Every such text passes it before it reaches a message.
///
/// ```
/// use ludus::core::text::inline;
/// assert_eq!(inline("rounds\nerror: forged"), "rounds\\nerror: forged");
/// ```
pub fn inline(text: &str) -> String {
    printable(text.as_bytes(), false)
}

/// Appends `bytes` made printable (as [`printable`] writes them) to `out`,
/// and stops as soon as `out` holds more than `max` bytes: whatever the
/// input, `out` never grows past `max` and one escape (at most 10 bytes).
/// Whether all of `bytes` was written within `max`.
///
/// ```
/// use ludus::core::text::push_printable;
/// let mut out = String::from("> ");
/// assert!(push_printable(&mut out, b"a\x1bb", false, 100));
/// assert_eq!(out, "> a\\eb");
/// let mut out = String::new();
/// assert!(!push_printable(&mut out, &[0xff; 1 << 20], false, 8));
/// assert_eq!(out, "\\xff\\xff\\xff");
/// ```
pub fn push_printable(out: &mut String, bytes: &[u8], newlines: bool, max: usize) -> bool {
    for chunk in bytes.utf8_chunks() {
        for c in chunk.valid().chars() {
            if out.len() > max {
                return false;
            }
            match c {
                '\t' => out.push('\t'),
                '\n' if newlines => out.push('\n'),
                '\n' => out.push_str("\\n"),
                '\r' => out.push_str("\\r"),
                '\0' => out.push_str("\\0"),
                '\x1b' => out.push_str("\\e"),
                // Controls, and the marks that reorder or break a line
                // as shown (U+202E writes what follows right to left).
                c if c.is_control() || is_layout_mark(c) => {
                    let _ = write!(out, "\\u{{{:x}}}", c as u32);
                }
                c => out.push(c),
            }
        }
        for b in chunk.invalid() {
            if out.len() > max {
                return false;
            }
            let _ = write!(out, "\\x{b:02x}");
        }
    }
    out.len() <= max
}

/// Whether `c` changes how the text around it is laid out rather than
/// showing as itself: the bidirectional marks, embeddings, overrides and
/// isolates, and the line and paragraph separators.
pub fn is_layout_mark(c: char) -> bool {
    matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{2028}' | '\u{2029}')
}

/// `text` cut to at most `max` bytes (at a character boundary), with a
/// note of how many bytes were left out.
///
/// ```
/// use ludus::core::text::bounded;
/// assert_eq!(bounded("short", 10), "short");
/// assert_eq!(bounded(&"x".repeat(100), 10), "xxxxxxxxxx... (90 more bytes)");
/// ```
pub fn bounded(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}... ({} more bytes)", &text[..end], text.len() - end)
}

/// Script text for a message: at most `max` bytes of `bytes` looked at,
/// made printable on one line, with a note of what was left out.
///
/// ```
/// use ludus::core::text::quoted;
/// assert_eq!(quoted(b"line\nnext", 100), "line\\nnext");
/// assert_eq!(quoted(&[b'a'; 50], 8), "aaaaaaaa... (42 more bytes)");
/// ```
pub fn quoted(bytes: &[u8], max: usize) -> String {
    if bytes.len() <= max {
        return printable(bytes, false);
    }
    // Cut at a character boundary where the bytes are UTF-8.
    let mut end = max;
    while end > 0 && end > max.saturating_sub(3) && (bytes[end] & 0xC0) == 0x80 {
        end -= 1;
    }
    format!(
        "{}... ({} more bytes)",
        printable(&bytes[..end], false),
        bytes.len() - end
    )
}
