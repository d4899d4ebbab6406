//! payoffs-N.svg: each seat's mean payoff per game in every cell of an
//! entry, with its 95% interval (the mean ± 1.96 standard errors), the
//! exact payoff of the cells solved exactly as diamonds on the bars, and
//! the line of no gain. In a money game this is what a strategy is judged by: the win
//! rates may point the other way (Half Hazard's `threshold:1` wins more
//! games than `threshold:3` and loses money to it).

use plotters::prelude::*;

use crate::reports::charts::categories;
use crate::reports::charts::entry_group::EntryGroup;
use crate::reports::charts::frame::{GREY, LegendItem, Mark, colour};
use crate::reports::payoff::PayoffStats;

/// Whether any seat of the group's cells gained or lost anything.
pub fn has_money(group: &EntryGroup) -> bool {
    group
        .finished
        .iter()
        .any(|r| r.tally.payoff_sq[..r.tally.players].iter().any(|&q| q > 0))
}

/// A payoff axis label: as many decimals as a small range needs.
fn amount(x: &f64) -> String {
    let text = format!("{x:.2}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The chart of a group with at least one finished cell.
pub fn svg(group: &EntryGroup) -> std::io::Result<String> {
    let cells = &group.finished;
    let seats = cells.iter().map(|r| r.tally.players).max().unwrap_or(0);
    let points: Vec<Vec<Option<(f64, f64, f64)>>> = (0..seats)
        .map(|s| {
            cells
                .iter()
                .map(|r| {
                    let t = &r.tally;
                    (s < t.players).then(|| {
                        let p = PayoffStats::new(t.payoff_sum[s], t.payoff_sq[s], t.games);
                        let (low, high) = p.interval95();
                        (p.mean, low, high)
                    })
                })
                .collect()
        })
        .collect();
    let exact: Vec<Vec<Option<f64>>> = (0..seats)
        .map(|s| {
            cells
                .iter()
                .map(|r| r.plan.exact().and_then(|e| e.get(s)).map(|o| o.payoff))
                .collect()
        })
        .collect();
    let solved = exact.iter().flatten().any(Option::is_some);
    let mut items: Vec<LegendItem> = (0..seats)
        .map(|s| LegendItem {
            label: group.seat_name(s),
            colour: colour(s),
            mark: Mark::Line,
        })
        .collect();
    items.push(LegendItem {
        label: "no gain (0)".to_string(),
        colour: GREY,
        mark: Mark::Line,
    });
    if solved {
        items.push(categories::exact_legend());
    }
    let (lo, hi) = points
        .iter()
        .flatten()
        .flatten()
        .flat_map(|&(_, l, h)| [l, h])
        .chain(exact.iter().flatten().flatten().copied())
        .fold((0.0f64, 0.0f64), |(a, b), v| (a.min(v), b.max(v)));
    let pad = ((hi - lo) * 0.08).max(1e-3);
    let what = format!(
        "Mean payoff per game per seat with its 95% interval{}{}",
        if solved {
            ", the exact payoff where solved"
        } else {
            ""
        },
        group.shown_note()
    );
    let shares = categories::Shares {
        what: &what,
        items: &items,
        y: (lo - pad)..(hi + pad),
        y_desc: "payoff per game",
        y_label: amount,
    };
    categories::render_shares(group, shares, |chart, _| {
        let n = cells.len() as f64;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(-0.5, 0.0), (n - 0.5, 0.0)],
            GREY.stroke_width(1),
        )))?;
        let series: Vec<_> = points
            .iter()
            .enumerate()
            .map(|(s, p)| (colour(s), p.as_slice()))
            .collect();
        categories::draw_rates(chart, &series, 0.12)?;
        let exact: Vec<_> = exact
            .iter()
            .enumerate()
            .map(|(s, e)| (colour(s), e.as_slice()))
            .collect();
        categories::draw_exact(chart, &exact, 0.12)
    })
}
