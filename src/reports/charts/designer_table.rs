//! The designer's table of index.html: an entry's cells side by side on
//! the metrics that judge a rule set (balance, the first mover's edge,
//! completion, drawishness, real choices; drama and the lead where
//! measured), each cell named by its swept values, the most balanced and
//! the most decisive marked. Its figures are
//! metrics.csv's, made by the same function.

use crate::reports::cell_result::CellResult;
use crate::reports::charts::figures::{percent_interval, significant};
use crate::reports::metrics;

/// The metrics shown: the rates, then how many options and how long.
const SHOWN: [(&str, &str); 8] = {
    let r = metrics::RATES;
    [
        r[0],
        r[1],
        r[2],
        r[3],
        r[4],
        r[5],
        ("branching_factor", "branching factor"),
        ("duration_turns", "length"),
    ]
};

/// The metrics that follow the lead shown where a run measured them
/// (`metrics = "all"`).
const JUDGED_SHOWN: [(&str, &str); 3] = [("drama", "drama"), metrics::RATES[6], metrics::RATES[7]];

/// The header and rows of the table of `cells`.
pub fn table(cells: &[CellResult]) -> (Vec<String>, Vec<Vec<String>>) {
    let column = |name: &str| {
        metrics::COLUMNS
            .iter()
            .position(|c| *c == name)
            .expect("a shown metric is a column of metrics.csv")
    };
    let values: Vec<Vec<String>> = cells
        .iter()
        .map(|r| metrics::row(&r.plan, &r.tally))
        .collect();
    let number = |x: &str| x.parse::<f64>().ok();
    let metric = |row: &[String], name: &str| number(&row[column(name)]);
    // The best cell by a metric, if there are two cells to compare and one
    // is ahead of every other; never one most of whose games end at a cap
    // or a limit, which is even because nobody wins.
    let best = |name: &str| -> Option<usize> {
        if values.len() < 2 {
            return None;
        }
        let scored: Vec<(usize, f64)> = values
            .iter()
            .enumerate()
            .filter(|(_, r)| metric(r, "timeouts").is_none_or(|t| t <= 0.5))
            .filter_map(|(i, r)| metric(r, name).map(|x| (i, x)))
            .collect();
        let top = scored.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max);
        let at_top: Vec<usize> = scored.iter().filter(|s| s.1 == top).map(|s| s.0).collect();
        (at_top.len() == 1).then(|| at_top[0])
    };
    let (balanced, decisive) = (best("balance"), best("completion"));
    // The metrics that follow the lead, where a run measured them.
    let mut shown = SHOWN.to_vec();
    for extra in JUDGED_SHOWN {
        if values.iter().any(|r| !r[column(extra.0)].is_empty()) {
            shown.push(extra);
        }
    }
    // What tells the cells apart: the entry's swept values (the settings
    // they share are the section's heading), so that the table fits a
    // window.
    let swept: Vec<String> = cells
        .first()
        .map(|r| r.plan.swept.iter().map(|(k, _)| k.clone()).collect())
        .unwrap_or_default();
    let mut header = vec!["cell".to_string()];
    header.extend(swept);
    header.extend(shown.iter().map(|(_, title)| title.to_string()));
    header.push("marked".to_string());
    let rows = cells
        .iter()
        .zip(&values)
        .enumerate()
        .map(|(i, (r, v))| {
            let mut row = vec![r.plan.cell.index.to_string()];
            row.extend(r.plan.swept.iter().map(|(_, v)| v.clone()));
            for (name, _) in &shown {
                let x = &v[column(name)];
                let interval = metrics::COLUMNS
                    .iter()
                    .position(|c| *c == format!("{name}_low"))
                    .map(|low| (&v[low], &v[low + 1]));
                row.push(match interval {
                    Some((low, high)) if !x.is_empty() => {
                        match (number(x), number(low), number(high)) {
                            (Some(x), Some(low), Some(high)) => {
                                percent_interval(x, Some((low, high)))
                            }
                            _ => x.clone(),
                        }
                    }
                    _ => short(x),
                });
            }
            let mut marks = Vec::new();
            if balanced == Some(i) {
                marks.push("most balanced");
            }
            if decisive == Some(i) {
                marks.push("most decisive");
            }
            row.push(marks.join(", "));
            row
        })
        .collect();
    (header, rows)
}

/// A figure of metrics.csv to three significant figures, for reading.
fn short(x: &str) -> String {
    x.parse::<f64>().map_or_else(|_| x.to_string(), significant)
}
