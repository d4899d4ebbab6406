//! standings.svg: a tournament's ratings, one row per policy from the
//! best down, each Elo a dot on its 95% interval, the anchor's zero marked.

use plotters::prelude::*;

use crate::reports::charts::frame::{self, GREY, colour};
use crate::reports::standings::Standing;

/// The longest policy name written whole; longer ones (a script's path
/// with many parameters) lose their middle.
const LONGEST_NAME: usize = 120;

/// The chart: `names[i]` is policy i's name; `title` heads it. The label
/// column grows with the longest name (issue #33: `cap~set` was cut at 40
/// characters), the plot keeping its width beside it.
pub fn svg(title: &str, names: &[String], standings: &[Standing]) -> std::io::Result<String> {
    let rows = standings.len().max(1);
    let height = 90 + 34 * rows as u32;
    let finite = |x: f64| x.is_finite().then_some(x);
    let (lo, hi) = standings
        .iter()
        .flat_map(|s| [s.rating.low, s.rating.high, s.rating.elo])
        .filter_map(finite)
        .chain([0.0])
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    let pad = ((hi - lo) * 0.08).max(20.0);
    let (x0, x1) = (lo - pad, hi + pad);
    let label_width = names
        .iter()
        .map(|n| n.chars().count().min(LONGEST_NAME))
        .max()
        .unwrap_or(8) as u32
        * 7
        + 20;
    let width = 580 + label_width.max(280);
    let title = frame::Title::fit(
        title,
        "Elo per policy (Bradley-Terry, the anchor at 0) with its 95% interval",
        width,
    );
    let top = title.height();
    frame::render(width, height + top - frame::TITLE_HEIGHT, |root| {
        title.draw(root)?;
        let plot = root.margin(top + 3, 10, 10, 20);
        let mut chart = ChartBuilder::on(&plot)
            .x_label_area_size(30)
            .y_label_area_size(label_width)
            .build_cartesian_2d(x0..x1, -0.5f64..(rows as f64 - 0.5))?;
        chart
            .configure_mesh()
            .disable_y_mesh()
            .y_labels(rows)
            .y_label_formatter(&|y| {
                let i = y.round() as i64;
                let row = rows as i64 - 1 - i;
                if (0..rows as i64).contains(&row) && (y - y.round()).abs() < 1e-6 {
                    frame::abbreviate(&names[standings[row as usize].policy], LONGEST_NAME)
                } else {
                    String::new()
                }
            })
            .x_desc("Elo")
            .label_style(frame::font(12))
            .draw()?;
        chart.draw_series(std::iter::once(PathElement::new(
            vec![(0.0, -0.5), (0.0, rows as f64 - 0.5)],
            GREY.stroke_width(1),
        )))?;
        for (row, s) in standings.iter().enumerate() {
            let y = (rows - 1 - row) as f64;
            let c = colour(row);
            let (a, b) = (
                finite(s.rating.low).unwrap_or(x0),
                finite(s.rating.high).unwrap_or(x1),
            );
            chart.draw_series(std::iter::once(PathElement::new(
                vec![(a, y), (b, y)],
                c.stroke_width(2),
            )))?;
            if let Some(e) = finite(s.rating.elo) {
                chart.draw_series(std::iter::once(Circle::new((e, y), 5, c.filled())))?;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reports::bradley_terry::Rating;

    /// A policy with a long name (a script and its parameters) is named
    /// whole, and the chart widens for it.
    #[test]
    fn long_policy_names_are_not_cut() {
        let long =
            "lua:scripts/rithmomachy/greedy.lua{cap=300, set=\"glorious\", depth=2}".to_string();
        let names = vec!["random".to_string(), long.clone()];
        let standings: Vec<Standing> = (0..2)
            .map(|p| Standing {
                policy: p,
                games: 10,
                wins: 5,
                draws: 0,
                losses: 5,
                rating: Rating {
                    elo: 10.0 * p as f64,
                    low: -50.0,
                    high: 60.0,
                },
                payoff_sum: 0,
                payoff_sq: 0,
                forfeits: 0,
            })
            .collect();
        let chart = svg("t", &names, &standings).unwrap();
        let shown = long.replace('"', "&quot;");
        assert!(chart.contains(&shown) || chart.contains(&long), "{chart}");
        assert!(!chart.contains('~'), "{chart}");
        let short = svg("t", &names[..1], &standings[..1]).unwrap();
        let width = |s: &str| {
            s.split("width=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
                .parse::<u32>()
                .unwrap()
        };
        assert!(width(&chart) > width(&short));
    }
}
