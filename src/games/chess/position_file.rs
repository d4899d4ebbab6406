//! Position files: a position written as JSON, in the form `ludus position
//! --json` prints, so that its output reads back.
//!
//! ```json
//! {"to_move": "white",
//!  "board": ["r l u g c a k c g u l r", ". . . . . . . . . . . .", ...],
//!  "king_leap": ["black"]}
//! ```
//!
//! `to_move` and `board` (the ranks from the top, each a row of the
//! tokens [`crate::games::chess::describe`] writes, one per file) are
//! required; a square the rules close (Four Seasons' centre) may be
//! written `#` or `.`. Optional: `game` (checked), `ply`, `king_leap` (the sides
//! whose king may still make its first leap; by default those whose king
//! stands on its square of the setup), `moved` (the sides that have made
//! their first move, for Four Seasons' first-move rule; by default none at
//! ply 0 and every side after), `alive` (the seats still playing; by
//! default both in a game of two, those with a king in a game of more) and
//! `places` (the places of the seats out, e.g. `{"red": 4}`; by default
//! they share the last). `in_check`, `dice`, `legal_moves` and
//! `outcome` follow from the rest and are not read. Any other key is an
//! error, so that a misspelt key is not silently dropped.

use serde::Deserialize;
use serde::de::IgnoredAny;

use crate::games::board::options::CAP_MAX;
use crate::games::board::position_file::{check_game, read};
use crate::games::board::sides::{mask, side};
use crate::games::chess::board::{CELLS, square};
use crate::games::chess::describe::ARROWS;
use crate::games::chess::piece::{BLOCK, Cell, EMPTY, Kind, OFF, code, is_piece, owner, piece};
use crate::games::chess::position::Parts;
use crate::games::chess::readings::KingLeap;
use crate::games::chess::rules::Rules;
use crate::games::chess::steps::PAWN_DIRECTIONS;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct File {
    game: Option<String>,
    ply: Option<serde_json::Value>,
    to_move: String,
    board: Vec<String>,
    king_leap: Option<Vec<String>>,
    moved: Option<Vec<String>>,
    alive: Option<Vec<String>>,
    places: Option<std::collections::BTreeMap<String, u8>>,
    #[serde(default, rename = "in_check")]
    _in_check: Option<IgnoredAny>,
    #[serde(default, rename = "dice")]
    _dice: Option<IgnoredAny>,
    #[serde(default, rename = "legal_moves")]
    _legal_moves: Option<IgnoredAny>,
    #[serde(default, rename = "outcome")]
    _outcome: Option<IgnoredAny>,
}

/// The plies played before, as a file gives them (0 if it does not): a
/// whole number no larger than the largest cap, so that the count can
/// neither be negative nor wrap as play goes on.
fn plies(given: Option<&serde_json::Value>) -> Result<u32, String> {
    let Some(v) = given else {
        return Ok(0);
    };
    let max = CAP_MAX;
    match (v.as_i64(), v.as_u64()) {
        (Some(n), _) if n < 0 => Err(format!("ply: {n} is negative (plies count from 0)")),
        (Some(n), _) if n <= max => Ok(n as u32),
        (_, Some(_)) | (Some(_), _) => Err(format!(
            "ply: {v} is more plies than a game may last (the cap is at most {max})"
        )),
        _ if v.is_number() => Err(format!(
            "ply: {v} is not a whole number of plies (at most {max})"
        )),
        _ => Err(format!("ply: `{v}` is not a number of plies")),
    }
}

/// The pawn direction a seat's pawns have in the setup, if they share one.
fn setup_direction(rules: &Rules, seat: u8) -> Option<u8> {
    let mut dirs = rules
        .squares
        .iter()
        .map(|&sq| rules.start[sq as usize])
        .filter(|&c| code(c) == Kind::Pawn as u8 && owner(c) == seat)
        .map(|c| c >> 6);
    let first = dirs.next()?;
    dirs.all(|d| d == first).then_some(first)
}

