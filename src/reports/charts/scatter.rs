//! A scatter of points, each with its 95% interval as error bars in both
//! axes, drawn strong, faded or faint, as dots or (known exactly, without
//! bars) diamonds, the strong ones labelled: a search's front among every
//! candidate it tried. Knows nothing of games or searches.
//!
//! The frame (title, axes, grid, legend) is drawn with plotters like every
//! other chart; the points are written by hand on plotters' coordinates,
//! because a page that embeds the chart needs what plotters' elements
//! cannot carry: each point a `<g>` with a class saying its tier, a
//! `data-point` number and a `<title>` a browser shows on hover.

use std::fmt::Write;
use std::ops::Range;

use plotters::prelude::*;

use crate::reports::charts::frame::{self, GREY, Layout, LegendItem, Mark, colour, lighten};
use crate::reports::charts::html::escape;
use crate::reports::metrics::Estimate;

/// The width of the plot, in pixels, before its y axis.
const PLOT_WIDTH: u32 = 560;

/// How prominent a point is; points are drawn faint first, strong last,
/// so that the strong ones are never hidden.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Tier {
    /// Pale, small: in the background.
    Faint,
    /// Light: in view, not the point of the chart.
    Faded,
    /// Dark, large and labelled: what the chart is about.
    Strong,
}

impl Tier {
    /// The word of the point's class.
    pub fn class(self) -> &'static str {
        match self {
            Tier::Faint => "faint",
            Tier::Faded => "faded",
            Tier::Strong => "strong",
        }
    }

    /// Its colour.
    pub fn colour(self) -> RGBColor {
        match self {
            Tier::Faint => lighten(GREY, 0.55),
            Tier::Faded => lighten(colour(1), 0.3),
            Tier::Strong => colour(0),
        }
    }

    /// A dot's radius and a bar's width, in pixels.
    fn sizes(self) -> (u32, u32) {
        match self {
            Tier::Faint => (3, 1),
            Tier::Faded => (4, 1),
            Tier::Strong => (5, 2),
        }
    }
}

/// The legend row of points of `tier`, diamonds if `exact`.
pub fn legend_item(label: &str, tier: Tier, exact: bool) -> LegendItem {
    LegendItem {
        label: label.to_string(),
        colour: tier.colour(),
        mark: if exact { Mark::Diamond } else { Mark::Dot },
    }
}

/// One point.
#[derive(Clone, Debug)]
pub struct Point {
    /// Its number, written as `data-point`.
    pub id: u128,
    /// Its x value with its interval.
    pub x: Estimate,
    /// Its y value with its interval.
    pub y: Estimate,
    /// How prominent it is.
    pub tier: Tier,
    /// Known exactly: a diamond without bars.
    pub exact: bool,
    /// The text beside it, if any.
    pub label: Option<String>,
    /// What a browser shows when the pointer rests on it.
    pub hover: String,
}

/// One axis: its name and how its ticks are written.
pub struct Axis<'a> {
    /// Its name, under or beside it.
    pub desc: &'a str,
    /// How a tick's value is written.
    pub tick: fn(&f64) -> String,
}

/// A scatter chart.
pub struct Scatter<'a> {
    /// The title block: the heading, and what the chart shows.
    pub title: (&'a str, &'a str),
    /// The x axis.
    pub x: Axis<'a>,
    /// The y axis.
    pub y: Axis<'a>,
    /// The legend.
    pub legend: &'a [LegendItem],
    /// The points; those with a value or an end that is not finite are
    /// left out.
    pub points: &'a [Point],
}

/// The range of an axis over `values`, padded on both sides; a range
/// that would be empty (every value the same) is opened around the value.
pub fn padded(values: impl Iterator<Item = f64>) -> Range<f64> {
    let (lo, hi) = values
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), v| {
            (a.min(v), b.max(v))
        });
    if lo > hi {
        return 0.0..1.0;
    }
    let pad = if hi > lo {
        0.06 * (hi - lo)
    } else {
        (0.05 * lo.abs()).max(0.01)
    };
    lo - pad..hi + pad
}

/// Whether every figure of `e` is finite.
fn finite(e: &Estimate) -> bool {
    e.value.is_finite() && e.low.is_finite() && e.high.is_finite()
}

/// A point placed on the canvas: its centre and its bars' ends, in pixels.
struct Placed<'p> {
    point: &'p Point,
    at: (i32, i32),
    x_bar: (i32, i32),
    y_bar: (i32, i32),
}

