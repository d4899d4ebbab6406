//! An independent reference for the alquerque board's games (alquerque,
//! Catch the Rabbit), written from the brief with coordinates and plain
//! vectors, no bitboards: its legal moves must be the engine's, move for
//! move, at the start, four plies deep and along random games.

use ludus::analysis::start::Start;
use std::collections::BTreeSet;

use crate::support::{after, entry, legal, options};

type Board = [[u8; 5]; 5]; // 0 empty, 1 seat 1, 2 seat 2

fn name(f: i32, r: i32) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn on(f: i32, r: i32) -> bool {
    (0..5).contains(&f) && (0..5).contains(&r)
}

/// The directions along lines from (f, r): orthogonal everywhere, diagonal
/// where file + rank is even (brief §2).
fn dirs(f: i32, r: i32) -> Vec<(i32, i32)> {
    let mut d = vec![(1, 0), (-1, 0), (0, 1), (0, -1)];
    if (f + r) % 2 == 0 {
        d.extend([(1, 1), (1, -1), (-1, 1), (-1, -1)]);
    }
    d
}

#[derive(Clone)]
struct Ref {
    board: Board,
    to_move: u8,
    chain: &'static str,
    forced: bool,
    jumpers: [bool; 2],
}

impl Ref {
    fn at(&self, f: i32, r: i32) -> u8 {
        self.board[r as usize][f as usize]
    }

    fn chains(
        &self,
        path: &mut Vec<(i32, i32)>,
        taken: &mut Vec<(i32, i32)>,
        out: &mut Vec<String>,
    ) {
        let (f, r) = *path.last().unwrap();
        let start = path[0];
        let me = self.to_move;
        let mut went_on = false;
        for (df, dr) in dirs(f, r) {
            let (of, or, tf, tr) = (f + df, r + dr, f + 2 * df, r + 2 * dr);
            if !on(tf, tr) {
                continue;
            }
            let enemy = self.at(of, or) != 0 && self.at(of, or) != me && !taken.contains(&(of, or));
            let empty = self.at(tf, tr) == 0 || (tf, tr) == start;
            if !(enemy && empty) {
                continue;
            }
            went_on = true;
            path.push((tf, tr));
            taken.push((of, or));
            let text = || {
                let mut s = name(start.0, start.1);
                for p in &path[1..] {
                    s += &format!("x{}", name(p.0, p.1));
                }
                s
            };
            match self.chain {
                "off" => out.push(text()),
                "optional" => {
                    out.push(text());
                    self.chains(path, taken, out);
                }
                _ => self.chains(path, taken, out),
            }
            path.pop();
            taken.pop();
        }
        if !went_on && path.len() > 1 && self.chain == "must_continue" {
            let mut s = name(start.0, start.1);
            for p in &path[1..] {
                s += &format!("x{}", name(p.0, p.1));
            }
            out.push(s);
        }
    }

    fn moves(&self) -> BTreeSet<String> {
        let mut steps = Vec::new();
        let mut jumps = Vec::new();
        for r in 0..5 {
            for f in 0..5 {
                if self.at(f, r) != self.to_move {
                    continue;
                }
                for (df, dr) in dirs(f, r) {
                    if on(f + df, r + dr) && self.at(f + df, r + dr) == 0 {
                        steps.push(format!("{}-{}", name(f, r), name(f + df, r + dr)));
                    }
                }
                if self.jumpers[self.to_move as usize - 1] {
                    self.chains(&mut vec![(f, r)], &mut Vec::new(), &mut jumps);
                }
            }
        }
        if self.forced && !jumps.is_empty() {
            steps.clear();
        }
        steps.into_iter().chain(jumps).collect()
    }
}

/// The board after `mv` (written as the notation writes it).
fn apply(board: &Board, mv: &str) -> Board {
    let point = |t: &str| {
        let b = t.as_bytes();
        ((b[0] - b'a') as i32, (b[1] - b'1') as i32)
    };
    let mut b = *board;
    let stops: Vec<(i32, i32)> = mv.split(['-', 'x']).map(point).collect();
    let (f0, r0) = stops[0];
    let man = b[r0 as usize][f0 as usize];
    b[r0 as usize][f0 as usize] = 0;
    if mv.contains('x') {
        for w in stops.windows(2) {
            let (mf, mr) = ((w[0].0 + w[1].0) / 2, (w[0].1 + w[1].1) / 2);
            b[mr as usize][mf as usize] = 0;
        }
    }
    let (f1, r1) = *stops.last().unwrap();
    b[r1 as usize][f1 as usize] = man;
    b
}