/// Reads one token of a row.
fn token(text: &str, rules: &Rules, at: &str) -> Result<Cell, String> {
    if text == "." {
        return Ok(EMPTY);
    }
    if text == "#" {
        return Ok(BLOCK);
    }
    let mut chars = text.chars().peekable();
    let seat = match chars.peek() {
        Some(d) if d.is_ascii_digit() => {
            let s = d.to_digit(10).unwrap_or(0) as u8;
            chars.next();
            if s == 0 || s > rules.seats {
                return Err(format!("{at}: `{text}` names seat {s} of {}", rules.seats));
            }
            Some(s - 1)
        }
        _ => None,
    };
    let letter = chars
        .next()
        .ok_or_else(|| format!("{at}: `{text}` has no piece letter"))?;
    let kind = Kind::from_letter(letter)
        .filter(|k| rules.kinds & k.bit() != 0)
        .ok_or_else(|| format!("{at}: `{letter}` is not a piece of {}", rules.game))?;
    let seat = match seat {
        Some(s) => s,
        None if rules.seats == 2 => u8::from(letter.is_ascii_lowercase()),
        None => {
            return Err(format!(
                "{at}: `{text}` must name its seat (1-{}) before the letter",
                rules.seats
            ));
        }
    };
    let state = match chars.next() {
        Some(a) if kind == Kind::Pawn => ARROWS
            .iter()
            .position(|&x| x == a)
            .map(|i| i as u8)
            .ok_or_else(|| format!("{at}: `{a}` is not a direction (^ > v <)"))?,
        None if kind == Kind::Pawn => setup_direction(rules, seat).ok_or_else(|| {
            format!("{at}: the pawn `{text}` must say which way it walks (^ > v <)")
        })?,
        None => 0,
        Some('*') if kind == Kind::Unicorn => 1,
        Some(c) => return Err(format!("{at}: `{text}` has `{c}` after its letter")),
    };
    if chars.next().is_some() {
        return Err(format!("{at}: `{text}` is not a token"));
    }
    Ok(piece(kind, seat, state))
}

/// The closed squares' names, for messages.
fn closed_squares(rules: &Rules) -> String {
    let names: Vec<String> = rules
        .squares
        .iter()
        .filter(|&&sq| rules.start[sq as usize] == BLOCK)
        .map(|&sq| rules.shape.name(sq))
        .collect();
    if names.is_empty() {
        "none".into()
    } else {
        names.join(" ")
    }
}

