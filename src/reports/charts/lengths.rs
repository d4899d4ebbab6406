//! lengths-N.svg: how long the games of each cell of an entry were, as
//! the share of games per length bin (left) and as the cumulative share
//! (right), one line per cell, so that many cells can overlap and still
//! be told apart.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::core::outcome::CAP;
use crate::runner::drive::MAX_PLIES;
use crate::runner::tally::Tally;

use crate::reports::charts::entry_group::EntryGroup;
use crate::reports::charts::frame::{self, Layout, LegendItem, Mark, colour, percent};

/// The most bins a chart draws per cell: dice games (1-30 throws) keep
/// one bin per length, Rithmomachy (up to 1000 plies and more) is
/// grouped, and the SVG stays small however long the games.
pub const MAX_BINS: usize = 60;

/// The width of each of the two plots.
const PLOT_WIDTH: u32 = 520;

/// Lengths grouped into bins of equal width: bin `k` holds the lengths
/// `start + k * width ..= start + (k + 1) * width - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bins {
    /// The first length of the first bin, a multiple of `width`.
    pub start: usize,
    /// Lengths per bin: 1, 2 or 5 times a power of ten.
    pub width: usize,
    /// Bins.
    pub count: usize,
}

impl Bins {
    /// The narrowest bins of a round width that cover `lo..=hi` in at
    /// most `max_bins` bins.
    pub fn covering(lo: usize, hi: usize, max_bins: usize) -> Bins {
        let hi = hi.max(lo);
        let mut scale = 1usize;
        loop {
            for step in [1, 2, 5] {
                let width = step * scale;
                let start = lo - lo % width;
                let count = (hi - start) / width + 1;
                if count <= max_bins.max(1) {
                    return Bins {
                        start,
                        width,
                        count,
                    };
                }
            }
            scale *= 10;
        }
    }

    /// Games per bin, from `lengths[n]` = games of length `n`.
    pub fn counts(&self, lengths: &[u64]) -> Vec<u64> {
        let mut out = vec![0; self.count];
        for (len, &c) in lengths.iter().enumerate().skip(self.start) {
            if let Some(slot) = out.get_mut((len - self.start) / self.width) {
                *slot += c;
            }
        }
        out
    }

    /// The middle of bin `k`, where its share is drawn.
    pub fn middle(&self, k: usize) -> f64 {
        (self.start + k * self.width) as f64 + (self.width - 1) as f64 / 2.0
    }

    /// The last length of bin `k`.
    pub fn last(&self, k: usize) -> usize {
        self.start + (k + 1) * self.width - 1
    }
}

/// The bins of every finished cell of a group: one set for all, so their
/// lines compare.
fn bins(group: &EntryGroup) -> Bins {
    let first = |l: &[u64]| l.iter().position(|&c| c > 0);
    let last = |l: &[u64]| l.iter().rposition(|&c| c > 0);
    let lengths = group.finished.iter().map(|r| r.tally.lengths.as_slice());
    let lo = lengths.clone().filter_map(first).min().unwrap_or(0);
    let hi = lengths.filter_map(last).max().unwrap_or(0);
    Bins::covering(lo, hi, MAX_BINS)
}

/// The bin of the games a cap or `max_plies` stopped, if any were: the
/// bin of the cell's longest game, where they all end.
fn capped_bin(bins: &Bins, t: &Tally) -> Option<usize> {
    if t.ended_by(MAX_PLIES) + t.ended_by(CAP) == 0 {
        return None;
    }
    let longest = t.lengths.iter().rposition(|&c| c > 0)?;
    longest
        .checked_sub(bins.start)
        .map(|d| d / bins.width)
        .filter(|&k| k < bins.count)
}

