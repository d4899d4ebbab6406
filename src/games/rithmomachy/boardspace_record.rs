//! boardspace.net's records of Rithmomachy games (its `.sgf` files), read
//! into ludus's moves, so that `ludus position rithmomachy --record FILE`
//! replays a game played there under the `boardspace` rule set and shows
//! how it ended, who won and what each side captured.
//!
//! boardspace.net writes a game as SGF: nodes (`;`) of properties, each
//! move a `P0[...]` or `P1[...]` property (the player who made it) holding
//! an optional sequence number, an operation and its cells:
//!
//! - `Move M 8 N 5`: a piece moved at once (what its robots write);
//! - `Pickb M 8`, `Dropb N 5`, `Done`: a piece picked up, put down, and the
//!   move confirmed; a piece put back where it was picked up, or picked up
//!   again where it was put down, is taken back, as on the site;
//! - `Start P0`, `Resign`; `P0[id "name"]` and other header values are
//!   not moves.
//!
//! Its board has columns A-P along the board's 16 squares and rows 1-8
//! across: column A is ludus's rank 1 and row 1 its file a, so boardspace's
//! `M 8` is ludus's h13 (Black's 28 square at the start). Captures and
//! victories follow from the moves; the record's own are not read.
//!
//! ludus writes the games it keeps of the boardspace rule set the same
//! way (each move `Move` then `Done`, as the site's robots do), so that
//! the site's readers and `ludus position --record` replay them.

use crate::core::record::Record;
use crate::core::record_error::RecordError;
use crate::core::seat::Seat;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::position::Position;
use crate::games::rithmomachy::square::Square;

/// One property value of the record: its name, its text and the line it
/// starts on.
struct Property {
    name: String,
    value: String,
    line: usize,
}

/// The properties of an SGF text in order (the tree's shape is not needed:
/// boardspace.net writes one line of play).
fn properties(text: &str) -> Result<Vec<Property>, String> {
    let mut out = Vec::new();
    let mut name = String::new();
    let mut line = 1;
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        match c {
            '\n' => {
                line += 1;
                name.clear();
            }
            'A'..='Z' | '0'..='9' if !name.is_empty() || c.is_ascii_uppercase() => name.push(c),
            '[' => {
                if name.is_empty() {
                    return Err(format!(
                        "line {line}: a value `[` with no property name before it"
                    ));
                }
                let start = line;
                let mut value = String::new();
                loop {
                    match chars.next() {
                        None => return Err(format!("line {start}: `{name}[` is never closed")),
                        Some('\\') => {
                            if let Some(e) = chars.next() {
                                line += usize::from(e == '\n');
                                value.push(e);
                            }
                        }
                        Some(']') => break,
                        Some(v) => {
                            line += usize::from(v == '\n');
                            value.push(v);
                        }
                    }
                }
                out.push(Property {
                    name: name.clone(),
                    value,
                    line: start,
                });
                // A property may have several values: `AB[x][y]`; the name
                // holds until something else than a value follows.
            }
            c if c.is_whitespace() => {}
            _ => name.clear(),
        }
    }
    Ok(out)
}

/// A cell as boardspace.net names it (`M`, `8`), as a ludus square.
fn cell(col: &str, row: &str) -> Option<Square> {
    let mut c = col.chars();
    let letter = c
        .next()
        .filter(|l| c.next().is_none() && ('A'..='P').contains(l))?;
    // Checked before any arithmetic: a row such as `-128` is refused, not
    // made to overflow.
    let row: u8 = row.parse().ok().filter(|r| (1..=8).contains(r))?;
    Square::at(row as i8 - 1, letter as i8 - b'A' as i8)
}

/// A ludus square as boardspace.net names the cell (`M 8`).
fn cell_name(square: Square) -> String {
    let column = (b'A' + square.rank() as u8) as char;
    format!("{column} {}", square.file() + 1)
}

/// An SGF property value: `]` and `\` escaped.
fn sgf_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace(']', "\\]")
}

