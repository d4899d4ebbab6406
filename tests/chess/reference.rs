//! An independent reference for Grande Acedrex, written from the rules
//! brief with none of the engine's code: a map from (file, rank) to pieces,
//! moves generated square by square, and check found by generating every
//! enemy move. Its legal moves must be the engine's, move for move, at
//! every node of perft and along random games, under every reading.

use std::collections::{BTreeSet, HashMap};

use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::seed::{Stream, below, stream};
use ludus::games::chess::GrandeAcedrex;

use crate::support::options;

type Sq = (i32, i32);

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
struct Man {
    kind: char,
    side: usize,
    moved: bool,
}

#[derive(Clone, Debug)]
struct Readings {
    king_leap: &'static str,
    aanca: &'static str,
    unicorn: &'static str,
    lion: &'static str,
    giraffe: &'static str,
    pawn_double: bool,
}

#[derive(Clone)]
struct Ref {
    board: HashMap<Sq, Man>,
    to_move: usize,
    king_moved: [bool; 2],
    r: Readings,
}

const BACK: &str = "RLUGCAKCGULR";

fn inside((f, r): Sq) -> bool {
    (0..12).contains(&f) && (0..12).contains(&r)
}

fn perms(a: i32, b: i32) -> BTreeSet<Sq> {
    let mut s = BTreeSet::new();
    for (x, y) in [(a, b), (b, a)] {
        for sx in [1, -1] {
            for sy in [1, -1] {
                s.insert((x * sx, y * sy));
            }
        }
    }
    s
}

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

#[derive(Clone, Copy)]
struct Mv {
    from: Sq,
    to: Sq,
    promo: Option<char>,
}

impl Ref {
    fn start(r: Readings) -> Ref {
        let mut board = HashMap::new();
        for (f, k) in BACK.chars().enumerate() {
            let f = f as i32;
            for (side, back, pawns) in [(0, 0, 3), (1, 11, 8)] {
                board.insert(
                    (f, back),
                    Man {
                        kind: k,
                        side,
                        moved: false,
                    },
                );
                board.insert(
                    (f, pawns),
                    Man {
                        kind: 'P',
                        side,
                        moved: false,
                    },
                );
            }
        }
        Ref {
            board,
            to_move: 0,
            king_moved: [false; 2],
            r,
        }
    }

    fn fwd(side: usize) -> i32 {
        if side == 0 { 1 } else { -1 }
    }

