//! The category axis of an entry's charts: one slot per finished cell,
//! cell `i` centred on `x = i`, and its labels drawn under the plot.

use std::ops::Range;

use plotters::coord::ranged1d::{DefaultFormatting, KeyPointHint, Ranged};
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use plotters::coord::types::RangedCoordf64;

use crate::reports::charts::entry_group::EntryGroup;
use crate::reports::charts::frame::{
    self, Area, Drawn, Layout, LegendItem, abbreviate, chars_in, text_style,
};

/// A chart of shares of games over an entry's cells.
pub type ShareChart<'a, 'b> =
    ChartContext<'b, SVGBackend<'a>, Cartesian2d<Categories, RangedCoordf64>>;

/// `n` categories on an `f64` axis from `-0.5` to `n - 0.5`, with a tick
/// at each whole number: series may sit beside the middle of a slot,
/// which a segmented integer axis does not allow.
#[derive(Clone, Copy, Debug)]
pub struct Categories {
    /// How many.
    pub n: usize,
}

impl Ranged for Categories {
    type FormatOption = DefaultFormatting;
    type ValueType = f64;

    fn map(&self, value: &f64, limit: (i32, i32)) -> i32 {
        let span = f64::from(limit.1 - limit.0);
        let t = (value + 0.5) / self.n.max(1) as f64;
        limit.0 + (span * t).round() as i32
    }

    fn key_points<Hint: KeyPointHint>(&self, _hint: Hint) -> Vec<f64> {
        (0..self.n).map(|i| i as f64).collect()
    }

    fn range(&self) -> Range<f64> {
        -0.5..self.n as f64 - 0.5
    }
}

/// The layout of a chart of one plot over the categories `ticks`, labelled
/// in as many lines as the longest label has, with a legend of `items`
/// and the title block `title` (heading, what the chart shows).
pub fn layout(ticks: &[Vec<String>], items: &[LegendItem], title: (&str, &str)) -> Layout {
    let lines = ticks.iter().map(Vec::len).max().unwrap_or(1);
    Layout::new(frame::category_width(ticks.len()), 1, lines, items, title)
}

/// What an entry's chart of shares is drawn with besides its cells: the
/// line under its heading, its legend, the range of its y axis and that
/// axis's name.
pub struct Shares<'s> {
    /// What the chart shows, under the entry's heading.
    pub what: &'s str,
    /// The legend's items.
    pub items: &'s [LegendItem],
    /// The y range: within 0..1 for shares.
    pub y: Range<f64>,
    /// The y axis's name.
    pub y_desc: &'s str,
    /// How a y value is labelled ([`frame::percent`] for shares).
    pub y_label: fn(&f64) -> String,
}

/// An entry's chart of shares as SVG: the title block, the plot of `s.y`
/// over the cells of `group` with its grid, axes and cell labels, what
/// `draw` puts on it (given the chart and the width of a cell's slot in
/// pixels), and the legend.
pub fn render_shares(
    group: &EntryGroup,
    s: Shares,
    draw: impl FnOnce(&mut ShareChart, u32) -> Drawn,
) -> std::io::Result<String> {
    let ticks = group.ticks();
    let layout = layout(&ticks, s.items, (&group.heading(), s.what));
    frame::render(layout.width(), layout.height, |root| {
        layout.title.draw(root)?;
        let (plot, legend) = layout.split(root);
        let y0 = s.y.start;
        let mut chart = ChartBuilder::on(&plot)
            .margin(12)
            .margin_right(24)
            .x_label_area_size(layout.x_label_area)
            .y_label_area_size(56)
            .build_cartesian_2d(Categories { n: ticks.len() }, s.y)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_label_formatter(&|_| String::new())
            .y_label_formatter(&s.y_label)
            .x_desc(group.axis_name())
            .y_desc(s.y_desc)
            .label_style(frame::font(12))
            .max_light_lines(0)
            .axis_desc_style(frame::font(13))
            .draw()?;
        let slot =
            (chart.backend_coord(&(1.0, y0)).0 - chart.backend_coord(&(0.0, y0)).0).unsigned_abs();
        labels(root, &ticks, slot, |i| chart.backend_coord(&(i as f64, y0)))?;
        draw(&mut chart, slot)?;
        frame::legend(&legend, s.items)
    })
}

/// A rate per cell with its interval, `(rate, low, high)`; `None` where
/// the cell has none.
pub type RatePoints = [Option<(f64, f64, f64)>];