/// A game of plain moves (`from-to`, with the seat that made each)
/// written as boardspace.net writes its records: the players' names, the
/// start, then each move and its confirmation. boardspace.net's player 0
/// is Black and player 1 White. `None` if a move is not a plain move.
pub fn write(moves: &[(Seat, &str)], players: &[String], comment: &str) -> Option<String> {
    let mut out = format!("(;\nSU[Rithmomachy]\nC[{}]\n", sgf_text(comment));
    let player = |seat: Seat| usize::from(Side::of_seat(seat) == Side::White);
    for (seat, name) in players.iter().enumerate() {
        out.push_str(&format!("P{}[id \"{}\"]\n", player(seat), sgf_text(name)));
    }
    let first = moves.first().map_or(0, |&(seat, _)| player(seat));
    out.push_str(&format!("; P{first}[0 Start P{first}]\n"));
    let mut n = 1;
    for &(seat, mv) in moves {
        let (from, to) = mv.split_once('-')?;
        let (from, to) = (Square::parse(from)?, Square::parse(to)?);
        let p = player(seat);
        out.push_str(&format!(
            "; P{p}[{n} Move {} {}]\n; P{p}[{} Done]\n",
            cell_name(from),
            cell_name(to),
            n + 1
        ));
        n += 2;
    }
    out.push_str(")\n");
    Some(out)
}

/// A move being made: picked up, perhaps put down, not yet confirmed.
#[derive(Default)]
struct Pending {
    from: Option<Square>,
    to: Option<Square>,
}

/// Reads a boardspace.net record: its moves in ludus's notation, and
/// `first=white` when White moved first. `start` is the boardspace rule
/// set's starting position, which says whose piece the first move moved.
pub fn read(text: &str, start: &Position) -> Result<Record, RecordError> {
    moves(text, start).map_err(RecordError::Content)
}