/// The chart as SVG.
pub fn svg(s: &Scatter) -> std::io::Result<String> {
    let mut shown: Vec<&Point> = s
        .points
        .iter()
        .filter(|p| finite(&p.x) && finite(&p.y))
        .collect();
    // Stable: within a tier, the points keep the caller's order.
    shown.sort_by_key(|p| p.tier);
    let x_range = padded(shown.iter().flat_map(|p| [p.x.low, p.x.high, p.x.value]));
    let y_range = padded(shown.iter().flat_map(|p| [p.y.low, p.y.high, p.y.value]));
    let layout = Layout::new(PLOT_WIDTH, 1, 1, s.legend, s.title);
    let mut placed: Vec<Placed> = Vec::with_capacity(shown.len());
    let mut svg = frame::render(layout.width(), layout.height, |root| {
        layout.title.draw(root)?;
        let (plot, legend) = layout.split(root);
        let mut chart = ChartBuilder::on(&plot)
            .margin(12)
            .margin_right(24)
            .x_label_area_size(layout.x_label_area)
            .y_label_area_size(64)
            .build_cartesian_2d(x_range, y_range)?;
        chart
            .configure_mesh()
            .x_label_formatter(&s.x.tick)
            .y_label_formatter(&s.y.tick)
            .x_desc(s.x.desc)
            .y_desc(s.y.desc)
            .label_style(frame::font(12))
            .max_light_lines(0)
            .axis_desc_style(frame::font(13))
            .draw()?;
        for p in &shown {
            let at = chart.backend_coord(&(p.x.value, p.y.value));
            placed.push(Placed {
                point: p,
                at,
                x_bar: (
                    chart.backend_coord(&(p.x.low, p.y.value)).0,
                    chart.backend_coord(&(p.x.high, p.y.value)).0,
                ),
                y_bar: (
                    chart.backend_coord(&(p.x.value, p.y.low)).1,
                    chart.backend_coord(&(p.x.value, p.y.high)).1,
                ),
            });
        }
        frame::legend(&legend, s.legend)
    })?;
    let mut points = String::new();
    for p in &placed {
        point(&mut points, p);
    }
    for p in placed.iter().filter(|p| p.point.label.is_some()) {
        label(&mut points, p);
    }
    let end = svg.rfind("</svg>").expect("plotters closes its SVG");
    svg.insert_str(end, &points);
    Ok(svg)
}

/// `c` as `#4E79A7`.
fn hex(c: RGBColor) -> String {
    format!("#{:02X}{:02X}{:02X}", c.0, c.1, c.2)
}

/// Writes one point: its bars with short caps (none where its interval
/// is a point, as an exact value's is), then its dot or diamond.
fn point(out: &mut String, p: &Placed) {
    let q = p.point;
    let tier = q.tier;
    let (r, width) = tier.sizes();
    let c = hex(tier.colour());
    let exact = if q.exact { " exact" } else { "" };
    let _ = write!(
        out,
        "<g class=\"point {}{exact}\" data-point=\"{}\"><title>{}</title>",
        tier.class(),
        q.id,
        escape(&q.hover)
    );
    let (x, y) = p.at;
    let mut bars = String::new();
    if !q.exact && p.x_bar.0 != p.x_bar.1 {
        let (a, b) = p.x_bar;
        let _ = write!(
            bars,
            "M{a} {y}H{b}M{a} {}V{}M{b} {}V{}",
            y - 3,
            y + 3,
            y - 3,
            y + 3
        );
    }
    if !q.exact && p.y_bar.0 != p.y_bar.1 {
        let (a, b) = p.y_bar;
        let _ = write!(
            bars,
            "M{x} {a}V{b}M{} {a}H{}M{} {b}H{}",
            x - 3,
            x + 3,
            x - 3,
            x + 3
        );
    }
    if !bars.is_empty() {
        let _ = write!(
            out,
            "<path d=\"{bars}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"{width}\"/>"
        );
    }
    if q.exact {
        let d = r as i32 + 2;
        let _ = write!(
            out,
            "<path d=\"M{x} {}L{} {y}L{x} {}L{} {y}Z\" fill=\"{c}\" stroke=\"#FFFFFF\" stroke-width=\"1\"/>",
            y - d,
            x + d,
            y + d,
            x - d
        );
    } else {
        let _ = write!(
            out,
            "<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"{c}\" stroke=\"#FFFFFF\" stroke-width=\"1\"/>"
        );
    }
    out.push_str("</g>\n");
}

