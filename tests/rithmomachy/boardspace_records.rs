//! boardspace.net's game records (`.sgf`) replayed: cells mapped onto
//! ludus's squares, the site's ways of writing a move (at once, or picked
//! up, put down and confirmed, with take-backs) read alike, and whole
//! random games written as boardspace.net writes them ending as they ended.

use ludus::analysis::start::Start;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::presentation::Presentation;
use ludus::core::record_error::RecordError;
use ludus::core::seed::{Stream, below, stream};
use ludus::games::rithmomachy::Rithmomachy;
use ludus::registry;

use crate::support::options;

/// ludus's square `h13` as boardspace.net writes the cell: `M 8`.
fn cell(square: &str) -> String {
    let file = square.as_bytes()[0] - b'a' + 1;
    let rank: u8 = square[1..].parse().unwrap();
    format!("{} {file}", (b'A' + rank - 1) as char)
}

/// A record of `moves` (ludus's `from-to`, Black first unless `white_first`)
/// in boardspace.net's form, each move written in one of its ways by `way`.
fn record(moves: &[String], white_first: bool, way: impl Fn(usize) -> usize) -> String {
    let mut out = String::from(
        "(;\nGM[0]VV[1]\nSU[Rithmomachy]\nP0[id \"ann\"]\nP1[id \"bob\"]\n; P0[0 Start P0]\n",
    );
    let mut n = 1;
    let mut node = |player: usize, text: String| {
        out.push_str(&format!("; P{player}[{n} {text}]TM[12]\n"));
        n += 1;
    };
    for (i, mv) in moves.iter().enumerate() {
        let player = (i + usize::from(white_first)) % 2;
        let (from, to) = mv.split_once('-').unwrap();
        match way(i) % 4 {
            0 => node(player, format!("Move {} {}", cell(from), cell(to))),
            1 => {
                node(player, format!("Pickb {}", cell(from)));
                node(player, format!("Dropb {}", cell(to)));
            }
            2 => {
                // Put back where it was picked up, then moved for good.
                node(player, format!("Pickb {}", cell(from)));
                node(player, format!("Dropb {}", cell(from)));
                node(player, format!("Pickb {}", cell(from)));
                node(player, format!("Dropb {}", cell(to)));
            }
            _ => {
                // Dropped on the target, picked up again there, dropped again.
                node(player, format!("Pickb {}", cell(from)));
                node(player, format!("Dropb {}", cell(to)));
                node(player, format!("Pickb {}", cell(to)));
                node(player, format!("Dropb {}", cell(to)));
            }
        }
        node(player, "Done".to_string());
    }
    out.push_str(")\n");
    out
}

fn read(text: &str) -> Result<ludus::core::record::Record, RecordError> {
    <Rithmomachy as ludus::core::record_formats::RecordFormats>::read_record("boardspace", text)
}

/// The opening, written as boardspace.net writes it, reads as
/// ludus's moves (Black first, so no `first` option).
#[test]
fn the_cells_of_a_record_are_ludus_squares() {
    let moves: Vec<String> = "h13-e14 f6-e7 a13-b11 d6-c7 b11-c8"
        .split(' ')
        .map(str::to_string)
        .collect();
    let r = read(&record(&moves, false, |i| i)).unwrap();
    assert_eq!(r.moves, moves);
    assert_eq!(r.options, [("rules".to_string(), "boardspace".to_string())]);
    assert!(
        r.notes.contains(&"black was ann".to_string()),
        "{:?}",
        r.notes
    );
    assert!(record(&moves, false, |_| 0).contains("P0[1 Move M 8 N 5]"));
}

/// Random games played to their end under the boardspace rules, written
/// in boardspace.net's ways and read back, end as they ended: the same
/// position, ending, winner and captures (the whole JSON).
#[test]
fn recorded_random_games_replay_to_the_same_end() {
    let entry = registry::find("rithmomachy").unwrap();
    for (seed, first) in [(1u64, "black"), (2, "white"), (3, "black"), (4, "white")] {
        let opts = options("boardspace", &[("first", first)]);
        let mut game = Rithmomachy::new(&opts).unwrap();
        let mut rng = stream(seed, Stream::Seat(0));
        let mut legal = Vec::new();
        let mut moves = Vec::new();
        while game.turn() != Turn::Over {
            game.legal_moves(&mut legal);
            let mv = legal[below(&mut rng, legal.len() as u32) as usize];
            moves.push(mv.to_string());
            game.play(mv, &mut Silent);
        }
        let text = record(&moves, first == "white", |i| i * 7 + seed as usize);
        let r = read(&text).unwrap();
        assert_eq!(r.moves, moves, "seed {seed}");
        let given: Vec<(String, String)> = r.options.clone();
        let replay_opts =
            ludus::core::options::Options::resolve(Rithmomachy::option_specs(), &given).unwrap();
        assert_eq!(
            Rithmomachy::options_in_force(&replay_opts).unwrap(),
            Rithmomachy::options_in_force(&opts).unwrap(),
            "seed {seed}: the record implies the options played"
        );
        let shown = entry
            .position(&Start::new(&replay_opts, None), &r.moves, true)
            .unwrap();
        assert_eq!(shown, game.to_json().to_string(), "seed {seed}");
        assert!(shown.contains("\"outcome\":{"), "seed {seed}: {shown}");
    }
}

/// What cannot be replayed, and what is not a move, is named with its line.
#[test]
fn bad_records_name_the_line() {
    let bad = |text: &str, needle: &str| {
        let e = read(text).unwrap_err();
        assert!(matches!(e, RecordError::Content(_)), "{e:?}");
        let e = e.to_string();
        assert!(e.contains(needle), "`{e}` should say `{needle}`");
    };
    bad(
        "(;\n; P0[1 Pickb Q 1]\n)",
        "line 2: `1 Pickb Q 1`: `Q 1` is not a cell",
    );
    bad(
        "(;\n; P0[1 Pickb M 8]\n; P0[2 Edit]\n)",
        "line 3: `2 Edit`: the record edits the board",
    );
    bad("(;\n; P0[1 Dropb M 8]\n)", "never picked up");
    bad("(;\n; P0[1 Fly M 8]\n)", "`Fly` is not a move");
    bad(
        "(;\n; P0[1 Move M 8 N 5]\n; P0[2 Done]\n; P0[3 Resign]\n; P1[4 Move F 6 G 5]\n)",
        "after a player resigned",
    );
    bad(
        "(;\n; P0[1 Move H 8 N 5]\n; P0[2 Done]\n)",
        "no piece stands",
    );
    bad("(;\nGM[1\n", "never closed");
    // A resignation and an unconfirmed last move are told, not hidden.
    let r = read("(;\n; P0[1 Move M 8 N 5]\n; P0[2 Done]\n; P1[3 Pickb F 6]\n; P1[4 Dropb G 5]\n; P1[5 Resign]\n)").unwrap();
    assert_eq!(r.moves, ["h13-e14"]);
    assert!(
        r.notes.iter().any(|n| n.contains("never confirmed")),
        "{:?}",
        r.notes
    );
    assert!(
        r.notes
            .iter()
            .any(|n| n.contains("white resigned after 1 move")),
        "{:?}",
        r.notes
    );
}