fn reference_of(json: &serde_json::Value, game: &str, given: &[(&str, &str)]) -> Ref {
    let sides = if game == "rabbit" {
        ["hare", "hunters"]
    } else {
        ["white", "black"]
    };
    let mut board = [[0u8; 5]; 5];
    for (p, side) in json["points"].as_object().unwrap() {
        let b = p.as_bytes();
        let seat = if side == sides[0] { 1 } else { 2 };
        board[(b[1] - b'1') as usize][(b[0] - b'a') as usize] = seat;
    }
    let get = |k: &str, d: &'static str| {
        given
            .iter()
            .find(|(key, _)| *key == k)
            .map_or(d, |(_, v)| match *v {
                "off" => "off",
                "must_continue" => "must_continue",
                "true" => "true",
                "false" => "false",
                _ => "optional",
            })
    };
    let (chain, jumpers) = if game == "rabbit" {
        let c = if get("hare_chain", "true") == "true" {
            "optional"
        } else {
            "off"
        };
        (c, [true, false])
    } else {
        (get("chain", "optional"), [true, true])
    };
    Ref {
        board,
        to_move: if json["to_move"] == sides[0] { 1 } else { 2 },
        chain,
        forced: get("forced_capture", "false") == "true",
        jumpers,
    }
}

/// A small deterministic generator, so the walks need no crate.
fn xorshift(state: &mut u64) -> u64 {
    *state ^= *state << 13;
    *state ^= *state >> 7;
    *state ^= *state << 17;
    *state
}

const VARIANTS: [(&str, &[(&str, &str)]); 7] = [
    ("alquerque", &[("first", "seat1")]),
    (
        "alquerque",
        &[("first", "seat2"), ("chain", "must_continue")],
    ),
    ("alquerque", &[("first", "seat1"), ("chain", "off")]),
    (
        "alquerque",
        &[("first", "seat1"), ("forced_capture", "true")],
    ),
    ("rabbit", &[]),
    ("rabbit", &[("first", "hunters"), ("hare_chain", "false")]),
    ("rabbit", &[("hunters", "10")]),
];

#[test]
fn engine_moves_are_the_reference_moves_along_random_games() {
    for (game, given) in VARIANTS {
        for seed in 1..=12u64 {
            let mut state = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
            let mut played: Vec<String> = Vec::new();
            for _ in 0..120 {
                let json = after(game, given, &played.join(" "));
                if !json["outcome"].is_null() {
                    break;
                }
                let engine: BTreeSet<String> = legal(&json).into_iter().collect();
                let reference = reference_of(&json, game, given).moves();
                assert_eq!(engine, reference, "{game} {given:?} after {played:?}");
                let list: Vec<&String> = reference.iter().collect();
                let k = (xorshift(&mut state) % list.len() as u64) as usize;
                played.push(list[k].clone());
                let expected = apply(&reference_of(&json, game, given).board, list[k]);
                let next = after(game, given, &played.join(" "));
                assert_eq!(
                    reference_of(&next, game, given).board,
                    expected,
                    "{game} {given:?}: the board after {played:?}"
                );
            }
        }
    }
}

fn reference_perft(game: &str, given: &[(&str, &str)], moves: &mut Vec<String>, depth: u32) -> u64 {
    let json = after(game, given, &moves.join(" "));
    if depth == 0 || !json["outcome"].is_null() {
        return 1;
    }
    let mut n = 0;
    for m in reference_of(&json, game, given).moves() {
        moves.push(m);
        n += reference_perft(game, given, moves, depth - 1);
        moves.pop();
    }
    n
}

#[test]
fn perft_to_depth_four_equals_the_reference() {
    for (game, given) in VARIANTS {
        for depth in 1..=4 {
            let engine = entry(game)
                .perft(&Start::new(&options(game, given), None), depth)
                .unwrap();
            let reference = reference_perft(game, given, &mut Vec::new(), depth);
            assert_eq!(engine, reference, "{game} {given:?} depth {depth}");
        }
    }
}