/// Writes a point's label above and right of it, over every point.
fn label(out: &mut String, p: &Placed) {
    let Some(text) = &p.point.label else { return };
    let _ = writeln!(
        out,
        "<text class=\"label\" data-point=\"{}\" x=\"{}\" y=\"{}\" font-family=\"{}\" \
         font-size=\"12\" font-weight=\"bold\" fill=\"#222222\">{}</text>",
        p.point.id,
        p.at.0 + 7,
        p.at.1 - 7,
        frame::FONT,
        escape(text)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(value: f64, half: f64) -> Estimate {
        Estimate {
            value,
            low: value - half,
            high: value + half,
        }
    }

    fn chart(points: &[Point]) -> String {
        let legend = [legend_item("front", Tier::Strong, false)];
        svg(&Scatter {
            title: ("Heading & more", "What it shows"),
            x: Axis {
                desc: "x (max)",
                tick: |x| format!("{x:.1}"),
            },
            y: Axis {
                desc: "y (min)",
                tick: |y| format!("{y:.1}"),
            },
            legend: &legend,
            points,
        })
        .unwrap()
    }

    fn points() -> Vec<Point> {
        let p = |id: usize, tier: Tier, exact: bool| Point {
            id: id as u128,
            x: at(id as f64, if exact { 0.0 } else { 0.5 }),
            y: at(10.0 - id as f64, if exact { 0.0 } else { 1.0 }),
            tier,
            exact,
            label: (tier == Tier::Strong).then(|| id.to_string()),
            hover: format!("point <{id}>"),
        };
        vec![
            p(0, Tier::Strong, false),
            p(1, Tier::Faint, false),
            p(2, Tier::Faded, true),
            p(3, Tier::Strong, true),
            p(4, Tier::Faint, true),
        ]
    }

    #[test]
    fn every_point_is_one_group_drawn_faint_first_and_the_svg_is_xml() {
        let svg = chart(&points());
        let doc = roxmltree::Document::parse(&svg).unwrap();
        let groups: Vec<(String, String)> = doc
            .descendants()
            .filter(|n| n.has_tag_name("g"))
            .map(|n| {
                (
                    n.attribute("class").unwrap().to_string(),
                    n.attribute("data-point").unwrap().to_string(),
                )
            })
            .collect();
        let order: Vec<&str> = groups.iter().map(|(_, id)| id.as_str()).collect();
        assert_eq!(order, ["1", "4", "2", "0", "3"]);
        assert_eq!(groups[1].0, "point faint exact");
        assert_eq!(groups[3].0, "point strong");
        let labels: Vec<&str> = doc
            .descendants()
            .filter(|n| n.attribute("class") == Some("label"))
            .filter_map(|n| n.text())
            .collect();
        assert_eq!(labels, ["0", "3"]);
        assert!(svg.contains("<title>point &lt;3&gt;</title>"));
    }

    #[test]
    fn an_exact_point_has_a_diamond_and_no_bars() {
        let svg = chart(&points());
        let doc = roxmltree::Document::parse(&svg).unwrap();
        for g in doc.descendants().filter(|n| n.has_tag_name("g")) {
            let exact = g.attribute("class").unwrap().contains("exact");
            let paths = g.children().filter(|n| n.has_tag_name("path")).count();
            let dots = g.children().filter(|n| n.has_tag_name("circle")).count();
            // A played point: its bars and a dot; an exact one: a diamond.
            assert_eq!((paths, dots), if exact { (1, 0) } else { (1, 1) });
        }
    }

    #[test]
    fn a_point_that_is_not_finite_is_left_out() {
        let mut points = points();
        points[1].y.high = f64::NAN;
        let svg = chart(&points);
        assert_eq!(svg.matches("<g class=\"point").count(), 4);
    }

    #[test]
    fn a_range_of_one_value_is_opened_around_it() {
        let r = padded([1.0, 1.0].into_iter());
        assert!(r.start < 1.0 && 1.0 < r.end);
        let r = padded([0.0, 10.0].into_iter());
        assert!(r.start < 0.0 && r.end > 10.0);
        assert_eq!(padded(std::iter::empty()), 0.0..1.0);
    }
}
