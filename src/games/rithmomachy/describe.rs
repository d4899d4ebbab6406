//! How a position is shown: a text diagram and a JSON object.

use std::fmt::Write;

use serde_json::{Value, json};

use crate::core::plural::plural;
use crate::games::rithmomachy::captured::Captured;
use crate::games::rithmomachy::moves::Move;
use crate::games::rithmomachy::piece::{Piece, Side};
use crate::games::rithmomachy::position::{CaptureEvent, Position};
use crate::games::rithmomachy::reserve::Reserve;
use crate::games::rithmomachy::square::{FILES, Square};

fn label(p: &Piece) -> String {
    let l = p.label();
    match p.side {
        Side::White => l,
        Side::Black => l.to_lowercase(),
    }
}

fn piece_json(at: Square, p: &Piece) -> Value {
    if p.pyramid {
        json!({
            "at": at.to_string(), "side": p.side.name(), "shape": "pyramid", "value": p.total(),
            "layers": p.layers().iter()
                .map(|l| json!({"shape": l.shape.name(), "value": l.value}))
                .collect::<Vec<_>>(),
        })
    } else {
        let l = p.layers()[0];
        json!({"at": at.to_string(), "side": p.side.name(), "shape": l.shape.name(), "value": l.value})
    }
}

fn captured_json(c: &Captured) -> Value {
    json!({
        "pieces": c.pieces, "value": c.value, "digits": c.digits,
        "taken": c.taken.in_order().iter()
            .map(|l| json!({"shape": l.shape.name(), "value": l.value}))
            .collect::<Vec<_>>(),
    })
}

fn reserve_json(r: &Reserve) -> Value {
    r.pieces()
        .iter()
        .map(|l| json!({"shape": l.shape.name(), "value": l.value}))
        .collect()
}

/// The position as one JSON object: `to_move`, `legal_moves`,
/// `last_captures`, `captured`, `reserve`, `outcome`, `pieces`, `ply` and
/// `rules`.
pub fn to_json(pos: &Position) -> Value {
    let mut moves: Vec<Move> = Vec::new();
    pos.legal_moves(&mut moves);
    let outcome = pos
        .ending()
        .map(|e| json!({"winner": e.winner.map(Side::name), "reason": e.reason}));
    json!({
        "rules": pos.variant().rules.name,
        "ply": pos.ply(),
        "to_move": pos.to_move().name(),
        "legal_moves": moves.iter().map(|m| m.to_string()).collect::<Vec<_>>(),
        "last_captures": pos.last_captures().iter().map(|c| json!({
            "at": c.at.to_string(), "side": c.side.name(),
            "shape": c.shape.map_or("pyramid", |s| s.name()),
            "value": c.value, "kind": c.kind.name(), "whole": c.whole,
        })).collect::<Vec<_>>(),
        "captured": {
            "white": captured_json(pos.captured(Side::White)),
            "black": captured_json(pos.captured(Side::Black)),
        },
        "reserve": {
            "white": reserve_json(pos.reserve(Side::White)),
            "black": reserve_json(pos.reserve(Side::Black)),
        },
        "outcome": outcome,
        "pieces": pos.board().pieces().map(|(s, p)| piece_json(s, p)).collect::<Vec<_>>(),
    })
}

/// The position as text: the board (White upper case, Black lower case;
/// C round, T triangle, S square, P pyramid), whose turn it is, the legal
/// moves, the last captures, the tallies and the outcome.
pub fn diagram(pos: &Position) -> String {
    let mut s = String::new();
    for rank in (0..pos.board().ranks() as i8).rev() {
        let _ = write!(s, "{:>3} ", rank + 1);
        for file in 0..FILES {
            let sq = Square::at(file, rank).expect("on the board");
            let cell = pos.board().get(sq).map_or(".".to_string(), label);
            let _ = write!(s, "{cell:>5}");
        }
        s.push('\n');
    }
    s.push_str("    ");
    for f in 0..FILES {
        let _ = write!(s, "{:>5}", (b'a' + f as u8) as char);
    }
    s.push('\n');
    let _ = writeln!(
        s,
        "rules {}, move {}, {} to move",
        pos.variant().rules.name,
        pos.ply() + 1,
        pos.to_move()
    );
    for p in pos.board().pieces().filter(|(_, p)| p.pyramid) {
        let layers: Vec<String> =
            p.1.layers()
                .iter()
                .map(|l| format!("{}{}", l.value, l.shape.letter()))
                .collect();
        let _ = writeln!(s, "{} pyramid on {}: {}", p.1.side, p.0, layers.join(" "));
    }
    for c in pos.last_captures() {
        let _ = writeln!(s, "captured: {}", capture(c));
    }
    for side in [Side::White, Side::Black] {
        let c = pos.captured(side);
        let _ = writeln!(
            s,
            "{side} has captured {} worth {} ({})",
            plural(c.pieces as usize, "piece"),
            c.value,
            plural(c.digits as usize, "digit")
        );
        let r = pos.reserve(side);
        if !r.is_empty() {
            let list: Vec<String> = r
                .pieces()
                .iter()
                .map(|l| format!("{}{}", l.shape.letter(), l.value))
                .collect();
            let _ = writeln!(s, "{side} holds in reserve: {}", list.join(" "));
        }
    }
    match pos.ending() {
        Some(e) => {
            let _ = match e.winner {
                Some(w) => writeln!(s, "over: {w} wins by {}", e.reason),
                None => writeln!(s, "over: a draw by {}", e.reason),
            };
        }
        None => {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            let _ = writeln!(
                s,
                "{}: {}",
                plural(list.len(), "legal move"),
                list.join(" ")
            );
        }
    }
    s
}

/// A capture as narration and diagrams write it: `black round 16 on d5 by
/// meeting (one layer)`.
pub fn capture(c: &CaptureEvent) -> String {
    format!(
        "{} {} {} on {} by {}{}",
        c.side,
        c.shape.map_or("pyramid", |x| x.name()),
        c.value,
        c.at,
        c.kind.name(),
        if c.whole { "" } else { " (one layer)" }
    )
}
