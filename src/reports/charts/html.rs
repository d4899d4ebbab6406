//! The pieces an HTML page of a report is made of, shared by the
//! experiment's index.html and the tournament's: escaping, the style
//! sheet, a table, the document's head and end.
//!
//! The pages are XHTML-compatible HTML5 (lower-case tags, every element
//! closed, every attribute quoted, only XML's own entities), so that a
//! strict XML parser reads them as well as a browser.

use std::fmt::Write;

/// `text` with the characters that markup gives a meaning escaped: safe
/// in element content and in double- or single-quoted attributes.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The pages' style sheet: wide tables scroll inside their box.
pub(crate) const STYLE: &str = "
body { font-family: sans-serif; margin: 1.5em; color: #222; line-height: 1.4; }
h1 { font-size: 1.6em; margin-bottom: 0.3em; }
h2 { font-size: 1.3em; margin-top: 2em; border-bottom: 1px solid #ccc; }
h3 { font-size: 1.05em; margin-bottom: 0.3em; }
table { border-collapse: collapse; font-size: 0.82em; }
th, td { border: 1px solid #d0d0d0; padding: 0.15em 0.5em; text-align: left; }
thead th { background: #f0f0f0; position: sticky; top: 0; white-space: normal; vertical-align: bottom; }
td.n { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
table.header th { background: #f0f0f0; }
.scroll { overflow-x: auto; max-width: 100%; }
figure { margin: 1em 0; }
img { max-width: 100%; height: auto; border: 1px solid #e4e4e4; }
.note { background: #fff4d6; border: 1px solid #e6c770; padding: 0.5em 0.8em; }
";

/// Writes a table: the header, then the rows; figures right-aligned.
pub(crate) fn table<H: AsRef<str>>(out: &mut String, header: &[H], rows: &[Vec<String>]) {
    out.push_str("<div class=\"scroll\"><table>\n<thead><tr>");
    for h in header {
        let _ = write!(out, "<th>{}</th>", escape(h.as_ref()));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        out.push_str("<tr>");
        for field in row {
            let class = if !field.is_empty() && field.parse::<f64>().is_ok() {
                " class=\"n\""
            } else {
                ""
            };
            let _ = write!(out, "<td{class}>{}</td>", escape(field));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table></div>\n");
}

/// Writes the table of what a page is of: one row per (name, value).
pub(crate) fn header_table(out: &mut String, rows: &[(&str, String)]) {
    out.push_str("<table class=\"header\">\n");
    for (k, v) in rows {
        let _ = writeln!(
            out,
            "<tr><th scope=\"row\">{}</th><td>{}</td></tr>",
            escape(k),
            escape(v)
        );
    }
    out.push_str("</table>\n");
}

/// Opens a page titled `title`: the document's head with the style sheet,
/// and the title as its heading.
pub(crate) fn open(out: &mut String, title: &str) {
    out.push_str("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\" xml:lang=\"en\">\n<head>\n");
    out.push_str("<meta charset=\"utf-8\"/>\n");
    out.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n");
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");
    let _ = writeln!(out, "<h1>{}</h1>", escape(title));
}

/// Closes a page [`open`] began.
pub(crate) fn close(out: &mut String) {
    out.push_str("</body>\n</html>\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escape_covers_markup_and_both_quotes() {
        assert_eq!(
            escape(r#"lua:a&b.lua{k="<2>"} it's"#),
            "lua:a&amp;b.lua{k=&quot;&lt;2&gt;&quot;} it&#39;s"
        );
        assert_eq!(escape("Trójki"), "Trójki");
        assert_eq!(escape(""), "");
    }

    #[test]
    fn figures_are_right_aligned_and_text_is_escaped_in_tables() {
        let mut out = String::new();
        table(
            &mut out,
            &["cell", "policy"],
            &[
                vec!["3".into(), "a<b".into()],
                vec!["0.500000".into(), String::new()],
            ],
        );
        assert!(out.contains("<td class=\"n\">3</td><td>a&lt;b</td>"));
        assert!(out.contains("<td class=\"n\">0.500000</td><td></td>"));
    }
}
