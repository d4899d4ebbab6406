//! What every chart shares: the SVG canvas, the two-line title, the legend
//! beside the plot, the category axis of an entry's cells, the colours.
//!
//! Text is left to the SVG viewer's sans-serif font: plotters is built
//! without its font features, so it only estimates text widths, and the
//! sizes here leave room for that estimate to be rough.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// What a drawing step returns; plotters' errors are turned into
/// `std::io::Error` once, in [`render`].
pub type Drawn = Result<(), Box<dyn std::error::Error>>;

/// A drawing area on the SVG canvas.
pub type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

/// The font family of every text.
pub const FONT: &str = "sans-serif";

/// Height of the title block at the top of every chart.
pub const TITLE_HEIGHT: u32 = 52;

/// The least width of a plot over cells, in pixels: room for the title.
const MIN_CATEGORY_WIDTH: u32 = 440;

/// The width of one cell on a category axis, in pixels.
const SLOT_WIDTH: u32 = 76;

/// The width of a plot of `n` cells side by side.
pub fn category_width(n: usize) -> u32 {
    (n as u32 * SLOT_WIDTH).max(MIN_CATEGORY_WIDTH)
}

/// The plot's height below the title, before its axis labels.
pub const PLOT_HEIGHT: u32 = 380;

/// One legend row's height.
const LEGEND_ROW: u32 = 18;

/// Pixels per character of 12px text, generously: the widest a label is
/// allowed to be is worked out from it.
const CHAR_WIDTH: f64 = 7.0;

/// Ten colours that stay apart on screen and in print (Tableau 10).
const PALETTE: [RGBColor; 10] = [
    RGBColor(0x4e, 0x79, 0xa7),
    RGBColor(0xf2, 0x8e, 0x2b),
    RGBColor(0xe1, 0x57, 0x59),
    RGBColor(0x76, 0xb7, 0xb2),
    RGBColor(0x59, 0xa1, 0x4f),
    RGBColor(0xed, 0xc9, 0x48),
    RGBColor(0xb0, 0x7a, 0xa1),
    RGBColor(0xff, 0x9d, 0xa7),
    RGBColor(0x9c, 0x75, 0x5f),
    RGBColor(0xba, 0xb0, 0xac),
];

/// The grey of draws and reference lines.
pub const GREY: RGBColor = RGBColor(0x70, 0x70, 0x70);

/// The `i`-th series colour; after ten they repeat.
pub fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// `c` mixed with white: `t = 0` is `c`, `t = 1` white.
pub fn lighten(c: RGBColor, t: f64) -> RGBColor {
    let mix = |v: u8| (f64::from(v) + (255.0 - f64::from(v)) * t).round() as u8;
    RGBColor(mix(c.0), mix(c.1), mix(c.2))
}

/// `text` cut to at most `max` characters, the middle replaced by `~`,
/// so that both the start and the end of a long label stay readable.
pub fn abbreviate(text: &str, max: usize) -> String {
    let chars: Vec<char> = text.chars().collect();
    if chars.len() <= max || max < 3 {
        return text.to_string();
    }
    let head = (max - 1).div_ceil(2);
    let tail = max - 1 - head;
    let mut s: String = chars[..head].iter().collect();
    s.push('~');
    s.extend(&chars[chars.len() - tail..]);
    s
}

/// The characters that fit in `px` pixels of 12px text.
pub fn chars_in(px: u32) -> usize {
    (f64::from(px) / CHAR_WIDTH).floor() as usize
}

/// plotters' SVG backend writes a font's size divided by this.
const SVG_FONT_SHRINK: f64 = 1.24;

/// The font of `px`-pixel text in the SVG.
pub fn font(px: u32) -> FontDesc<'static> {
    (FONT, f64::from(px) * SVG_FONT_SHRINK).into_font()
}

