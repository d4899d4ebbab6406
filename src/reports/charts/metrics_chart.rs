//! metrics-N.svg: the game-quality metrics that are rates, cell by cell of
//! an entry, each with its 95% interval: against a swept key (a victory
//! setting, a policy's budget) it is the curve a designer reads, e.g. how
//! the first mover's edge changes as play gets stronger. The figures are
//! metrics.csv's, made by the same function.

use crate::reports::charts::categories;
use crate::reports::charts::entry_group::EntryGroup;
use crate::reports::charts::frame::{GREY, LegendItem, Mark, colour};
use crate::reports::interval::z95;
use crate::reports::metrics;

/// A metric's value and interval in each cell.
type Points = Vec<Option<(f64, f64, f64)>>;

/// Metric `name` of each cell (`rows`: the cells' rows of metrics.csv)
/// with its interval: the `_low`/`_high` columns, or the mean plus or
/// minus 1.96 standard errors; `None` where the cell has no value.
fn points(rows: &[Vec<String>], name: &str) -> Points {
    let at = |col: &str| metrics::COLUMNS.iter().position(|c| *c == col);
    let value = at(name).expect("a charted metric is a column");
    let (low, high, se) = (
        at(&format!("{name}_low")),
        at(&format!("{name}_high")),
        at(&format!("{name}_se")),
    );
    rows.iter()
        .map(|row| {
            let num = |i: usize| row[i].parse::<f64>().ok();
            let x = num(value)?;
            let (lo, hi) = match (low, high, se) {
                (Some(l), Some(h), _) => (num(l)?, num(h)?),
                (_, _, Some(s)) => {
                    let half = z95() * num(s).unwrap_or(0.0);
                    ((x - half).max(0.0), (x + half).min(1.0))
                }
                _ => (x, x),
            };
            Some((x, lo, hi))
        })
        .collect()
}

/// The chart of a group with at least one finished cell.
pub fn svg(group: &EntryGroup) -> std::io::Result<String> {
    // Each cell's row made once, for every metric charted.
    let rows: Vec<Vec<String>> = group
        .finished
        .iter()
        .map(|r| metrics::row(&r.plan, &r.tally))
        .collect();
    let series: Vec<(LegendItem, Points)> = metrics::RATES
        .iter()
        .enumerate()
        .map(|(k, (name, label))| {
            (
                LegendItem {
                    label: label.to_string(),
                    colour: if *name == "timeouts" { GREY } else { colour(k) },
                    mark: Mark::Line,
                },
                points(&rows, name),
            )
        })
        .filter(|(_, p)| p.iter().any(Option::is_some))
        .collect();
    let items: Vec<LegendItem> = series.iter().map(|s| s.0.clone()).collect();
    let what = format!(
        "Game-quality metrics per cell with 95% intervals (metrics.csv){}",
        group.shown_note()
    );
    let shares = categories::Shares {
        what: &what,
        items: &items,
        y: 0.0..1.0,
        y_desc: "value (a rate or a share)",
        y_label: crate::reports::charts::frame::percent,
    };
    categories::render_shares(group, shares, |chart, _| {
        let rates: Vec<_> = series
            .iter()
            .map(|(item, points)| (item.colour, points.as_slice()))
            .collect();
        categories::draw_rates(chart, &rates, 0.1)
    })
}
