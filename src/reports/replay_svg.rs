//! Any [`Picture`] drawn as SVG, knowing no game: the board once (squares
//! or points and lines), then each position's pieces, marks and dice as a
//! layer drawn over it. The marks of a step are what the game says and
//! what comparing it with the position before shows (a piece that left,
//! arrived, changed or vanished).

use std::collections::BTreeSet;
use std::fmt::Write;

use crate::core::picture::{BoardShape, Mark, MarkKind, Picture, PiecePicture, PieceShape, Spot};
use crate::reports::charts::html::escape as html_escape;

/// The side of a square, in the drawing's units.
const CELL: f32 = 40.0;
/// The margin that holds the files' letters and the ranks' numbers.
const MARGIN: f32 = 22.0;
/// The step between two points of a points board.
const POINT_STEP: f32 = 56.0;

/// The colours of each seat's pieces: fill, outline, label.
const COLOURS: [(&str, &str, &str); 6] = [
    ("#f7f2e2", "#2a2a2a", "#1a1a1a"),
    ("#2c2c2c", "#000000", "#ffffff"),
    ("#b3332b", "#5a1410", "#ffffff"),
    ("#2f7d3f", "#123d1b", "#ffffff"),
    ("#2d5fa8", "#0f2a52", "#ffffff"),
    ("#c28a1e", "#5b3f08", "#ffffff"),
];

/// The colours of the sides named for a colour (Four Seasons' green,
/// red, black and white): a side so named is drawn in it.
const NAMED: [(&str, usize); 6] = [
    ("white", 0),
    ("black", 1),
    ("red", 2),
    ("green", 3),
    ("blue", 4),
    ("yellow", 5),
];

/// Seat `side`'s colours (fill, outline, label) in `pic`: the colour its
/// side is named for, or the seat's own.
pub fn colours(pic: &Picture, side: u8) -> (&'static str, &'static str, &'static str) {
    COLOURS[colour_index(pic, side)]
}

/// The index in the palette of seat `side`'s colour in `pic`.
fn colour_index(pic: &Picture, side: u8) -> usize {
    let named = (pic.sides.get(usize::from(side)))
        .and_then(|name| NAMED.iter().find(|(n, _)| n == name))
        .map(|&(_, i)| i);
    named.unwrap_or(usize::from(side)) % COLOURS.len()
}

/// The drawing's width and height.
pub fn size(board: &BoardShape) -> (f32, f32) {
    match board {
        BoardShape::Grid { files, ranks, .. } => (
            MARGIN + f32::from(*files) * CELL + 4.0,
            f32::from(*ranks) * CELL + MARGIN + 4.0,
        ),
        BoardShape::Points { points, .. } => {
            let (w, h) = extent(points);
            (
                w * POINT_STEP + 2.0 * MARGIN + 8.0,
                h * POINT_STEP + 2.0 * MARGIN + 8.0,
            )
        }
        BoardShape::Table => (260.0, 70.0),
    }
}

/// The largest `x` and `y` of a points board.
fn extent(points: &[(String, f32, f32)]) -> (f32, f32) {
    points
        .iter()
        .fold((0.0f32, 0.0f32), |(w, h), p| (w.max(p.1), h.max(p.2)))
}

/// Where the centre of `at` is drawn on `board`.
pub fn centre(board: &BoardShape, at: Spot) -> (f32, f32) {
    match (board, at) {
        (BoardShape::Grid { ranks, .. }, Spot::Square { file, rank }) => (
            MARGIN + (f32::from(file) + 0.5) * CELL,
            (f32::from(*ranks) - f32::from(rank) - 0.5) * CELL,
        ),
        (BoardShape::Points { points, .. }, Spot::Point(n)) => {
            let (_, h) = extent(points);
            let p = &points[usize::from(n).min(points.len().saturating_sub(1))];
            (
                MARGIN + 4.0 + p.1 * POINT_STEP,
                MARGIN + 4.0 + (h - p.2) * POINT_STEP,
            )
        }
        _ => (0.0, 0.0),
    }
}