    /// Every move of `side` ignoring its king's safety; `with_quiet_leaps`
    /// adds Cazaux's non-capturing king leaps (which need the attack test).
    fn pseudo(&self, side: usize, with_quiet_leaps: bool) -> Vec<Mv> {
        let mut out = Vec::new();
        let enemy = |s: Sq| self.board.get(&s).is_some_and(|m| m.side != side);
        let empty = |s: Sq| inside(s) && !self.board.contains_key(&s);
        let mut squares: Vec<(&Sq, &Man)> =
            self.board.iter().filter(|(_, m)| m.side == side).collect();
        squares.sort_by_key(|(s, _)| **s);
        for (&p, man) in squares {
            let mut push = |to: Sq, promo: Option<char>| out.push(Mv { from: p, to, promo });
            let slide = |start: Sq, d: Sq, push: &mut dyn FnMut(Sq, Option<char>)| {
                let mut t = (start.0 + d.0, start.1 + d.1);
                while inside(t) {
                    if empty(t) {
                        push(t, None);
                    } else {
                        if enemy(t) {
                            push(t, None);
                        }
                        break;
                    }
                    t = (t.0 + d.0, t.1 + d.1);
                }
            };
            let leap = |d: Sq, push: &mut dyn FnMut(Sq, Option<char>)| {
                let t = (p.0 + d.0, p.1 + d.1);
                if empty(t) || enemy(t) {
                    push(t, None);
                }
            };
            let fwd = Ref::fwd(side);
            match man.kind {
                'K' => {
                    for d in perms(0, 1).union(&perms(1, 1)) {
                        leap(*d, &mut push);
                    }
                    if !self.king_moved[side] {
                        for d in perms(0, 2).union(&perms(2, 2)) {
                            let t = (p.0 + d.0, p.1 + d.1);
                            match self.r.king_leap {
                                "seed" => leap(*d, &mut push),
                                "forward" if d.1 == 2 * fwd => leap(*d, &mut push),
                                "cazaux" if with_quiet_leaps && empty(t) => {
                                    let over = (p.0 + d.0 / 2, p.1 + d.1 / 2);
                                    if !self.attacked(p, 1 - side) && !self.attacked(over, 1 - side)
                                    {
                                        push(t, None);
                                    }
                                }
                                _ => {}
                            }
                        }
                    }
                }
                'R' => {
                    for d in perms(0, 1) {
                        slide(p, d, &mut push);
                    }
                }
                'C' => {
                    for d in perms(1, 1) {
                        slide(p, d, &mut push);
                    }
                }
                'L' => {
                    let mut ds = perms(0, 3);
                    if self.r.lion == "seed" {
                        ds.extend(perms(1, 3));
                    }
                    for d in ds {
                        leap(d, &mut push);
                    }
                }
                'G' => {
                    let ds = if self.r.giraffe == "seed" {
                        perms(2, 3)
                    } else {
                        perms(1, 4)
                    };
                    for d in ds {
                        leap(d, &mut push);
                    }
                }
                'A' => {
                    let mut seen = BTreeSet::new();
                    let mut add = |t: Sq, push: &mut dyn FnMut(Sq, Option<char>)| {
                        if seen.insert(t) {
                            push(t, None);
                        }
                    };
                    for d in perms(1, 1) {
                        let m = (p.0 + d.0, p.1 + d.1);
                        if !inside(m) {
                            continue;
                        }
                        if !empty(m) {
                            if enemy(m) {
                                add(m, &mut push);
                            }
                            continue;
                        }
                        add(m, &mut push);
                        let dirs: Vec<Sq> = if self.r.aanca == "outward" {
                            vec![(d.0, 0), (0, d.1)]
                        } else {
                            perms(0, 1).into_iter().collect()
                        };
                        for u in dirs {
                            let mut found = Vec::new();
                            slide(m, u, &mut |t, _| found.push(t));
                            for t in found {
                                add(t, &mut push);
                            }
                        }
                    }
                }
                'U' => {
                    if self.r.unicorn == "murray" {
                        if man.moved {
                            for d in perms(1, 1) {
                                slide(p, d, &mut push);
                            }
                        } else {
                            for d in perms(1, 2) {
                                let t = (p.0 + d.0, p.1 + d.1);
                                if empty(t) {
                                    push(t, None);
                                }
                            }
                        }
                        continue;
                    }
                    for d in perms(1, 2) {
                        let m = (p.0 + d.0, p.1 + d.1);
                        if !inside(m) {
                            continue;
                        }
                        if !empty(m) {
                            if enemy(m) {
                                push(m, None);
                            }
                            continue;
                        }
                        push(m, None);
                        if self.r.unicorn == "forward" && d.1.signum() != fwd {
                            continue;
                        }
                        slide(m, (d.0.signum(), d.1.signum()), &mut push);
                    }
                }
                'P' => {
                    let last = if side == 0 { 11 } else { 0 };
                    let promo = |t: Sq| {
                        (t.1 == last).then(|| {
                            let k = BACK.as_bytes()[t.0 as usize] as char;
                            if k == 'K' { 'A' } else { k }
                        })
                    };
                    let t = (p.0, p.1 + fwd);
                    if empty(t) {
                        push(t, promo(t));
                        let home = if side == 0 { 3 } else { 8 };
                        let t2 = (p.0, p.1 + 2 * fwd);
                        if self.r.pawn_double && p.1 == home && empty(t2) {
                            push(t2, promo(t2));
                        }
                    }
                    for df in [-1, 1] {
                        let t = (p.0 + df, p.1 + fwd);
                        if enemy(t) {
                            push(t, promo(t));
                        }
                    }
                }
                k => panic!("no piece {k}"),
            }
        }
        out
    }

    /// Whether `by` could take a piece of the other side standing on `sq`.
    fn attacked(&self, sq: Sq, by: usize) -> bool {
        let mut probe = self.clone();
        probe.board.insert(
            sq,
            Man {
                kind: 'P',
                side: 1 - by,
                moved: true,
            },
        );
        probe.pseudo(by, false).iter().any(|m| m.to == sq)
    }

    fn king(&self, side: usize) -> Sq {
        *self
            .board
            .iter()
            .find(|(_, m)| m.kind == 'K' && m.side == side)
            .expect("a king")
            .0
    }

    fn play(&mut self, mv: Mv) {
        let mut man = self.board.remove(&mv.from).expect("a piece");
        if man.kind == 'K' {
            self.king_moved[man.side] = true;
        }
        man.moved = true;
        if let Some(k) = mv.promo {
            man.kind = k;
            man.moved = false;
        }
        self.board.insert(mv.to, man);
        self.to_move = 1 - self.to_move;
    }

