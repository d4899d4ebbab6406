//! A position for readers: the board in text, and the JSON object `ludus
//! position --json` prints (which reads back as a position file, see
//! [`crate::games::chess::position_file`]).
//!
//! A square is written as one token: `.` empty, `#` closed (Four Seasons'
//! centre), or a piece. In a two-seat game a piece is its letter, upper
//! case for the first side and lower case for the second (`K`, `k`); with
//! more seats it is the seat's number and the letter (`2N`), and a pawn
//! adds the way it walks (`1P^`, `1P>`, `1Pv`, `1P<`). A unicorn that has
//! moved, where the reading cares (Murray's, whose first move is a leap),
//! is marked `*` (`U*`).

use serde_json::{Value, json};

use crate::core::log::Log;
use crate::core::plural::plural;
use crate::games::board::sides::names;
use crate::games::chess::board::{Square, square};
use crate::games::chess::moves::Move;
use crate::games::chess::piece::{BLOCK, Cell, EMPTY, KINDS, Kind, code, owner, state};
use crate::games::chess::position::{Position, Waiting};
use crate::games::chess::readings::{KingLeap, UnicornReading};
use crate::say;

/// The arrows of a pawn's directions: north, east, south, west.
pub const ARROWS: [char; 4] = ['^', '>', 'v', '<'];

/// A cell's token.
pub fn token(c: Cell, seats: u8) -> String {
    if c == EMPTY {
        return ".".into();
    }
    if code(c) == BLOCK {
        return "#".into();
    }
    let kind = Kind::from_code(code(c)).expect("a piece");
    let mut t = if seats == 2 {
        let l = kind.letter();
        if owner(c) == 0 {
            l
        } else {
            l.to_ascii_lowercase()
        }
        .to_string()
    } else {
        let mut t = format!("{}{}", owner(c) + 1, kind.letter());
        if kind == Kind::Pawn {
            t.push(ARROWS[state(c) as usize]);
        }
        t
    };
    if kind == Kind::Unicorn && state(c) & 1 == 1 {
        t.push('*');
    }
    t
}