/// A text style of `px` pixels, anchored at `pos`.
pub fn text_style(px: u32, pos: Pos) -> TextStyle<'static> {
    TextStyle::from(font(px)).pos(pos)
}

/// Draws an SVG of `width` by `height` pixels on a white ground.
pub fn render(
    width: u32,
    height: u32,
    draw: impl FnOnce(&Area) -> Drawn,
) -> std::io::Result<String> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (width, height)).into_drawing_area();
        let drawn = root
            .fill(&WHITE)
            .map_err(Into::into)
            .and_then(|()| draw(&root))
            .and_then(|()| root.present().map_err(Into::into));
        drawn.map_err(|e| std::io::Error::other(format!("cannot draw a chart: {e}")))?;
    }
    Ok(svg)
}

/// The width of a character of the bold 15px heading, in pixels, erring
/// wide: the title wraps by this estimate, and a line that ran past the
/// canvas would be cut off by the viewer.
const HEADING_CHAR: f64 = 10.0;

/// The same for the 13px line under it.
const WHAT_CHAR: f64 = 8.0;

/// A chart's title block: the entry's heading in bold, then what the
/// chart shows, each wrapped at spaces to the canvas width, so that
/// every setting in force is written out whole.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Title {
    /// The heading's lines.
    pub heading: Vec<String>,
    /// The lines of what the chart shows.
    pub what: Vec<String>,
}

impl Title {
    /// `heading` and `what` wrapped for a canvas `width` pixels wide.
    pub fn fit(heading: &str, what: &str, width: u32) -> Title {
        let room = f64::from(width.saturating_sub(20));
        Title {
            heading: wrap(heading, (room / HEADING_CHAR) as usize),
            what: wrap(what, (room / WHAT_CHAR) as usize),
        }
    }

    /// The height of the block: [`TITLE_HEIGHT`] for a line of each.
    pub fn height(&self) -> u32 {
        self.what_top() + 17 * self.what.len() as u32 + 5
    }

    /// Where the first line of what the chart shows starts.
    fn what_top(&self) -> u32 {
        10 + 20 * self.heading.len() as u32
    }

    /// Draws the block at the top of `root`.
    pub fn draw(&self, root: &Area) -> Drawn {
        let top = Pos::new(HPos::Left, VPos::Top);
        for (i, line) in self.heading.iter().enumerate() {
            root.draw(&Text::new(
                line.clone(),
                (10, 8 + 20 * i as i32),
                TextStyle::from(font(15).style(FontStyle::Bold)).pos(top),
            ))?;
        }
        for (i, line) in self.what.iter().enumerate() {
            root.draw(&Text::new(
                line.clone(),
                (10, (self.what_top() + 17 * i as u32) as i32),
                text_style(13, top),
            ))?;
        }
        Ok(())
    }
}

