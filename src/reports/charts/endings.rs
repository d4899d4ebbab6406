//! endings-N.svg: per cell of an entry, the share of its games that ended
//! by each reason, stacked to 100%; split by winner (`glorious (white)`)
//! while that keeps the legend short.

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use crate::reports::charts::categories;
use crate::reports::charts::entry_group::EntryGroup;
use crate::reports::charts::frame::{self, LegendItem, Mark, colour, lighten};

/// The most categories that a split by winner may make; past it the
/// chart shows reasons only.
pub const MAX_SPLIT: usize = 12;

/// The smallest share that gets its percentage written on its box.
const LABELLED_SHARE: f64 = 0.06;

/// A band of the stacked bars: a reason, and a winner when split.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Category {
    reason: &'static str,
    /// `None`: every winner together; `Some(None)`: draws; `Some(Some(s))`: seat `s` won.
    winner: Option<Option<usize>>,
}

/// The categories of a group's cells, in the order of endings.csv
/// (reason, then winning seat, draws last).
fn categories(group: &EntryGroup) -> Vec<Category> {
    let mut pairs: Vec<(&'static str, Option<usize>)> = group
        .finished
        .iter()
        .flat_map(|r| r.tally.endings.iter().map(|e| (e.reason, e.winner)))
        .collect();
    pairs.sort_by_key(|&(reason, winner)| (reason, winner.is_none(), winner));
    pairs.dedup();
    if pairs.len() <= MAX_SPLIT {
        pairs
            .into_iter()
            .map(|(reason, w)| Category {
                reason,
                winner: Some(w),
            })
            .collect()
    } else {
        let mut reasons: Vec<&'static str> = pairs.into_iter().map(|(r, _)| r).collect();
        reasons.dedup();
        reasons
            .into_iter()
            .map(|reason| Category {
                reason,
                winner: None,
            })
            .collect()
    }
}

impl Category {
    fn label(&self, group: &EntryGroup) -> String {
        match self.winner {
            None => self.reason.to_string(),
            Some(None) => format!("{} (draw)", self.reason),
            Some(Some(s)) => match group.game.side_name(s) {
                Some(side) => format!("{} ({side})", self.reason),
                None => format!("{} (seat {})", self.reason, s + 1),
            },
        }
    }

    /// Games of a cell in this category.
    fn count(&self, endings: &[crate::runner::tally::Ending]) -> u64 {
        endings
            .iter()
            .filter(|e| e.reason == self.reason && self.winner.is_none_or(|w| w == e.winner))
            .map(|e| e.count)
            .sum()
    }
}

/// A colour per category: one hue per reason, lighter for each further
/// winner of that reason.
fn colours(cats: &[Category]) -> Vec<RGBColor> {
    let mut out = Vec::with_capacity(cats.len());
    let mut hue = 0;
    for (i, c) in cats.iter().enumerate() {
        if i > 0 && cats[i - 1].reason != c.reason {
            hue += 1;
        }
        let first = cats.iter().position(|d| d.reason == c.reason).unwrap_or(i);
        let same = cats.iter().filter(|d| d.reason == c.reason).count();
        out.push(lighten(colour(hue), 0.6 * (i - first) as f64 / same as f64));
    }
    out
}

/// Black or white, whichever reads better on `c`.
fn ink(c: RGBColor) -> RGBColor {
    let luma = 0.299 * f64::from(c.0) + 0.587 * f64::from(c.1) + 0.114 * f64::from(c.2);
    if luma > 140.0 { BLACK } else { WHITE }
}

/// The chart of a group with at least one finished cell.
pub fn svg(group: &EntryGroup) -> std::io::Result<String> {
    let cells = &group.finished;
    let cats = categories(group);
    let colours = colours(&cats);
    let items: Vec<LegendItem> = cats
        .iter()
        .zip(&colours)
        .map(|(c, &colour)| LegendItem {
            label: c.label(group),
            colour,
            mark: Mark::Box,
        })
        .collect();
    let what = if cats.iter().all(|c| c.winner.is_some()) {
        "How games ended: share of games by reason and winner"
    } else {
        "How games ended: share of games by reason"
    };
    let what = format!("{what}{}", group.shown_note());
    let shares = categories::Shares {
        what: &what,
        items: &items,
        y: 0.0..1.0,
        y_desc: "share of games",
        y_label: crate::reports::charts::frame::percent,
    };
    categories::render_shares(group, shares, |chart, slot| {
        // Bars at most 80 pixels wide, so that a lone cell's bar is no slab.
        let half = (40.0 / f64::from(slot.max(1))).min(0.35);
        let centre = Pos::new(HPos::Center, VPos::Center);
        for (i, r) in cells.iter().enumerate() {
            let x = i as f64;
            let games = r.tally.games.max(1) as f64;
            // The first category is the top band, as it is the top row of the legend.
            let mut top = 1.0;
            for (cat, &c) in cats.iter().zip(&colours) {
                let share = cat.count(&r.tally.endings) as f64 / games;
                if share <= 0.0 {
                    continue;
                }
                let bottom = (top - share).max(0.0);
                let corners = [(x - half, top), (x + half, bottom)];
                chart.draw_series([
                    Rectangle::new(corners, c.filled()),
                    Rectangle::new(corners, WHITE.stroke_width(1)),
                ])?;
                if share >= LABELLED_SHARE && slot >= 40 {
                    chart.draw_series(std::iter::once(Text::new(
                        format!("{:.0}%", 100.0 * share),
                        (x, (top + bottom) / 2.0),
                        frame::text_style(11, centre).color(&ink(c)),
                    )))?;
                }
                top = bottom;
            }
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ink_is_white_on_dark_and_black_on_light() {
        assert_eq!(ink(RGBColor(0x4e, 0x79, 0xa7)), WHITE);
        assert_eq!(ink(lighten(RGBColor(0x4e, 0x79, 0xa7), 0.6)), BLACK);
    }

    #[test]
    fn later_winners_of_a_reason_get_lighter_shades_of_its_hue() {
        let cat = |reason, winner| Category {
            reason,
            winner: Some(winner),
        };
        let cats = [cat("a", Some(0)), cat("a", None), cat("b", Some(1))];
        let c = colours(&cats);
        assert_eq!(c[0], colour(0));
        assert_eq!(c[1], lighten(colour(0), 0.3));
        assert_eq!(c[2], colour(1));
    }
}