fn moves(text: &str, start: &Position) -> Result<Record, String> {
    let mut moves: Vec<(u8, Square, Square)> = Vec::new();
    let mut notes = Vec::new();
    let mut names: [Option<String>; 2] = [None, None];
    let mut pending = Pending::default();
    let mut resigned: Option<u8> = None;
    for p in properties(text)? {
        let player = match p.name.as_str() {
            "P0" => 0u8,
            "P1" => 1,
            _ => continue,
        };
        let mut words = p.value.split_whitespace().peekable();
        let numbered = words
            .peek()
            .is_some_and(|w| w.bytes().all(|b| b.is_ascii_digit()));
        if numbered {
            words.next();
        }
        let at = |what: &str| format!("line {}: `{}`: {what}", p.line, p.value.trim());
        let Some(op) = words.next() else { continue };
        let args: Vec<&str> = words.collect();
        let square = |i: usize| -> Result<Square, String> {
            match (args.get(i), args.get(i + 1)) {
                (Some(c), Some(r)) => cell(c, r)
                    .ok_or_else(|| at(&format!("`{c} {r}` is not a cell of the 16 x 8 board"))),
                _ => Err(at("a cell (column A-P, row 1-8) is missing")),
            }
        };
        if resigned.is_some() {
            return Err(at("a move after a player resigned"));
        }
        match op.to_ascii_lowercase().as_str() {
            "start" => {}
            "pickb" => {
                let s = square(0)?;
                if pending.to == Some(s) {
                    pending.to = None;
                } else {
                    pending = Pending {
                        from: Some(s),
                        to: None,
                    };
                }
            }
            "dropb" => {
                let s = square(0)?;
                match (pending.from, pending.to) {
                    (None, _) => return Err(at("a piece put down that was never picked up")),
                    (Some(f), None) if f == s => pending = Pending::default(),
                    _ => pending.to = Some(s),
                }
            }
            "move" => {
                pending = Pending {
                    from: Some(square(0)?),
                    to: Some(square(2)?),
                };
            }
            "done" => {
                if let (Some(f), Some(t)) = (pending.from, pending.to) {
                    moves.push((player, f, t));
                }
                pending = Pending::default();
            }
            "resign" => resigned = Some(player),
            "edit" | "pick" | "drop" => {
                return Err(at(
                    "the record edits the board or moves pieces off it, which a replay cannot follow",
                ));
            }
            // Header values beside the moves: the players' names and clocks.
            "id" if !numbered => {
                names[player as usize] = Some(args.join(" ").trim_matches('"').to_string());
            }
            _ if !numbered => {}
            _ => return Err(at(&format!("`{op}` is not a move boardspace.net records"))),
        }
    }
    if let (Some(f), Some(t)) = (pending.from, pending.to) {
        notes.push(format!(
            "the last move ({f}-{t}) was never confirmed (no `Done`) and is left out"
        ));
    }
    // Whose side each player had: the first move moved one of theirs.
    let first = match moves.first() {
        Some(&(_, from, _)) => match start.board().get(from) {
            Some(piece) => piece.side,
            None => {
                return Err(format!(
                    "the first move starts on {from}, where no piece stands at the start"
                ));
            }
        },
        None => Side::Black,
    };
    let side_of = |player: u8| match moves.first() {
        Some(&(p, _, _)) if p == player => first,
        Some(_) => first.other(),
        None => Side::of_seat(usize::from(player == 0)),
    };
    for (player, name) in names.iter().enumerate() {
        if let Some(n) = name {
            notes.push(format!("{} was {n}", side_of(player as u8).name()));
        }
    }
    if let Some(r) = resigned {
        notes.push(format!(
            "{} resigned after {} (boardspace.net counts it a win for {})",
            side_of(r).name(),
            crate::core::plural::plural(moves.len(), "move"),
            side_of(r).other().name()
        ));
    }
    let mut options = vec![("rules".to_string(), "boardspace".to_string())];
    if first == Side::White {
        options.push(("first".to_string(), "white".to_string()));
    }
    Ok(Record {
        options,
        moves: moves.iter().map(|(_, f, t)| format!("{f}-{t}")).collect(),
        notes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_cell_reads_back_as_the_same_square() {
        for text in ["a1", "h13", "h16", "c5"] {
            let square = Square::parse(text).unwrap();
            let name = cell_name(square);
            let (col, row) = name.split_once(' ').unwrap();
            assert_eq!(cell(col, row), Some(square), "{text} written {name}");
        }
        assert_eq!(cell_name(Square::parse("h13").unwrap()), "M 8");
    }

    #[test]
    fn only_plain_moves_are_written_and_names_are_escaped() {
        let players = ["seat 1: lua:a]b.lua".to_string(), "seat 2".to_string()];
        let text = write(&[(1, "h13-e14"), (0, "a4-b5")], &players, "seed 7").unwrap();
        assert!(text.contains("P0[id \"seat 2\"]"), "{text}");
        assert!(text.contains("P1[id \"seat 1: lua:a\\]b.lua\"]"), "{text}");
        assert!(
            text.contains("; P0[1 Move M 8 N 5]\n; P0[2 Done]"),
            "{text}"
        );
        assert!(text.contains("; P0[0 Start P0]"), "{text}");
        assert_eq!(write(&[(1, "h13xe14")], &players, ""), None);
        assert_eq!(write(&[(1, "C9@e5")], &players, ""), None);
    }

    #[test]
    fn cells_map_columns_to_ranks_and_rows_to_files() {
        assert_eq!(cell("M", "8").unwrap().to_string(), "h13");
        assert_eq!(cell("A", "1").unwrap().to_string(), "a1");
        assert_eq!(cell("P", "8").unwrap().to_string(), "h16");
        assert!(cell("Q", "1").is_none() && cell("A", "9").is_none() && cell("A", "0").is_none());
    }

    /// Found by the fuzz suite: row `-128` made `row - 1` overflow (a
    /// panic in a debug build, a wrapped row in a release build).
    #[test]
    fn rows_off_the_board_at_the_ends_of_the_integers_are_refused() {
        for row in [
            "-128",
            "-1",
            "127",
            "255",
            "256",
            "99999999999999999999",
            "0",
            "",
        ] {
            assert!(cell("M", row).is_none(), "row `{row}`");
        }
    }

    #[test]
    fn property_values_keep_escaped_brackets_and_count_lines() {
        let p = properties("(;GM[1]\n; P0[id \"a\\]b\"]\n;P1[2 Done])").unwrap();
        let got: Vec<(&str, &str, usize)> = p
            .iter()
            .map(|p| (p.name.as_str(), p.value.as_str(), p.line))
            .collect();
        assert_eq!(
            got,
            [("GM", "1", 1), ("P0", "id \"a]b\"", 2), ("P1", "2 Done", 3)]
        );
    }
}