/// The board with nothing on it: squares (checkered where it says, closed
/// squares filled) with their files and ranks, or points and their lines.
pub fn board_svg(board: &BoardShape) -> String {
    let mut s = String::new();
    match board {
        BoardShape::Grid {
            files,
            ranks,
            checkered,
            closed,
        } => {
            let _ = write!(
                s,
                r##"<rect x="{MARGIN}" y="0" width="{}" height="{}" fill="#efe3c4" stroke="#6b5430"/>"##,
                f32::from(*files) * CELL,
                f32::from(*ranks) * CELL
            );
            for rank in 0..*ranks {
                for file in 0..*files {
                    let at = Spot::Square { file, rank };
                    let (x, y) = centre(board, at);
                    let fill = if closed.contains(&at) {
                        "#5b4a36"
                    } else if *checkered && (file + rank) % 2 == 0 {
                        "#c9a66b"
                    } else if *checkered {
                        "#f1e2bd"
                    } else {
                        "none"
                    };
                    let _ = write!(
                        s,
                        r##"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{fill}" stroke="#a88d5e" stroke-width="0.6"/>"##,
                        x - CELL / 2.0,
                        y - CELL / 2.0
                    );
                }
            }
            for file in 0..*files {
                let (x, _) = centre(board, Spot::Square { file, rank: 0 });
                let _ = write!(
                    s,
                    r#"<text x="{x}" y="{}" class="coord">{}</text>"#,
                    f32::from(*ranks) * CELL + 15.0,
                    (b'a' + file) as char
                );
            }
            for rank in 0..*ranks {
                let (_, y) = centre(board, Spot::Square { file: 0, rank });
                let _ = write!(
                    s,
                    r#"<text x="{}" y="{}" class="coord">{}</text>"#,
                    MARGIN / 2.0,
                    y + 4.0,
                    u16::from(rank) + 1
                );
            }
        }
        BoardShape::Points { points, lines } => {
            for &(a, b) in lines {
                let (x0, y0) = centre(board, Spot::Point(a));
                let (x1, y1) = centre(board, Spot::Point(b));
                let _ = write!(
                    s,
                    r##"<line x1="{x0}" y1="{y0}" x2="{x1}" y2="{y1}" stroke="#5b4a36" stroke-width="3"/>"##
                );
            }
            for (n, p) in points.iter().enumerate() {
                let (x, y) = centre(board, Spot::Point(n as u16));
                let _ = write!(
                    s,
                    r##"<circle cx="{x}" cy="{y}" r="5" fill="#5b4a36"/><text x="{}" y="{}" class="point">{}</text>"##,
                    x + 9.0,
                    y - 8.0,
                    html_escape(&p.0)
                );
            }
        }
        BoardShape::Table => {
            let (w, h) = size(board);
            let _ = write!(
                s,
                r##"<rect x="0" y="0" width="{w}" height="{h}" rx="10" fill="#2f6b45"/>"##
            );
        }
    }
    s
}

