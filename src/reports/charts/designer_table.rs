//! The designer's table of index.html: an entry's cells side by side on
//! the metrics that judge a rule set (balance, the first mover's edge,
//! completion, drawishness, real choices; drama and the lead where
//! measured), each cell's settings written
//! out, the most balanced and the most decisive marked. Its figures are
//! metrics.csv's, made by the same function.

use crate::reports::cell_result::CellResult;
use crate::reports::metrics;
use crate::reports::table::cell_settings;

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
    let number = |row: &[String], name: &str| row[column(name)].parse::<f64>().ok();
    // The best cell by a metric, if there are two cells to compare and one
    // is ahead of every other.
    let best = |name: &str| -> Option<usize> {
        if values.len() < 2 {
            return None;
        }
        let scored: Vec<(usize, f64)> = values
            .iter()
            .enumerate()
            .filter_map(|(i, r)| number(r, name).map(|x| (i, x)))
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
    let mut header = vec!["cell".to_string(), "settings".to_string()];
    header.extend(shown.iter().map(|(_, title)| title.to_string()));
    header.push("marked".to_string());
    let rows = cells
        .iter()
        .zip(&values)
        .enumerate()
        .map(|(i, (r, v))| {
            let settings = cell_settings(&r.plan);
            let mut row = vec![
                r.plan.cell.index.to_string(),
                if settings.is_empty() {
                    "defaults".to_string()
                } else {
                    settings.join(" ")
                },
            ];
            for (name, _) in &shown {
                let x = &v[column(name)];
                let interval = metrics::COLUMNS
                    .iter()
                    .position(|c| *c == format!("{name}_low"))
                    .map(|low| (&v[low], &v[low + 1]));
                row.push(match interval {
                    Some((low, high)) if !x.is_empty() => {
                        format!("{} ({}-{})", short(x), short(low), short(high))
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

/// A figure of metrics.csv to three decimals, for reading.
fn short(x: &str) -> String {
    x.parse::<f64>()
        .map_or_else(|_| x.to_string(), |v| format!("{v:.3}"))
}
