//! The answers table that opens index.html: every shown cell of the run
//! in one table, named in words, on the figures a designer asks first
//! (balance among decided games, the first mover's edge, how often a
//! game is decided, its median length, the exact values where the cell
//! is solved), each with its 95% interval and a small bar, sortable by
//! any column with a click (a few lines of script; without it the table
//! reads in cell order). Its figures are metrics.csv's and summary.csv's,
//! made by the same functions.

use std::fmt::Write;

use crate::reports::cell_result::CellResult;
use crate::reports::charts::entry_group::EntryGroup;
use crate::reports::charts::figures::percent_interval;
use crate::reports::charts::html::escape;
use crate::reports::length_stats::LengthStats;
use crate::reports::metrics;

/// One field: its text, the number a sort orders it by, and the share
/// of its cell its bar fills (none: no bar).
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// What the cell shows.
    pub text: String,
    /// What sorts it; none sorts by the text.
    pub key: Option<f64>,
    /// Its bar, 0 to 1.
    pub bar: Option<f64>,
}

impl Field {
    fn text(text: String) -> Field {
        Field {
            text,
            key: None,
            bar: None,
        }
    }
}

/// The table's columns, in order.
pub const HEAD: [&str; 7] = [
    "cell",
    "setting",
    "balance among decided games",
    "first mover's score",
    "decided",
    "median length",
    "exact win rates (seat 1 / 2 / ...)",
];

/// The row of `r`, a finished cell of entry `g`.
pub fn row(g: &EntryGroup, r: &CellResult) -> Vec<Field> {
    let mut name = g.name();
    let swept: Vec<String> = r
        .plan
        .swept
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    if !swept.is_empty() {
        name.push_str(" — ");
        name.push_str(&swept.join(" "));
    }
    let est = metrics::estimates(
        &r.plan,
        &r.tally,
        &["balance_decided", "advantage_first", "completion"],
    );
    let rate = |e: &Option<metrics::Estimate>| match e {
        Some(e) => Field {
            text: percent_interval(e.value, Some((e.low.max(0.0), e.high.min(1.0)))),
            key: Some(e.value),
            bar: Some(e.value.clamp(0.0, 1.0)),
        },
        None => Field::text(String::new()),
    };
    let median = LengthStats::from_histogram(&r.tally.lengths).map(|l| l.median);
    let exact = r.plan.exact().map(|odds| {
        let shares: Vec<String> = odds
            .iter()
            .map(|o| format!("{:.2}%", 100.0 * o.win))
            .collect();
        Field {
            text: shares.join(" / "),
            key: odds.first().map(|o| o.win),
            bar: None,
        }
    });
    vec![
        Field {
            text: r.plan.cell.index.to_string(),
            key: Some(r.plan.cell.index as f64),
            bar: None,
        },
        Field::text(name),
        rate(&est[0]),
        rate(&est[1]),
        rate(&est[2]),
        Field {
            text: median.map_or_else(String::new, |m| format!("{m} {}", g.length_unit())),
            key: median.map(|m| m as f64),
            bar: None,
        },
        exact.unwrap_or_else(|| Field::text(String::new())),
    ]
}

/// Sorts the table by the column clicked, again the other way. Written
/// without `<` and `&`, so that the page stays well-formed XML.
const SORT: &str = "document.querySelectorAll('table.answers th').forEach(function (th, i) {
  th.addEventListener('click', function () {
    var body = th.closest('table').tBodies[0];
    var rows = Array.prototype.slice.call(body.rows);
    var up = th.getAttribute('data-up') !== '1';
    th.setAttribute('data-up', up ? '1' : '0');
    rows.sort(function (a, b) {
      var x = a.cells[i].getAttribute('data-v'), y = b.cells[i].getAttribute('data-v');
      var c = isNaN(parseFloat(x)) || isNaN(parseFloat(y)) ? x.localeCompare(y) : parseFloat(x) - parseFloat(y);
      return up ? c : -c;
    });
    rows.forEach(function (r) { body.appendChild(r); });
  });
});";

/// Writes the table of `rows` (each from [`row`]), with its heading, its
/// words and its script; nothing where there is no row.
pub fn write(out: &mut String, rows: &[Vec<Field>], left_out: usize) {
    if rows.is_empty() {
        return;
    }
    out.push_str("<h2>The answers</h2>\n");
    out.push_str(
        "<p>Every cell on the figures a designer asks first, with 95% intervals: balance \
         among the games someone won (100% is even), the first mover's score (50% is no \
         edge in a game of two), the share of games decided, the median length, and the \
         exact win rates where the cell is solved. Click a heading to sort by it; the \
         sections below chart each entry.</p>\n",
    );
    if left_out > 0 {
        let _ = writeln!(
            out,
            "<p class=\"note\">{} not in this table (each entry's first cells are); \
             metrics.csv holds every one.</p>",
            if left_out == 1 {
                "1 more finished cell is".to_string()
            } else {
                format!("{left_out} more finished cells are")
            }
        );
    }
    out.push_str("<div class=\"scroll\"><table class=\"answers\">\n<thead><tr>");
    for h in HEAD {
        let _ = write!(out, "<th title=\"sort\">{}</th>", escape(h));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    for row in rows {
        out.push_str("<tr>");
        for f in row {
            let v = f.key.map_or_else(|| f.text.clone(), |k| format!("{k}"));
            let style = f.bar.map_or_else(String::new, |b| {
                let p = (100.0 * b).round();
                format!(
                    " style=\"background: linear-gradient(90deg, #dbe7f3 {p}%, transparent {p}%)\""
                )
            });
            let class = if f.key.is_some() { " class=\"n\"" } else { "" };
            let _ = write!(
                out,
                "<td{class}{style} data-v=\"{}\">{}</td>",
                escape(&v),
                escape(&f.text)
            );
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table></div>\n");
    let _ = writeln!(out, "<script>{SORT}</script>");
}
