//! win-rates-N.svg: each seat's win rate in every cell of an entry, with
//! its 95% Wilson interval as an error bar, the draw rate where there are
//! draws, each cell's even share (one over its seats) for reference, and
//! the exact rates of the cells solved exactly as diamonds on the bars.

use plotters::prelude::*;

use crate::reports::charts::categories;
use crate::reports::charts::entry_group::EntryGroup;
use crate::reports::charts::frame::{GREY, LegendItem, Mark, colour};
use crate::reports::interval::wilson;

/// One series: a rate and its interval per cell (`None` where the cell
/// has no such seat), and its exact value where the cell is solved.
struct Series {
    item: LegendItem,
    points: Vec<Option<(f64, f64, f64)>>,
    exact: Vec<Option<f64>>,
}

/// A rate of `k` in `n` games with its Wilson interval.
fn rate(k: u64, n: u64) -> (f64, f64, f64) {
    let (lo, hi) = wilson(k, n);
    (k as f64 / n.max(1) as f64, lo, hi)
}

fn series(group: &EntryGroup) -> Vec<Series> {
    let cells = &group.finished;
    let seats = cells.iter().map(|r| r.tally.players).max().unwrap_or(0);
    let mut out: Vec<Series> = (0..seats)
        .map(|s| Series {
            item: LegendItem {
                label: group.seat_name(s),
                colour: colour(s),
                mark: Mark::Line,
            },
            points: cells
                .iter()
                .map(|r| (s < r.tally.players).then(|| rate(r.tally.wins[s], r.tally.games)))
                .collect(),
            exact: cells
                .iter()
                .map(|r| r.plan.exact().and_then(|e| e.get(s)).map(|o| o.win))
                .collect(),
        })
        .collect();
    let drawn = |r: &crate::reports::cell_result::CellResult| {
        let t = &r.tally;
        t.games - t.wins[..t.players].iter().sum::<u64>()
    };
    if cells.iter().any(|r| drawn(r) > 0) {
        out.push(Series {
            item: LegendItem {
                label: "draw".to_string(),
                colour: GREY,
                mark: Mark::Line,
            },
            points: cells
                .iter()
                .map(|r| Some(rate(drawn(r), r.tally.games)))
                .collect(),
            // A game no seat wins alone, as `drawn` counts it.
            exact: cells
                .iter()
                .map(|r| {
                    let e = r.plan.exact()?;
                    Some((1.0 - e.iter().map(|o| o.win).sum::<f64>()).max(0.0))
                })
                .collect(),
        });
    }
    out
}

/// The y range: centred on the even share (their mean, where a sweep
/// changes the seats), wide enough for every interval and exact value,
/// padded, and at least 25 points either side, on a 5% grid: a split of
/// 47 to 53 reads as the near-even split it is, not as a chasm.
fn y_range(series: &[Series], even: &[f64]) -> (f64, f64) {
    let values = series
        .iter()
        .flat_map(|s| s.points.iter().flatten().flat_map(|&(_, lo, hi)| [lo, hi]))
        .chain(
            series
                .iter()
                .flat_map(|s| s.exact.iter().flatten().copied()),
        )
        .chain(even.iter().copied());
    let (lo, hi) = values.fold((1.0f64, 0.0f64), |(a, b), v| (a.min(v), b.max(v)));
    if lo > hi {
        return (0.0, 1.0);
    }
    let centre = if even.is_empty() {
        0.5
    } else {
        even.iter().sum::<f64>() / even.len() as f64
    };
    let half = ((centre - lo).max(hi - centre) + 0.03).max(0.25);
    let lo = ((centre - half) * 20.0).floor() / 20.0;
    let hi = ((centre + half) * 20.0).ceil() / 20.0;
    (lo.max(0.0), hi.min(1.0))
}

/// The chart of a group with at least one finished cell.
pub fn svg(group: &EntryGroup) -> std::io::Result<String> {
    let cells = &group.finished;
    let series = series(group);
    let even: Vec<f64> = cells
        .iter()
        .map(|r| 1.0 / r.tally.players.max(1) as f64)
        .collect();
    let mut items: Vec<LegendItem> = series.iter().map(|s| s.item.clone()).collect();
    items.push(LegendItem {
        label: "even share (1 / seats)".to_string(),
        colour: GREY,
        mark: Mark::Dashed,
    });
    let solved = series.iter().any(|s| s.exact.iter().any(Option::is_some));
    if solved {
        items.push(categories::exact_legend());
    }
    let (y0, y1) = y_range(&series, &even);
    let games: Vec<u64> = cells.iter().map(|r| r.tally.games).collect();
    let what = format!(
        "Win rate per seat with its 95% Wilson interval ({} games per cell){}{}",
        games_text(&games),
        if solved {
            ", the exact rate where solved"
        } else {
            ""
        },
        group.shown_note()
    );
    let shares = categories::Shares {
        what: &what,
        items: &items,
        y: y0..y1,
        y_desc: "share of games",
        y_label: crate::reports::charts::frame::percent,
    };
    categories::render_shares(group, shares, |chart, slot| {
        // Dashes of about 8 pixels with gaps as long, whatever the slot's width.
        let dashes = (slot / 16).max(2);
        let dash = 0.8 / f64::from(dashes);
        for (i, e) in even.iter().enumerate() {
            let x = i as f64 - 0.4;
            chart.draw_series((0..dashes).map(|k| {
                let a = x + dash * f64::from(k);
                PathElement::new(vec![(a, *e), (a + dash / 2.0, *e)], GREY.stroke_width(1))
            }))?;
        }
        let rates: Vec<_> = series
            .iter()
            .map(|s| (s.item.colour, s.points.as_slice()))
            .collect();
        categories::draw_rates(chart, &rates, 0.12)?;
        let exact: Vec<_> = series
            .iter()
            .map(|s| (s.item.colour, s.exact.as_slice()))
            .collect();
        categories::draw_exact(chart, &exact, 0.12)
    })
}

/// The cells' game counts as a title says them: `2,000` or `50 to 2,000`.
fn games_text(games: &[u64]) -> String {
    use crate::reports::table::thousands;
    let lo = games.iter().min().copied().unwrap_or(0);
    let hi = games.iter().max().copied().unwrap_or(0);
    if lo == hi {
        thousands(lo)
    } else {
        format!("{} to {}", thousands(lo), thousands(hi))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seat(points: &[(f64, f64, f64)]) -> Series {
        Series {
            item: LegendItem {
                label: "seat".to_string(),
                colour: colour(0),
                mark: Mark::Dot,
            },
            points: points.iter().copied().map(Some).collect(),
            exact: Vec::new(),
        }
    }

    #[test]
    fn a_near_even_split_sits_mid_axis_on_a_wide_range() {
        let s = [seat(&[(0.47, 0.44, 0.50)]), seat(&[(0.53, 0.50, 0.56)])];
        assert_eq!(y_range(&s, &[0.5]), (0.25, 0.75));
        // A wide gap widens the range about the even share.
        let s = [seat(&[(0.9, 0.86, 0.93)]), seat(&[(0.1, 0.07, 0.14)])];
        assert_eq!(y_range(&s, &[0.5]), (0.0, 1.0));
        // Three seats centre on a third.
        let s = [seat(&[(0.3, 0.28, 0.36)])];
        let (lo, hi) = y_range(&s, &[1.0 / 3.0]);
        assert!(lo <= 0.1 && (0.55..=0.6).contains(&hi), "{lo} {hi}");
    }
}