/// Reads a position file's text for a game played by `rules`.
pub(crate) fn parse(
    text: &str,
    game: &str,
    sides: &[&str],
    rules: &Rules,
) -> Result<Parts, String> {
    let file: File = read(text, "")?;
    check_game(file.game.as_deref(), game, "file")?;
    let shape = rules.shape;
    if file.board.len() != usize::from(shape.ranks) {
        return Err(format!(
            "board: {} rows for {} ranks",
            file.board.len(),
            shape.ranks
        ));
    }
    let mut cells: [Cell; CELLS] = shape.empty_cells();
    for (i, row) in file.board.iter().enumerate() {
        let rank = shape.ranks - 1 - i as u8;
        let tokens: Vec<&str> = row.split_whitespace().collect();
        if tokens.len() != usize::from(shape.files) {
            return Err(format!(
                "board: rank {} has {} squares, not {}",
                rank + 1,
                tokens.len(),
                shape.files
            ));
        }
        for (f, t) in tokens.iter().enumerate() {
            let sq = square(f as u8, rank);
            let at = format!("board: {}", shape.name(sq));
            let mut c = token(t, rules, &at)?;
            let closed = rules.start[sq as usize] == BLOCK;
            if c == BLOCK && !closed {
                return Err(format!(
                    "{at}: `#` is on an open square (these rules close only: {})",
                    closed_squares(rules)
                ));
            }
            if closed {
                if c != EMPTY && c != BLOCK {
                    return Err(format!(
                        "{at}: `{t}` stands on a closed square (`#` or `.` there)"
                    ));
                }
                // The rules close the square; `.` there is read as `#`.
                c = BLOCK;
            }
            if code(c) == Kind::Pawn as u8 {
                let (df, dr) = PAWN_DIRECTIONS[(c >> 6) as usize];
                let ahead = crate::games::chess::board::shifted(
                    sq,
                    crate::games::chess::board::offset(df, dr),
                );
                if rules.start[ahead as usize] == OFF {
                    return Err(format!(
                        "{at}: a pawn on the edge ahead of it is promoted, not left a pawn"
                    ));
                }
            }
            cells[sq as usize] = c;
        }
    }
    let mut kings = [0u8; 4];
    let mut pieces = [0u8; 4];
    for &sq in &rules.squares {
        let c = cells[sq as usize];
        if is_piece(c) {
            pieces[owner(c) as usize] += 1;
            if code(c) == Kind::King as u8 {
                kings[owner(c) as usize] += 1;
            }
        }
    }
    let alive = match &file.alive {
        Some(names) => mask(sides, names, "alive")?,
        // With two seats both play; with more, a seat without a king is out.
        None if rules.seats == 2 => 3,
        None => (0..rules.seats).fold(0, |m, s| m | u8::from(kings[s as usize] > 0) << s),
    };
    for s in 0..rules.seats {
        let playing = (alive >> s) & 1 == 1;
        let name = sides[s as usize];
        if playing && kings[s as usize] != 1 {
            return Err(format!(
                "board: {name} has {} kings, not one",
                kings[s as usize]
            ));
        }
        if !playing && pieces[s as usize] > 0 {
            return Err(format!("board: {name} is out of the game but has pieces"));
        }
    }
    if alive.count_ones() < 2 {
        return Err("board: fewer than two sides have a king".into());
    }
    let to_move = side(sides, &file.to_move, "to_move")?;
    if (alive >> to_move) & 1 == 0 {
        return Err(format!("to_move: {} is out of the game", file.to_move));
    }
    let leapers = match &file.king_leap {
        _ if rules.king_leap == KingLeap::None => 0,
        Some(names) => mask(sides, names, "king_leap")?,
        None => (0..rules.seats).fold(0, |m, s| {
            let home = rules.squares.iter().any(|&sq| {
                rules.start[sq as usize] == cells[sq as usize]
                    && cells[sq as usize] == piece(Kind::King, s, 0)
            });
            m | u8::from(home) << s
        }),
    } & alive;
    let ply = plies(file.ply.as_ref())?;
    let moved = match &file.moved {
        Some(names) => mask(sides, names, "moved")?,
        None if ply == 0 => 0,
        None => (1u8 << rules.seats) - 1,
    };
    let places = out_places(file.places.as_ref(), sides, rules.seats, alive)?;
    Ok(Parts {
        cells,
        to_move,
        alive,
        leapers,
        moved,
        ply,
        places,
    })
}

/// The places of the seats already out: as the file gives them (each out
/// seat a place after every seat still playing, no two alike), or by
/// default shared, the last.
fn out_places(
    given: Option<&std::collections::BTreeMap<String, u8>>,
    sides: &[&str],
    seats: u8,
    alive: u8,
) -> Result<[u8; 4], String> {
    let playing = alive.count_ones() as u8;
    let out: Vec<u8> = (0..seats).filter(|&s| (alive >> s) & 1 == 0).collect();
    let mut places = [0u8; 4];
    match given {
        None => {
            for &s in &out {
                places[s as usize] = playing + 1;
            }
        }
        Some(map) => {
            for (name, &place) in map {
                let s = side(sides, name, "places")?;
                if (alive >> s) & 1 == 1 {
                    return Err(format!("places: {name} is still playing"));
                }
                if place <= playing || place > seats {
                    return Err(format!(
                        "places: {name}'s place {place} is not among the places of the seats out ({} to {seats})",
                        playing + 1
                    ));
                }
                if places.contains(&place) {
                    return Err(format!("places: two seats have place {place}"));
                }
                places[s as usize] = place;
            }
            if let Some(&s) = out.iter().find(|&&s| places[s as usize] == 0) {
                return Err(format!(
                    "places: {} is out but has no place",
                    sides[s as usize]
                ));
            }
        }
    }
    Ok(places)
}