    fn legal(&self) -> Vec<Mv> {
        let side = self.to_move;
        self.pseudo(side, true)
            .into_iter()
            .filter(|m| {
                if self.board.get(&m.to).is_some_and(|x| x.kind == 'K') {
                    return true;
                }
                let mut next = self.clone();
                next.play(*m);
                !next.attacked(next.king(side), 1 - side)
            })
            .collect()
    }

    fn written(&self, m: &Mv) -> String {
        let sep = if self.board.contains_key(&m.to) {
            "x"
        } else {
            "-"
        };
        let promo = m.promo.map(|k| format!("={k}")).unwrap_or_default();
        format!("{}{sep}{}{promo}", name(m.from), name(m.to))
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if moves.is_empty() {
            return 1;
        }
        moves
            .iter()
            .map(|m| {
                let mut n = self.clone();
                n.play(*m);
                n.perft(depth - 1)
            })
            .sum()
    }
}

fn readings() -> Vec<(Readings, Vec<(&'static str, &'static str)>)> {
    let base = Readings {
        king_leap: "seed",
        aanca: "outward",
        unicorn: "forward",
        lion: "seed",
        giraffe: "seed",
        pawn_double: false,
    };
    let mut out = vec![(base.clone(), vec![])];
    let mut with = |f: &dyn Fn(&mut Readings), opts: Vec<(&'static str, &'static str)>| {
        let mut r = base.clone();
        f(&mut r);
        out.push((r, opts));
    };
    with(&|r| r.king_leap = "cazaux", vec![("king_leap", "cazaux")]);
    with(&|r| r.king_leap = "forward", vec![("king_leap", "forward")]);
    with(
        &|r| r.aanca = "any_orthogonal",
        vec![("aanca", "any_orthogonal")],
    );
    with(&|r| r.unicorn = "outward", vec![("unicorn", "outward")]);
    with(&|r| r.unicorn = "murray", vec![("unicorn", "murray")]);
    with(
        &|r| {
            r.lion = "murray";
            r.giraffe = "murray";
            r.pawn_double = true;
        },
        vec![
            ("lion", "murray"),
            ("giraffe", "murray"),
            ("pawn_double", "true"),
        ],
    );
    out
}

fn engine_legal(g: &GrandeAcedrex) -> BTreeSet<String> {
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    let set: BTreeSet<String> = v.iter().map(|m| m.to_string()).collect();
    assert_eq!(set.len(), v.len(), "the engine lists a move twice: {v:?}");
    set
}

/// Perft to depth 2 under every reading and depth 3 under the defaults,
/// from the reference, equal the engine's.
#[test]
fn perft_agrees_with_the_reference() {
    for (r, opts) in readings() {
        let reference = Ref::start(r.clone());
        let depth = if opts.is_empty() { 3 } else { 2 };
        for d in 1..=depth {
            let engine = crate::support::perft("grande-acedrex", &opts, d);
            assert_eq!(engine, reference.perft(d), "perft({d}) under {opts:?}");
        }
    }
}

/// Along random games (the longest a thousand plies), the engine's legal
/// moves are the reference's at every position, and a game ends exactly
/// when the reference has no move.
#[test]
fn random_games_agree_with_the_reference() {
    for (r, opts) in readings() {
        let o = options("grande-acedrex", &opts);
        for seed in 0..4u64 {
            let mut reference = Ref::start(r.clone());
            let mut game = GrandeAcedrex::new(&o).unwrap();
            let mut rng = stream(seed, Stream::Seat(0));
            for ply in 0..1000 {
                let theirs: BTreeSet<String> = reference
                    .legal()
                    .iter()
                    .map(|m| reference.written(m))
                    .collect();
                if game.turn() == Turn::Over {
                    assert!(
                        theirs.is_empty(),
                        "{opts:?} seed {seed} ply {ply}: the engine ended early"
                    );
                    break;
                }
                let ours = engine_legal(&game);
                assert_eq!(ours, theirs, "{opts:?} seed {seed} ply {ply}");
                let moves: Vec<String> = ours.into_iter().collect();
                let pick = &moves[below(&mut rng, moves.len() as u32) as usize];
                let mut listed = Vec::new();
                game.legal_moves(&mut listed);
                let mv = *listed.iter().find(|m| m.to_string() == *pick).unwrap();
                game.play(mv, &mut Silent);
                let rm = *reference
                    .legal()
                    .iter()
                    .find(|m| reference.written(m) == *pick)
                    .unwrap();
                reference.play(rm);
            }
        }
    }
}
