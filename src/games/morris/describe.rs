//! A position for readers: the board drawn in text with its lines, and the
//! JSON object `ludus position --json` prints (which reads back as a
//! position file, see [`crate::games::morris::position_file`]).

use serde_json::{Map, Value, json};

use crate::games::morris::geometry::bits;
use crate::games::morris::moves::Move;
use crate::games::morris::position::{Pending, Position};

fn legal(pos: &Position) -> Vec<String> {
    if pos.ending().is_some() || pos.first().is_none() {
        return Vec::new();
    }
    let mut moves: Vec<Move> = Vec::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(Move::to_string).collect()
}

fn per_side(sides: &[&str], f: impl Fn(u8) -> u8) -> Value {
    json!({ sides[0]: f(0), sides[1]: f(1) })
}

/// The position as one JSON object.
pub fn to_json(pos: &Position, game: &str, sides: &[&'static str]) -> Value {
    let g = pos.geometry();
    let mut points = Map::new();
    for p in 0..g.len() as u8 {
        for seat in 0..2 {
            if pos.men(seat) & 1 << p != 0 {
                points.insert(g.name(p).to_string(), json!(sides[seat as usize]));
            }
        }
    }
    let started = pos.first().is_some();
    let outcome = pos.ending().map(|e| e.to_json(sides));
    json!({
        "game": game,
        "ply": pos.ply(),
        "first": pos.first().map(|s| sides[s as usize]),
        "to_move": started.then(|| sides[pos.to_move() as usize]),
        "points": points,
        "hand": per_side(sides, |s| pos.hand(s)),
        "captured": per_side(sides, |s| pos.captured(s)),
        "line_pending": pos.line_pending(),
        "pending": pending_json(pos),
        "legal_moves": legal(pos),
        "outcome": outcome,
    })
}

/// The turn half played, as a position file writes it: `null` at a
/// turn's start.
fn pending_json(pos: &Position) -> Value {
    let g = pos.geometry();
    match pos.pending() {
        Pending::Turn => Value::Null,
        Pending::Removal => json!("removal"),
        Pending::Chain { at, taken } => json!({
            "at": g.name(at),
            "jumped": bits(taken).map(|p| g.name(p)).collect::<Vec<_>>(),
        }),
    }
}

/// The turn half played, in words for the diagram.
fn pending_words(pos: &Position) -> String {
    let g = pos.geometry();
    match pos.pending() {
        Pending::Turn if pos.line_pending() => " (answering a line)".to_string(),
        Pending::Turn => String::new(),
        Pending::Removal => " (a line is made: remove a man)".to_string(),
        Pending::Chain { at, taken } => format!(
            " (the man on {} jumps on; jumped: {})",
            g.name(at),
            bits(taken).map(|p| g.name(p)).collect::<Vec<_>>().join(" ")
        ),
    }
}

/// The letter a side's men are drawn with: its name's first letter, in
/// upper case for seat 1 and lower case for seat 2.
fn letter(sides: &[&str], seat: usize) -> char {
    let c = sides[seat].chars().next().unwrap_or('?');
    if seat == 0 {
        c.to_ascii_uppercase()
    } else {
        c.to_ascii_lowercase()
    }
}

/// The position as text: the board with its lines (`+` an empty point),
/// files and ranks, then whose turn it is, the hands and tallies, the legal
/// moves and the outcome.
pub fn diagram(pos: &Position, sides: &[&'static str]) -> String {
    let g = pos.geometry();
    let top = g.coords.iter().map(|c| c.1).max().unwrap_or(0) as usize;
    let right = g.coords.iter().map(|c| c.0).max().unwrap_or(0) as usize;
    let (w, h) = (4 * right + 1, 2 * top + 1);
    let mut canvas = vec![vec![' '; w]; h];
    let at = |p: usize| {
        let (f, r) = g.coords[p];
        (2 * (top - r as usize), 4 * f as usize)
    };
    for p in 0..g.len() {
        for q in bits(g.adjacent[p]).map(usize::from).filter(|&q| q > p) {
            let ((r0, c0), (r1, c1)) = (at(p), at(q));
            if r0 == r1 {
                for cell in &mut canvas[r0][c0.min(c1) + 1..c0.max(c1)] {
                    *cell = '-';
                }
            } else if c0 == c1 {
                for row in &mut canvas[r0.min(r1) + 1..r0.max(r1)] {
                    row[c0] = '|';
                }
            } else {
                // A diagonal link joins neighbouring points: one mark midway.
                let rising = (r1 < r0) == (c1 > c0);
                canvas[r0.midpoint(r1)][c0.midpoint(c1)] = if rising { '/' } else { '\\' };
            }
        }
    }
    for p in 0..g.len() {
        let (r, c) = at(p);
        canvas[r][c] = match (0..2).find(|&s| pos.men(s) & 1 << p != 0) {
            Some(s) => letter(sides, s as usize),
            None => '+',
        };
    }
    let mut out = String::new();
    for (i, row) in canvas.iter().enumerate() {
        let label = if i % 2 == 0 {
            format!("{:>2} ", top - i / 2 + 1)
        } else {
            "   ".to_string()
        };
        out.push_str(&label);
        out.push_str(row.iter().collect::<String>().trim_end());
        out.push('\n');
    }
    out.push_str("   ");
    for f in 0..=right {
        out.push((b'a' + f as u8) as char);
        if f < right {
            out.push_str("   ");
        }
    }
    out.push('\n');
    for s in 0..2u8 {
        out.push_str(&format!(
            "{} ({}): {} on the board, {} in hand, {} taken\n",
            sides[s as usize],
            letter(sides, s as usize),
            pos.men(s).count_ones(),
            pos.hand(s),
            pos.captured(s)
        ));
    }
    match (pos.ending(), pos.first()) {
        (Some(e), _) => out.push_str(&format!("{}\n", e.words(sides, "won"))),
        (None, None) => out.push_str("lots are still to draw for who moves first\n"),
        (None, Some(_)) => {
            out.push_str(&format!(
                "ply {}, {} to move{}\n",
                pos.ply(),
                sides[pos.to_move() as usize],
                pending_words(pos)
            ));
            out.push_str(&format!("legal moves: {}\n", legal(pos).join(" ")));
        }
    }
    out
}