/// The board's ranks, top first, as rows of tokens.
pub fn rows(pos: &Position) -> Vec<String> {
    let r = pos.rules();
    (0..r.shape.ranks)
        .rev()
        .map(|rank| {
            (0..r.shape.files)
                .map(|f| token(pos.cells()[square(f, rank) as usize], r.seats))
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn legal(pos: &Position) -> Vec<String> {
    if pos.waiting() == Waiting::Over || pos.waiting() == Waiting::Dice {
        return Vec::new();
    }
    let mut moves: Vec<Move> = Vec::new();
    pos.legal_moves(&mut moves);
    moves.iter().map(Move::to_string).collect()
}

/// The position as one JSON object.
pub fn to_json(pos: &Position, game: &str, sides: &[&'static str]) -> Value {
    let names = |mask: u8| names(sides, mask);
    let outcome = pos.ending().map(|e| e.to_json(sides));
    let mut v = json!({
        "game": game,
        "ply": pos.ply(),
        "to_move": sides[pos.to_move() as usize],
        "board": rows(pos),
        "in_check": pos.in_check(),
        "legal_moves": legal(pos),
        "outcome": outcome,
    });
    // Each key only where the rules read it: a king's first leap (Grande
    // Acedrex), a seat's first move (Four Seasons' first-move rule).
    if pos.rules().king_leap != KingLeap::None {
        v["king_leap"] = json!(names(pos.leapers()));
    }
    if pos.rules().first_move.is_some() {
        v["moved"] = json!(names(pos.moved()));
    }
    if pos.rules().seats > 2 {
        v["alive"] = json!(names(pos.alive()));
        // Only the seats out, as a position file gives them: a game over
        // also places the seats still playing (its `outcome` says how),
        // and a file that placed them would not read back.
        let placed: serde_json::Map<String, Value> = (0..sides.len())
            .filter(|&s| pos.alive() >> s & 1 == 0 && pos.places()[s] != 0)
            .map(|s| (sides[s].to_string(), json!(pos.places()[s])))
            .collect();
        v["places"] = Value::Object(placed);
    }
    if pos.rules().dice.is_some() {
        v["dice"] = json!(pos.dice().iter().filter(|&&f| f != 0).collect::<Vec<_>>());
    }
    v
}

/// The board drawn for a reader: ranks numbered on the left, files
/// lettered below, then the legend, whose turn it is and its legal moves
/// (or how the game ended).
pub fn diagram(pos: &Position, sides: &[&'static str]) -> String {
    let r = pos.rules();
    let width = if r.seats == 2 { 2 } else { 4 };
    let mut out = String::new();
    for (i, row) in rows(pos).iter().enumerate() {
        let rank = r.shape.ranks as usize - i;
        out.push_str(&format!("{rank:>3} "));
        for t in row.split(' ') {
            out.push_str(&format!("{t:<width$}"));
        }
        out.truncate(out.trim_end().len());
        out.push('\n');
    }
    out.push_str("    ");
    for f in 0..r.shape.files {
        out.push_str(&format!("{:<width$}", (b'a' + f) as char));
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out.push_str(&legend(pos, sides));
    match pos.ending() {
        Some(e) => out.push_str(&format!("{}\n", e.words(sides, "wins"))),
        None => {
            out.push_str(&format!(
                "{} to move{}\n",
                sides[pos.to_move() as usize],
                if pos.in_check() { ", in check" } else { "" }
            ));
            out.push_str(&moves_line(pos, sides));
        }
    }
    out
}

/// The key to the board's tokens: each kind the rules put on the board
/// (at the start or by promotion) by letter and name, the marks a token
/// may carry, and each side's letters with its pieces on the board.
fn legend(pos: &Position, sides: &[&'static str]) -> String {
    let r = pos.rules();
    let kinds: Vec<String> = KINDS
        .iter()
        .filter(|k| r.kinds & k.bit() != 0)
        .map(|k| format!("{} {}", k.letter(), k.name()))
        .collect();
    let mut out = format!("pieces: {}", kinds.join(", "));
    if r.seats > 2 {
        out.push_str("; a pawn's arrow is the way it walks (^ > v <)");
    }
    if r.unicorn == UnicornReading::Murray {
        out.push_str("; U* a unicorn that has made its first leap");
    }
    if r.walls.is_some() || pos.cells().iter().any(|&c| code(c) == BLOCK) {
        out.push_str("; # a square no piece enters");
    }
    out.push('\n');
    let mut on_board = [0usize; 4];
    for &sq in &r.squares {
        let c = pos.cells()[sq as usize];
        if c != EMPTY && code(c) != BLOCK {
            on_board[owner(c) as usize] += 1;
        }
    }
    for (s, side) in sides.iter().enumerate().take(usize::from(r.seats)) {
        let letters = match (r.seats, s) {
            (2, 0) => "upper case, K".to_string(),
            (2, _) => "lower case, k".to_string(),
            _ => format!("{}K", s + 1),
        };
        let out_of_play = if r.seats > 2 && pos.alive() >> s & 1 == 0 {
            ", out of the game"
        } else {
            ""
        };
        out.push_str(&format!(
            "{side} ({letters}): {} on the board{out_of_play}\n",
            plural(on_board[s], "piece")
        ));
    }
    out
}

/// The legal moves of the side to move, counted, as Rithmomachy's
/// diagram lists them; before a throw, that the die comes first.
fn moves_line(pos: &Position, sides: &[&'static str]) -> String {
    if pos.waiting() == Waiting::Dice {
        return format!(
            "{} throws the die before moving\n",
            sides[pos.to_move() as usize]
        );
    }
    let list = legal(pos);
    format!("{}: {}\n", plural(list.len(), "legal move"), list.join(" "))
}

/// Narrates how the game ended, once it has.
pub fn narrate_end<L: Log>(pos: &Position, sides: &[&'static str], log: &mut L) {
    if let Some(e) = pos.ending() {
        e.narrate(sides, log);
    }
}

/// Narrates the seats that went out since `alive` was the set playing:
/// why, their place, and where their army went.
pub fn narrate_out<L: Log>(pos: &Position, alive: u8, sides: &[&'static str], log: &mut L) {
    let left = alive & !pos.alive();
    for s in (0..sides.len() as u8).filter(|&s| (left >> s) & 1 == 1) {
        let g = pos.gone(s);
        let army = match g.heir {
            Some(h) => format!("its army joins {}", sides[h as usize]),
            None => "its pieces leave the board".to_string(),
        };
        say!(
            log,
            "{} is out by {} and takes place {}; {army}",
            sides[s as usize],
            g.reason,
            pos.places()[s as usize]
        );
    }
}

/// A square's name on this position's board.
pub fn name(pos: &Position, sq: Square) -> String {
    pos.rules().shape.name(sq)
}