/// The marks of `now` after `before`: what `now` carries, and what
/// comparing the two shows. A spot a piece left is `From` where its side
/// arrived somewhere (it moved), `Taken` otherwise (it was captured or
/// removed); a spot a piece came to, or whose piece changed, is `To`, and
/// also `Taken` where the piece there before was another side's.
pub fn marks(before: Option<&Picture>, now: &Picture) -> Vec<Mark> {
    let mut out: BTreeSet<Mark> = now.marks.iter().copied().collect();
    let Some(before) = before else {
        return out.into_iter().collect();
    };
    let spots: BTreeSet<Spot> = (before.pieces.iter().chain(&now.pieces))
        .map(|p| p.at)
        .collect();
    let mut left = Vec::new();
    let mut arrived = BTreeSet::new();
    for at in spots {
        let mark = |kind| Mark { at, kind };
        match (before.piece_at(at), now.piece_at(at)) {
            (Some(a), None) => left.push((at, a.side)),
            (None, Some(b)) => {
                out.insert(mark(MarkKind::To));
                arrived.insert(b.side);
            }
            (Some(a), Some(b)) if a.side != b.side => {
                out.insert(mark(MarkKind::To));
                out.insert(mark(MarkKind::Taken));
                arrived.insert(b.side);
            }
            (Some(a), Some(b)) if a != b => {
                out.insert(mark(MarkKind::To));
            }
            _ => {}
        }
    }
    for (at, side) in left {
        let kind = if arrived.contains(&side) {
            MarkKind::From
        } else {
            MarkKind::Taken
        };
        out.insert(Mark { at, kind });
    }
    out.into_iter().collect()
}

/// One mark, drawn under the pieces (`From`, `To`) or over them (`Taken`).
fn mark_svg(s: &mut String, pic: &Picture, m: &Mark) {
    let (x, y) = centre(&pic.board, m.at);
    let name = html_escape(&pic.name(m.at));
    let kind = m.kind.name();
    let r = CELL / 2.0;
    let body = match (m.kind, &pic.board) {
        (MarkKind::Taken, _) => format!(
            r##"<path d="M{} {}L{} {}M{} {}L{} {}" stroke="#d11" stroke-width="3.5" stroke-linecap="round"/>"##,
            x - r + 6.0,
            y - r + 6.0,
            x + r - 6.0,
            y + r - 6.0,
            x + r - 6.0,
            y - r + 6.0,
            x - r + 6.0,
            y + r - 6.0
        ),
        (kind, BoardShape::Grid { .. }) => format!(
            r##"<rect x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{}"/>"##,
            x - r,
            y - r,
            if kind == MarkKind::From {
                "rgba(240,190,20,0.35)"
            } else {
                "rgba(240,190,20,0.7)"
            }
        ),
        (kind, _) => format!(
            r##"<circle cx="{x}" cy="{y}" r="{}" fill="{}"/>"##,
            r + 2.0,
            if kind == MarkKind::From {
                "rgba(240,190,20,0.35)"
            } else {
                "rgba(240,190,20,0.7)"
            }
        ),
    };
    let _ = write!(
        s,
        r#"<g class="mark" data-at="{name}" data-mark="{kind}">{body}</g>"#
    );
}