/// The chart of a group with at least one finished cell.
pub fn svg(group: &EntryGroup) -> std::io::Result<String> {
    let cells = &group.finished;
    let bins = bins(group);
    let unit = group.length_unit();
    let shares: Vec<Vec<f64>> = cells
        .iter()
        .map(|r| {
            let n = r.tally.games.max(1) as f64;
            bins.counts(&r.tally.lengths)
                .iter()
                .map(|&c| c as f64 / n)
                .collect()
        })
        .collect();
    let items: Vec<LegendItem> = cells
        .iter()
        .enumerate()
        .map(|(i, r)| LegendItem {
            label: EntryGroup::legend_name(&r.plan),
            colour: colour(i),
            mark: Mark::Line,
        })
        .collect();
    let per_bin = if bins.width == 1 {
        "per length".to_string()
    } else {
        format!("per bin of {} {unit}", bins.width)
    };
    let what = format!(
        "Game length in {unit}: share of games {per_bin} (left), cumulative share (right){}",
        group.shown_note()
    );
    let x0 = bins.start as f64 - 1.0;
    let x1 = (bins.start + bins.count * bins.width) as f64;
    // Games stopped at a cap or at max_plies pile up in one bin, which
    // would flatten every other: the axis is scaled to the rest, and a
    // spike above it is drawn at the top edge with its share written.
    let spikes: Vec<Option<usize>> = cells.iter().map(|r| capped_bin(&bins, &r.tally)).collect();
    let body = shares
        .iter()
        .zip(&spikes)
        .flat_map(|(s, spike)| {
            s.iter()
                .enumerate()
                .filter(move |(k, _)| Some(*k) != *spike)
        })
        .fold(0.0f64, |a, (_, &b)| a.max(b));
    let highest = shares.iter().flatten().fold(0.0f64, |a, &b| a.max(b));
    let scale = if body > 0.0 { body } else { highest };
    let top = ((scale * 1.1 * 20.0).ceil() / 20.0).clamp(0.05, 1.0);
    let clipped = highest > top;
    let what = if clipped {
        format!("{what}; games stopped at the cap rise past the top, their share written there")
    } else {
        what
    };
    let dots = bins.count <= 40;
    let layout = Layout::new(PLOT_WIDTH, 2, 1, &items, (&group.heading(), &what));
    frame::render(layout.width(), layout.height, |root| {
        layout.title.draw(root)?;
        let (plot, legend) = layout.split(root);
        let (left, right) = plot.split_horizontally(layout.plot_width / 2);
        let length_label = |x: &f64| format!("{x:.0}");
        let mut hist = ChartBuilder::on(&left)
            .margin(12)
            .x_label_area_size(layout.x_label_area)
            .y_label_area_size(56)
            .build_cartesian_2d(x0..x1, 0.0..top)?;
        hist.configure_mesh()
            .x_label_formatter(&length_label)
            .y_label_formatter(&percent)
            .x_desc(format!("length ({unit})"))
            .y_desc(format!("share of games {per_bin}"))
            .label_style(frame::font(12))
            .max_light_lines(0)
            .axis_desc_style(frame::font(13))
            .draw()?;
        let mut cdf = ChartBuilder::on(&right)
            .margin(12)
            .x_label_area_size(layout.x_label_area)
            .y_label_area_size(56)
            .build_cartesian_2d(x0..x1, 0.0..1.0)?;
        cdf.configure_mesh()
            .x_label_formatter(&length_label)
            .y_label_formatter(&percent)
            .x_desc(format!("length ({unit})"))
            .y_desc("share of games at most that long")
            .label_style(frame::font(12))
            .max_light_lines(0)
            .axis_desc_style(frame::font(13))
            .draw()?;
        for (i, s) in shares.iter().enumerate() {
            let c = colour(i);
            let points: Vec<(f64, f64)> = s
                .iter()
                .enumerate()
                .map(|(k, &v)| (bins.middle(k), v.min(top)))
                .collect();
            hist.draw_series(LineSeries::new(points.iter().copied(), c.stroke_width(2)))?;
            for (k, &v) in s.iter().enumerate().filter(|&(_, &v)| v > top) {
                // One line per cell whose share at this bin passed the top.
                let row = shares[..i].iter().filter(|s| s[k] > top).count() as i32;
                let label = EmptyElement::at((bins.middle(k), top))
                    + Text::new(
                        format!("{} ↑", percent(&v)),
                        (-4, 2 + 14 * row),
                        frame::text_style(12, Pos::new(HPos::Right, VPos::Top)).color(&c),
                    );
                hist.draw_series(std::iter::once(label))?;
            }
            if dots {
                hist.draw_series(points.iter().map(|&p| Circle::new(p, 2, c.filled())))?;
            }
            let mut cum = 0.0;
            let steps = std::iter::once((x0, 0.0)).chain(s.iter().enumerate().map(|(k, &v)| {
                cum += v;
                (bins.last(k) as f64, cum)
            }));
            cdf.draw_series(LineSeries::new(steps, c.stroke_width(2)))?;
        }
        frame::legend(&legend, &items)?;
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_games_keep_one_bin_per_length() {
        let b = Bins::covering(1, 30, MAX_BINS);
        assert_eq!((b.start, b.width, b.count), (1, 1, 30));
        assert_eq!(b.middle(0), 1.0);
        assert_eq!(b.last(29), 30);
    }

    #[test]
    fn long_games_are_grouped_into_round_bins_that_cover_them() {
        let b = Bins::covering(37, 1000, MAX_BINS);
        assert_eq!(b.width, 20);
        assert_eq!(b.start, 20);
        assert!(b.count <= MAX_BINS);
        assert!(b.last(b.count - 1) >= 1000);
        let b = Bins::covering(0, 123_456, MAX_BINS);
        assert_eq!(b.width, 5000);
        assert!(b.count <= MAX_BINS && b.last(b.count - 1) >= 123_456);
    }

    #[test]
    fn binned_counts_keep_every_game() {
        let mut lengths = vec![0u64; 1001];
        for (n, c) in lengths.iter_mut().enumerate().skip(40) {
            *c = (n % 7) as u64;
        }
        let b = Bins::covering(40, 1000, MAX_BINS);
        let counts = b.counts(&lengths);
        assert_eq!(counts.len(), b.count);
        assert_eq!(counts.iter().sum::<u64>(), lengths.iter().sum::<u64>());
        // The first bin holds lengths 40..=59 when bins are 20 wide.
        assert_eq!(
            counts[(40 - b.start) / b.width],
            lengths[40..60].iter().sum::<u64>()
        );
    }

    #[test]
    fn one_length_makes_one_bin() {
        let b = Bins::covering(7, 7, MAX_BINS);
        assert_eq!((b.start, b.width, b.count), (7, 1, 1));
        assert_eq!(b.counts(&[0, 0, 0, 0, 0, 0, 0, 5]), vec![5]);
    }
}