/// `text` in lines of at most `max` characters, broken at spaces; a word
/// longer than a line is broken where the line ends.
pub fn wrap(text: &str, max: usize) -> Vec<String> {
    let max = max.max(8);
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        let used = line.chars().count();
        if used > 0 && used + 1 + word.len() > max {
            lines.push(std::mem::take(&mut line));
        }
        while line.is_empty() && word.len() > max {
            lines.push(word[..max].iter().collect());
            word.drain(..max);
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.extend(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// How a legend row shows its series.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A line with a dot: a series of points.
    Line,
    /// A dashed line: a reference.
    Dashed,
    /// A filled box: a share of a bar.
    Box,
    /// A dot: a point of a scatter.
    Dot,
    /// A diamond: a point of a scatter known exactly.
    Diamond,
}

/// One row of a legend.
#[derive(Clone, Debug)]
pub struct LegendItem {
    /// The series' name.
    pub label: String,
    /// Its colour.
    pub colour: RGBColor,
    /// How it is drawn.
    pub mark: Mark,
}

/// The widest a legend is, in pixels.
const LEGEND_MAX: u32 = 300;

/// The width a legend of `items` needs, labels cut to fit.
pub fn legend_width(items: &[LegendItem]) -> u32 {
    let longest = items
        .iter()
        .map(|i| i.label.chars().count())
        .max()
        .unwrap_or(0);
    ((longest as f64 * CHAR_WIDTH) as u32 + 44).clamp(140, LEGEND_MAX)
}

/// The height a legend of `items` needs below the title.
pub fn legend_height(items: &[LegendItem]) -> u32 {
    LEGEND_ROW * items.len() as u32 + 40
}

/// Draws a legend into `area` (the strip right of the plot), from its top.
pub fn legend(area: &Area, items: &[LegendItem]) -> Drawn {
    let width = area.dim_in_pixel().0;
    let fit = chars_in(width.saturating_sub(40));
    let left = Pos::new(HPos::Left, VPos::Center);
    for (row, item) in items.iter().enumerate() {
        let y = 24 + (LEGEND_ROW * row as u32) as i32;
        let c = item.colour;
        match item.mark {
            Mark::Line => {
                area.draw(&PathElement::new(vec![(6, y), (26, y)], c.stroke_width(2)))?;
                area.draw(&Circle::new((16, y), 3, c.filled()))?;
            }
            Mark::Dashed => {
                for x in [6, 14, 22] {
                    area.draw(&PathElement::new(
                        vec![(x, y), (x + 4, y)],
                        c.stroke_width(2),
                    ))?;
                }
            }
            Mark::Box => {
                area.draw(&Rectangle::new([(8, y - 6), (24, y + 6)], c.filled()))?;
            }
            Mark::Dot => {
                area.draw(&Circle::new((16, y), 5, c.filled()))?;
            }
            Mark::Diamond => {
                let corners = vec![(16, y - 6), (22, y), (16, y + 6), (10, y)];
                area.draw(&Polygon::new(corners, c.filled()))?;
            }
        }
        area.draw(&Text::new(
            abbreviate(&item.label, fit),
            (32, y),
            text_style(12, left),
        ))?;
    }
    Ok(())
}

/// The size of a chart: the width of the plot strip and of the legend
/// strip, the canvas height, and the height of the x-label area.
pub struct Layout {
    /// Width of the strip that holds the plot and its axes.
    pub plot_width: u32,
    /// Width of the legend strip.
    pub legend_width: u32,
    /// Canvas height.
    pub height: u32,
    /// Height under the plot for the category labels and the axis name.
    pub x_label_area: u32,
    /// The title block, wrapped to the canvas width.
    pub title: Title,
}

impl Layout {
    /// Room for `plots` plots side by side, each `width` wide plus its
    /// y axis, `label_lines` lines of labels under each, the legend
    /// `items`, and the title block of `heading` and `what`.
    pub fn new(
        width: u32,
        plots: u32,
        label_lines: usize,
        items: &[LegendItem],
        (heading, what): (&str, &str),
    ) -> Layout {
        let x_label_area = 34 + 15 * label_lines as u32;
        let plot_width = plots * (width + 90);
        let legend_width = legend_width(items);
        let title = Title::fit(heading, what, plot_width + legend_width);
        let top = title.height();
        let height = (top + PLOT_HEIGHT + x_label_area).max(top + legend_height(items));
        Layout {
            plot_width,
            legend_width,
            height,
            x_label_area,
            title,
        }
    }

    /// The canvas width.
    pub fn width(&self) -> u32 {
        self.plot_width + self.legend_width
    }

    /// Splits the canvas under the title into the plot strip and the
    /// legend strip; the plot keeps its height when a long legend makes
    /// the canvas taller.
    pub fn split<'a>(&self, root: &Area<'a>) -> (Area<'a>, Area<'a>) {
        let body = root.margin(self.title.height(), 0, 0, 0);
        let (plot, legend) = body.split_horizontally(self.plot_width);
        let (plot, _) = plot.split_vertically(PLOT_HEIGHT + self.x_label_area);
        (plot, legend)
    }
}

/// `0.25` as `25%`, `0.025` as `2.5%`: as many decimals as the value
/// needs, up to two, so that the ticks of a narrow axis stay apart.
pub fn percent(x: &f64) -> String {
    let text = format!("{:.2}", 100.0 * x);
    let text = text.trim_end_matches('0').trim_end_matches('.');
    format!("{text}%")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviate_keeps_short_text_and_both_ends_of_long_text() {
        assert_eq!(abbreviate("players", 10), "players");
        assert_eq!(
            abbreviate("lua:scripts/dice/banking.lua{k=2}", 11),
            "lua:s~{k=2}"
        );
        assert_eq!(
            abbreviate("lua:scripts/dice/banking.lua{k=2}", 11)
                .chars()
                .count(),
            11
        );
        assert_eq!(abbreviate("żółćżółć", 5), "żó~łć");
    }

    #[test]
    fn percentages_have_the_decimals_they_need() {
        assert_eq!(percent(&0.25), "25%");
        assert_eq!(percent(&0.025), "2.5%");
        assert_eq!(percent(&0.0125), "1.25%");
        assert_eq!(percent(&0.0), "0%");
        assert_eq!(percent(&1.0), "100%");
    }

    #[test]
    fn lighten_goes_from_the_colour_to_white() {
        let c = RGBColor(0, 100, 255);
        assert_eq!(lighten(c, 0.0), c);
        assert_eq!(lighten(c, 1.0), RGBColor(255, 255, 255));
        assert_eq!(lighten(c, 0.5), RGBColor(128, 178, 255));
    }

    #[test]
    fn a_legend_taller_than_the_plot_makes_the_canvas_taller() {
        let items = |n: usize| -> Vec<LegendItem> {
            (0..n)
                .map(|i| LegendItem {
                    label: format!("cell {i}"),
                    colour: colour(i),
                    mark: Mark::Line,
                })
                .collect()
        };
        let small = Layout::new(category_width(3), 1, 1, &items(3), ("Hazard", "Wins"));
        let tall = Layout::new(category_width(3), 1, 1, &items(60), ("Hazard", "Wins"));
        assert_eq!(
            small.height,
            TITLE_HEIGHT + PLOT_HEIGHT + small.x_label_area
        );
        assert!(tall.height >= TITLE_HEIGHT + 60 * LEGEND_ROW);
    }

    #[test]
    fn wrapping_keeps_every_word_whole_and_every_line_short() {
        let text = "Rithmomachy (boardspace), entry 3: rules=boardspace bodies=15 \
                    goods_white=160 goods_black=190 quarrel_value=160 glorious=on";
        let lines = wrap(text, 30);
        assert!(lines.iter().all(|l| l.chars().count() <= 30), "{lines:?}");
        assert_eq!(lines.join(" "), text);
        assert_eq!(wrap("short", 30), ["short"]);
        assert_eq!(wrap("", 30), [""]);
        // A word longer than a line is broken, never lost.
        let long = "x".repeat(20);
        assert_eq!(wrap(&format!("a {long}"), 8).concat(), format!("a{long}"));
        assert!(wrap(&long, 8).iter().all(|l| l.chars().count() <= 8));
    }

    #[test]
    fn a_long_heading_makes_the_title_taller_not_wider() {
        let one = Title::fit("Hazard, entry 0", "Wins per seat", 600);
        assert_eq!(one.height(), TITLE_HEIGHT);
        let heading = ["rules=boardspace"; 30].join(" ");
        let long = Title::fit(&heading, "Wins per seat", 600);
        assert!(long.heading.len() > 5);
        assert!(long.height() > TITLE_HEIGHT + 20 * 4);
        let widest = long
            .heading
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap();
        assert!(widest as f64 * HEADING_CHAR <= 580.0);
    }
}