/// One piece, in its shape and its seat's colours (a class of the page's
/// style, [`piece_style`], so that each piece costs few bytes), with its
/// label.
fn piece_svg(s: &mut String, pic: &Picture, p: &PiecePicture) {
    let (x, y) = centre(&pic.board, p.at);
    let colour = colour_index(pic, p.side);
    let paint = format!(r#"class="p{colour}""#);
    let body = match p.shape {
        PieceShape::Round | PieceShape::Lettered => {
            format!(r#"<circle cx="{x}" cy="{y}" r="16" {paint}/>"#)
        }
        PieceShape::Man => format!(
            r#"<circle cx="{x}" cy="{y}" r="15" {paint}/><circle cx="{x}" cy="{y}" r="9" class="ring"/>"#
        ),
        PieceShape::Square => format!(
            r#"<rect x="{}" y="{}" width="30" height="30" {paint}/>"#,
            x - 15.0,
            y - 15.0
        ),
        PieceShape::Triangle => format!(
            r#"<polygon points="{x},{} {},{} {},{}" {paint}/>"#,
            y - 17.0,
            x + 17.0,
            y + 13.0,
            x - 17.0,
            y + 13.0
        ),
        PieceShape::Pyramid => format!(
            r#"<polygon points="{},{} {},{} {},{} {},{} {},{} {},{} {},{} {},{}" {paint}/>"#,
            x - 7.0,
            y - 17.0,
            x + 7.0,
            y - 17.0,
            x + 7.0,
            y - 8.0,
            x + 17.0,
            y - 8.0,
            x + 17.0,
            y + 15.0,
            x - 17.0,
            y + 15.0,
            x - 17.0,
            y - 8.0,
            x - 7.0,
            y - 8.0
        ),
    };
    let size = match p.label.chars().count() {
        0..=2 => "",
        3 => " small",
        _ => " tiny",
    };
    let dy = match p.shape {
        PieceShape::Triangle => 9.0,
        PieceShape::Pyramid => 8.0,
        _ => 5.0,
    };
    let label = html_escape(&p.label);
    let _ = write!(
        s,
        r#"<g class="piece" data-at="{}" data-side="{}" data-shape="{}" data-label="{label}">{body}"#,
        html_escape(&pic.name(p.at)),
        p.side,
        p.shape.name(),
    );
    if !label.is_empty() {
        let _ = write!(
            s,
            r#"<text x="{x}" y="{}" class="l{colour}{size}">{label}</text>"#,
            y + dy
        );
    }
    s.push_str("</g>");
}

/// The style of the pieces' classes that [`layer_svg`] draws with: each
/// colour's fill and outline (`p0`, `p1`, ...) and its labels' ink (`l0`,
/// ...), for the page to hold once.
pub fn piece_style() -> String {
    let mut s = String::from(
        "#board .ring { fill: none; stroke-width: 1; stroke: #777; }\n\
         #board text { text-anchor: middle; font-weight: bold; font-family: serif; font-size: 14px; }\n\
         #board text.small { font-size: 11px; } #board text.tiny { font-size: 9px; }\n",
    );
    for (i, (fill, line, ink)) in COLOURS.iter().enumerate() {
        let _ = writeln!(
            s,
            "#board .p{i} {{ fill: {fill}; stroke: {line}; stroke-width: 1.5; }} #board .l{i} {{ fill: {ink}; }}"
        );
    }
    s
}

/// The dice of `pic`, drawn as faces with pips from `(x, y)` rightwards.
pub fn dice_svg(faces: &[u8], x: f32, y: f32) -> String {
    const PIPS: [&[(f32, f32)]; 6] = [
        &[(0.5, 0.5)],
        &[(0.25, 0.25), (0.75, 0.75)],
        &[(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
        &[(0.25, 0.25), (0.75, 0.25), (0.25, 0.75), (0.75, 0.75)],
        &[
            (0.25, 0.25),
            (0.75, 0.25),
            (0.5, 0.5),
            (0.25, 0.75),
            (0.75, 0.75),
        ],
        &[
            (0.25, 0.25),
            (0.75, 0.25),
            (0.25, 0.5),
            (0.75, 0.5),
            (0.25, 0.75),
            (0.75, 0.75),
        ],
    ];
    let mut s = String::new();
    for (i, &f) in faces.iter().enumerate() {
        let left = x + i as f32 * 48.0;
        let _ = write!(
            s,
            r##"<g class="die" data-face="{f}"><rect x="{left}" y="{y}" width="40" height="40" rx="7" fill="#fffdf5" stroke="#333"/>"##
        );
        for &(px, py) in PIPS[usize::from(f.clamp(1, 6)) - 1] {
            let _ = write!(
                s,
                r##"<circle cx="{}" cy="{}" r="4" fill="#222"/>"##,
                left + px * 40.0,
                y + py * 40.0
            );
        }
        s.push_str("</g>");
    }
    s
}

/// What changes from position to position, drawn over the board: the
/// marks of `now` after `before` under the pieces (the taken over them),
/// and the dice.
pub fn layer_svg(before: Option<&Picture>, now: &Picture) -> String {
    let mut s = String::new();
    let marks = marks(before, now);
    for m in marks.iter().filter(|m| m.kind != MarkKind::Taken) {
        mark_svg(&mut s, now, m);
    }
    for p in &now.pieces {
        piece_svg(&mut s, now, p);
    }
    for m in marks.iter().filter(|m| m.kind == MarkKind::Taken) {
        mark_svg(&mut s, now, m);
    }
    if matches!(now.board, BoardShape::Table) {
        s.push_str(&dice_svg(&now.dice, 15.0, 15.0));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid() -> Picture {
        let board = BoardShape::Grid {
            files: 8,
            ranks: 16,
            checkered: false,
            closed: Vec::new(),
        };
        Picture::new(board, &["white", "black"])
    }

    fn piece(file: u8, rank: u8, side: u8, label: &str) -> PiecePicture {
        PiecePicture {
            at: Spot::Square { file, rank },
            side,
            shape: PieceShape::Round,
            label: label.to_string(),
        }
    }

    /// A move that captures: the square left is `from`, the square
    /// reached `to`, the piece that vanished `taken`; and every piece is
    /// drawn once, named by its square.
    #[test]
    fn a_capture_is_marked_and_every_piece_drawn() {
        let mut before = grid();
        before.pieces = vec![piece(0, 0, 0, "16"), piece(3, 4, 1, "9")];
        let mut now = grid();
        now.pieces = vec![piece(0, 1, 0, "16")];
        let kinds = |at| {
            marks(Some(&before), &now)
                .into_iter()
                .filter(|m| m.at == at)
                .map(|m| m.kind)
                .collect::<Vec<_>>()
        };
        assert_eq!(kinds(Spot::Square { file: 0, rank: 0 }), [MarkKind::From]);
        assert_eq!(kinds(Spot::Square { file: 0, rank: 1 }), [MarkKind::To]);
        assert_eq!(kinds(Spot::Square { file: 3, rank: 4 }), [MarkKind::Taken]);
        let svg = layer_svg(Some(&before), &now);
        assert_eq!(svg.matches(r#"class="piece""#).count(), 1);
        assert!(svg.contains(r#"data-at="a2" data-side="0" data-shape="round" data-label="16""#));
        assert!(svg.contains(r#"data-at="d5" data-mark="taken""#));
        assert!(marks(None, &now).is_empty());
    }

    /// A capture by replacement (chess) marks the square both reached and
    /// taken; a man placed from the hand (morris) only reached.
    #[test]
    fn replacement_and_placement() {
        let mut before = grid();
        before.pieces = vec![piece(0, 0, 0, "R"), piece(0, 5, 1, "N")];
        let mut now = grid();
        now.pieces = vec![piece(0, 5, 0, "R")];
        let m = marks(Some(&before), &now);
        let at = Spot::Square { file: 0, rank: 5 };
        assert!(m.contains(&Mark {
            at,
            kind: MarkKind::To
        }));
        assert!(m.contains(&Mark {
            at,
            kind: MarkKind::Taken
        }));
        assert!(m.contains(&Mark {
            at: Spot::Square { file: 0, rank: 0 },
            kind: MarkKind::From
        }));
        let mut placed = grid();
        placed.pieces = vec![piece(0, 0, 0, "R"), piece(0, 5, 1, "N"), piece(2, 2, 0, "")];
        assert_eq!(
            marks(Some(&before), &placed),
            [Mark {
                at: Spot::Square { file: 2, rank: 2 },
                kind: MarkKind::To
            }]
        );
    }

    /// Labels are escaped, and the board of points draws each line and point.
    #[test]
    fn points_boards_and_escaping() {
        let board = BoardShape::Points {
            points: vec![("a1".into(), 0.0, 0.0), ("<b>".into(), 1.0, 0.0)],
            lines: vec![(0, 1)],
        };
        let svg = board_svg(&board);
        assert_eq!(svg.matches("<line").count(), 1);
        assert!(svg.contains("&lt;b&gt;"));
        assert!(!svg.contains("<b>"));
        assert_eq!(dice_svg(&[3, 6], 0.0, 0.0).matches("<circle").count(), 9);
    }
}