/// Draws series of rates with their intervals as error bars joined by a
/// line, each series in its colour and shifted within a cell's slot (by
/// at most `widest` of a slot between neighbours) so that their bars do
/// not hide each other.
pub fn draw_rates(
    chart: &mut ShareChart,
    series: &[(RGBColor, &RatePoints)],
    widest: f64,
) -> Result<(), Box<dyn std::error::Error>> {
    for (k, &(c, points)) in series.iter().enumerate() {
        let dx = shift(k, series.len(), widest);
        let shown: Vec<(f64, f64, f64, f64)> = points
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|(r, lo, hi)| (i as f64 + dx, r, lo, hi)))
            .collect();
        if shown.len() > 1 {
            chart.draw_series(LineSeries::new(
                shown.iter().map(|&(x, r, _, _)| (x, r)),
                c.mix(0.6).stroke_width(1),
            ))?;
        }
        chart.draw_series(shown.iter().map(|&(x, r, lo, hi)| {
            ErrorBar::new_vertical(x, lo, r, hi, c.filled().stroke_width(2), 8)
        }))?;
    }
    Ok(())
}

/// Where series `k` of `n` sits in a cell's slot, from its middle: the
/// series side by side, at most `widest` of a slot apart.
fn shift(k: usize, n: usize, widest: f64) -> f64 {
    let step = (0.5 / n.max(1) as f64).min(widest);
    (k as f64 - (n.max(1) - 1) as f64 / 2.0) * step
}

/// An exact value per cell; `None` where the cell is not solved.
pub type ExactPoints = [Option<f64>];

/// Draws the exact value of each solved cell as a diamond on series `k`'s
/// bar (shifted as [`draw_rates`] shifts it, of `series` in all), in the
/// series' colour with a dark edge, so that it shows on the bar: where it
/// lies in the interval is how far the estimate lies from the truth.
pub fn draw_exact(
    chart: &mut ShareChart,
    series: &[(RGBColor, &ExactPoints)],
    widest: f64,
) -> Result<(), Box<dyn std::error::Error>> {
    for (k, &(c, points)) in series.iter().enumerate() {
        let dx = shift(k, series.len(), widest);
        let at: Vec<(f64, f64)> = points
            .iter()
            .enumerate()
            .filter_map(|(i, v)| v.map(|v| (i as f64 + dx, v)))
            .collect();
        chart
            .draw_series(at.iter().map(|&p| {
                EmptyElement::at(p) + Polygon::new(EXACT_DIAMOND.to_vec(), c.filled())
            }))?;
        chart.draw_series(at.iter().map(|&p| {
            EmptyElement::at(p) + PathElement::new(EXACT_EDGE.to_vec(), BLACK.stroke_width(1))
        }))?;
    }
    Ok(())
}

/// The legend row of [`draw_exact`]'s diamonds.
pub fn exact_legend() -> LegendItem {
    LegendItem {
        label: "exact".to_string(),
        colour: frame::GREY,
        mark: frame::Mark::Diamond,
    }
}

/// The diamond of an exact value, in pixels about its point.
const EXACT_DIAMOND: [(i32, i32); 4] = [(0, -6), (6, 0), (0, 6), (-6, 0)];

/// Its edge, closed.
const EXACT_EDGE: [(i32, i32); 5] = [(0, -6), (6, 0), (0, 6), (-6, 0), (0, -6)];

/// Draws category labels under a plot: `lines[i]` under `x = i`, one
/// text per line, each cut to the slot's width. `at(i)` gives the pixel
/// (in `root`'s coordinates) of the bottom of the plot under category `i`.
pub fn labels(
    root: &Area,
    lines: &[Vec<String>],
    slot_px: u32,
    at: impl Fn(usize) -> (i32, i32),
) -> Drawn {
    let fit = chars_in(slot_px.saturating_sub(6)).max(4);
    let top = Pos::new(HPos::Center, VPos::Top);
    for (i, cell) in lines.iter().enumerate() {
        let (x, y) = at(i);
        for (k, line) in cell.iter().enumerate() {
            root.draw(&Text::new(
                abbreviate(line, fit),
                (x, y + 8 + 15 * k as i32),
                text_style(12, top),
            ))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_category_sits_in_the_middle_of_its_slot() {
        let c = Categories { n: 4 };
        assert_eq!(c.map(&-0.5, (100, 500)), 100);
        assert_eq!(c.map(&0.0, (100, 500)), 150);
        assert_eq!(c.map(&3.0, (100, 500)), 450);
        assert_eq!(c.map(&3.5, (100, 500)), 500);
        assert_eq!(c.key_points(4usize), vec![0.0, 1.0, 2.0, 3.0]);
    }
}
