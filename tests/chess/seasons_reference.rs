//! An independent reference for Four Seasons, written from its rules page
//! (`src/games/chess/four_seasons.md`) and the rules brief with none of the
//! engine's code: an 8x8 array of (seat, kind, way), the two lines as
//! segments between square corners with an exact integer crossing test,
//! check found by generating the other seats' captures, the first-move
//! rule, mate and stalemate judged at the start of a turn (the army joining
//! the mater or leaving), kings taken, lost turns and the cap. Its perft
//! must be the engine's and the page's anchors under every reading, and
//! along random games its legal moves, seat to move, seats in play, board
//! and outcome must be the engine's at every ply. The cut pairs of squares
//! are counted, and the named cut moves refused by the engine.

use ludus::core::presentation::Presentation;
use std::collections::BTreeSet;

use ludus::core::dice::Dice;
use ludus::core::game::{Game, Turn};
use ludus::core::log::Silent;
use ludus::core::outcome::Outcome;
use ludus::core::seed::{Stream, below, stream};
use ludus::games::chess::FourSeasons;
use serde_json::{Value, json};

use crate::made::file;
use crate::support::{from_file, legal, options, perft};

type Sq = (i32, i32);
/// A piece: its seat (0 green .. 3 white), kind (K R N B P F) and, for a
/// pawn, the way it walks (0 north, 1 east, 2 south, 3 west).
type Piece = (usize, char, usize);
/// An army: king, rook, knight, bishop and the pawns with their ways.
type Army<'a> = (&'a str, &'a str, &'a str, &'a str, [(&'a str, usize); 4]);
/// Option settings.
type Opts = Vec<(&'static str, &'static str)>;

const SIDES: [&str; 4] = ["green", "red", "black", "white"];
const WAYS: [Sq; 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];
const WAY_MARKS: [char; 4] = ['^', '>', 'v', '<'];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Centre {
    Lines,
    Block,
    Off,
}

#[derive(Clone, Copy, Debug)]
struct Rules {
    murray: bool,
    up_to_two: bool,
    toward_next: bool,
    next_only: bool,
    remove: bool,
    centre: Centre,
    cap: u32,
    /// One die before each turn names the kind that moves.
    die: bool,
}

impl Rules {
    fn from(opts: &[(&str, &str)]) -> Rules {
        let get = |k: &str, d: &'static str| -> String {
            opts.iter()
                .find(|(key, _)| *key == k)
                .map_or(d.to_string(), |(_, v)| v.to_string())
        };
        Rules {
            murray: get("layout", "ludii") == "murray",
            up_to_two: get("bishop", "alfil") == "up_to_two",
            toward_next: get("first_move", "toward_next") == "toward_next",
            next_only: get("targets", "any") == "next_only",
            remove: get("on_mate", "transfer") == "remove",
            centre: match get("centre", "lines").as_str() {
                "lines" => Centre::Lines,
                "block" => Centre::Block,
                _ => Centre::Off,
            },
            cap: get("cap", "2500").parse().unwrap(),
            die: get("dice", "none") == "one",
        }
    }

    /// The way toward the next seat, for a seat's first move.
    fn toward_next(&self, seat: usize) -> Sq {
        let ludii = [(0, 1), (-1, 0), (0, -1), (1, 0)];
        let v = ludii[seat];
        if self.murray { (-v.0, -v.1) } else { v }
    }

    fn closed(&self, (f, r): Sq) -> bool {
        match self.centre {
            Centre::Off => false,
            Centre::Block => (2..=5).contains(&f) && (2..=5).contains(&r),
            // Under the line c3-f6 (f == r) or f3-c6 (f + r == 7), inside
            // the centre's 4x4.
            Centre::Lines => (2..=5).contains(&f) && (2..=5).contains(&r) && (f == r || f + r == 7),
        }
    }

    /// Whether the move's centre-to-centre segment crosses a line.
    fn cut(&self, a: Sq, b: Sq) -> bool {
        self.centre == Centre::Lines
            && LINES
                .iter()
                .any(|&(q1, q2)| crosses(centre(a), centre(b), q1, q2))
    }
}

/// The two lines in half-square units (a square (f, r) spans 2f..2f+2):
/// from c3's outer corner to f6's, from f3's to c6's.
const LINES: [(Sq, Sq); 2] = [((4, 4), (12, 12)), ((12, 4), (4, 12))];

fn centre((f, r): Sq) -> Sq {
    (2 * f + 1, 2 * r + 1)
}

fn cross(o: Sq, a: Sq, b: Sq) -> i64 {
    let (ax, ay) = (i64::from(a.0 - o.0), i64::from(a.1 - o.1));
    let (bx, by) = (i64::from(b.0 - o.0), i64::from(b.1 - o.1));
    ax * by - ay * bx
}

/// Whether segment p1-p2 meets segment q1-q2 (the line) at a point that is
/// not an end of q1-q2: exact, in integers.
fn crosses(p1: Sq, p2: Sq, q1: Sq, q2: Sq) -> bool {
    let d1 = cross(q1, q2, p1);
    let d2 = cross(q1, q2, p2);
    let (dx, dy) = (i64::from(q2.0 - q1.0), i64::from(q2.1 - q1.1));
    let len2 = dx * dx + dy * dy;
    // The position of a point along q1-q2, scaled by len2 (0 at q1, len2 at q2).
    let along = |p: Sq| i64::from(p.0 - q1.0) * dx + i64::from(p.1 - q1.1) * dy;
    if d1 == 0 && d2 == 0 {
        // Collinear: the overlap of the two as positions along the line.
        let (a, b) = (along(p1).min(along(p2)), along(p1).max(along(p2)));
        let (lo, hi) = (a.max(0), b.min(len2));
        return lo < hi || (lo == hi && lo > 0 && lo < len2);
    }
    if (d1 > 0 && d2 > 0) || (d1 < 0 && d2 < 0) {
        return false;
    }
    // The segment's two ends are on both sides of (or one on) the line's
    // carrier; the meeting point is p1 + t (p2 - p1), t = d1 / (d1 - d2).
    let den = d1 - d2;
    // Its position along q1-q2, times den: along(p1) * den + t-part.
    let num = along(p1) * den + d1 * (along(p2) - along(p1));
    let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
    // Inside the line, ends excluded: 0 < num/den < len2.
    num > 0 && num < len2 * den
}

fn name((f, r): Sq) -> String {
    format!("{}{}", (b'a' + f as u8) as char, r + 1)
}

fn sq(name: &str) -> Sq {
    let b = name.as_bytes();
    (i32::from(b[0] - b'a'), i32::from(b[1] - b'1'))
}

fn inside((f, r): Sq) -> bool {
    (0..8).contains(&f) && (0..8).contains(&r)
}

#[derive(Clone, Copy, Debug)]
struct Mv {
    from: Sq,
    to: Sq,
    promo: bool,
}

#[derive(Clone, Debug)]
struct Ref {
    board: [[Option<Piece>; 8]; 8],
    rules: Rules,
    to_move: usize,
    alive: [bool; 4],
    moved: [bool; 4],
    /// The ply of each seat's last move.
    last_moved: [Option<u32>; 4],
    ply: u32,
    /// The seats out, first out first.
    out: Vec<usize>,
    /// The game's end: the seats sharing first place and the reason.
    ending: Option<&'static str>,
    last_reason: &'static str,
    /// Why each seat went out, in order.
    reasons: Vec<&'static str>,
    /// With a die: the seat to move has yet to throw.
    awaiting: bool,
    /// With a die: the face thrown this turn.
    face: Option<u8>,
}

impl Ref {
    fn empty(rules: Rules) -> Ref {
        Ref {
            board: [[None; 8]; 8],
            rules,
            to_move: 0,
            alive: [true; 4],
            moved: [false; 4],
            last_moved: [None; 4],
            ply: 0,
            out: Vec::new(),
            ending: None,
            last_reason: "",
            reasons: Vec::new(),
            awaiting: false,
            face: None,
        }
    }

    fn start(rules: Rules) -> Ref {
        let mut r = Ref::empty(rules);
        // (seat, K, R, N, B, pawns with ways), from the rules page.
        let ludii: [Army; 4] = [
            (
                "h1",
                "h2",
                "g1",
                "g2",
                [("f1", 3), ("f2", 3), ("g3", 0), ("h3", 0)],
            ),
            (
                "h8",
                "h7",
                "g8",
                "g7",
                [("f8", 3), ("f7", 3), ("h6", 2), ("g6", 2)],
            ),
            (
                "a8",
                "a7",
                "b8",
                "b7",
                [("c8", 1), ("c7", 1), ("a6", 2), ("b6", 2)],
            ),
            (
                "a1",
                "a2",
                "b1",
                "b2",
                [("c1", 1), ("c2", 1), ("a3", 0), ("b3", 0)],
            ),
        ];
        let murray: [Army; 4] = [
            (
                "a8",
                "b8",
                "a7",
                "b7",
                [("c8", 1), ("c7", 1), ("a6", 2), ("b6", 2)],
            ),
            (
                "a1",
                "b1",
                "a2",
                "b2",
                [("c1", 1), ("c2", 1), ("a3", 0), ("b3", 0)],
            ),
            (
                "h1",
                "g1",
                "h2",
                "g2",
                [("f1", 3), ("f2", 3), ("g3", 0), ("h3", 0)],
            ),
            (
                "h8",
                "g8",
                "h7",
                "g7",
                [("f8", 3), ("f7", 3), ("h6", 2), ("g6", 2)],
            ),
        ];
        let armies = if rules.murray { murray } else { ludii };
        for (seat, (k, rook, n, b, pawns)) in armies.iter().enumerate() {
            r.put(sq(k), (seat, 'K', 0));
            r.put(sq(rook), (seat, 'R', 0));
            r.put(sq(n), (seat, 'N', 0));
            r.put(sq(b), (seat, 'B', 0));
            for (p, way) in pawns {
                r.put(sq(p), (seat, 'P', *way));
            }
        }
        r.settle(0);
        r
    }

    fn at(&self, (f, r): Sq) -> Option<Piece> {
        self.board[f as usize][r as usize]
    }

    fn put(&mut self, (f, r): Sq, p: Piece) {
        self.board[f as usize][r as usize] = Some(p);
    }

    fn take(&mut self, (f, r): Sq) -> Option<Piece> {
        self.board[f as usize][r as usize].take()
    }

    fn squares() -> impl Iterator<Item = Sq> {
        (0..8).flat_map(|f| (0..8).map(move |r| (f, r)))
    }

    fn next_alive(&self, seat: usize) -> usize {
        (1..4)
            .map(|k| (seat + k) % 4)
            .find(|&s| self.alive[s])
            .unwrap_or(seat)
    }

    /// Whether `by` may take a piece of `victim`.
    fn may_take(&self, by: usize, victim: usize) -> bool {
        by != victim && (!self.rules.next_only || self.next_alive(by) == victim)
    }

    /// Every move of `seat`'s pieces, its king's safety aside.
    fn pseudo(&self, seat: usize) -> Vec<Mv> {
        let mut out = Vec::new();
        let rules = self.rules;
        let open = |from: Sq, to: Sq| inside(to) && !rules.closed(to) && !rules.cut(from, to);
        let takes = |to: Sq| self.at(to).is_some_and(|(s, _, _)| self.may_take(seat, s));
        for p in Ref::squares() {
            let Some((s, kind, way)) = self.at(p) else {
                continue;
            };
            if s != seat {
                continue;
            }
            let step = |d: Sq, out: &mut Vec<Mv>| {
                let t = (p.0 + d.0, p.1 + d.1);
                if open(p, t) && (self.at(t).is_none() || takes(t)) {
                    out.push(Mv {
                        from: p,
                        to: t,
                        promo: false,
                    });
                }
            };
            let king = [
                (1, 0),
                (1, 1),
                (0, 1),
                (-1, 1),
                (-1, 0),
                (-1, -1),
                (0, -1),
                (1, -1),
            ];
            let diag = [(1, 1), (-1, 1), (-1, -1), (1, -1)];
            match kind {
                'K' => king.iter().for_each(|&d| step(d, &mut out)),
                'F' => diag.iter().for_each(|&d| step(d, &mut out)),
                'N' => {
                    for d in [
                        (1, 2),
                        (2, 1),
                        (2, -1),
                        (1, -2),
                        (-1, -2),
                        (-2, -1),
                        (-2, 1),
                        (-1, 2),
                    ] {
                        step(d, &mut out);
                    }
                }
                'B' => {
                    for (x, y) in diag {
                        step((2 * x, 2 * y), &mut out);
                        if rules.up_to_two {
                            step((x, y), &mut out);
                        }
                    }
                }
                'R' => {
                    for d in [(1, 0), (0, 1), (-1, 0), (0, -1)] {
                        let mut from = p;
                        loop {
                            let t = (from.0 + d.0, from.1 + d.1);
                            if !open(from, t) {
                                break;
                            }
                            if self.at(t).is_none() {
                                out.push(Mv {
                                    from: p,
                                    to: t,
                                    promo: false,
                                });
                                from = t;
                                continue;
                            }
                            if takes(t) {
                                out.push(Mv {
                                    from: p,
                                    to: t,
                                    promo: false,
                                });
                            }
                            break;
                        }
                    }
                }
                'P' => {
                    let w = WAYS[way];
                    let promo = |t: Sq| !inside((t.0 + w.0, t.1 + w.1));
                    let t = (p.0 + w.0, p.1 + w.1);
                    if open(p, t) && self.at(t).is_none() {
                        out.push(Mv {
                            from: p,
                            to: t,
                            promo: promo(t),
                        });
                    }
                    // The two squares diagonally forward.
                    for side in [(w.1, -w.0), (-w.1, w.0)] {
                        let t = (p.0 + w.0 + side.0, p.1 + w.1 + side.1);
                        if open(p, t) && takes(t) {
                            out.push(Mv {
                                from: p,
                                to: t,
                                promo: promo(t),
                            });
                        }
                    }
                }
                k => panic!("no piece {k}"),
            }
        }
        out
    }

    fn king(&self, seat: usize) -> Option<Sq> {
        Ref::squares().find(|&p| self.at(p).is_some_and(|(s, k, _)| s == seat && k == 'K'))
    }

    /// The seats in play that could take `seat`'s king now.
    fn attackers(&self, seat: usize) -> Vec<usize> {
        let Some(k) = self.king(seat) else {
            return Vec::new();
        };
        (0..4)
            .filter(|&s| s != seat && self.alive[s])
            .filter(|&s| self.pseudo(s).iter().any(|m| m.to == k))
            .collect()
    }

    /// Puts `seat` out: a mate's army joins `mater` (or leaves, or all
    /// leave on a stalemate).
    fn eliminate(&mut self, seat: usize, mater: Option<usize>, reason: &'static str) {
        for p in Ref::squares() {
            if let Some((s, kind, way)) = self.at(p)
                && s == seat
            {
                self.take(p);
                match mater {
                    Some(m) if !self.rules.remove && kind != 'K' => self.put(p, (m, kind, way)),
                    _ => {}
                }
            }
        }
        self.alive[seat] = false;
        self.out.push(seat);
        self.last_reason = reason;
        self.reasons.push(reason);
    }

    /// The move on the board, a king taken included.
    fn make(&mut self, m: Mv) {
        let (seat, kind, way) = self.take(m.from).expect("a piece");
        let taken = self.take(m.to);
        self.put(m.to, (seat, if m.promo { 'F' } else { kind }, way));
        if let Some((victim, 'K', _)) = taken {
            self.eliminate(victim, Some(seat), "king-taken");
        }
    }

    /// `seat`'s moves that leave its king safe (the first-move rule aside).
    fn legal_for(&self, seat: usize) -> Vec<Mv> {
        self.pseudo(seat)
            .into_iter()
            .filter(|&m| {
                let mut next = self.clone();
                next.make(m);
                next.attackers(seat).is_empty()
            })
            .collect()
    }

    fn first_move_ok(&self, seat: usize, m: &Mv) -> bool {
        if !self.rules.toward_next || self.moved[seat] {
            return true;
        }
        let v = self.rules.toward_next(seat);
        (m.to.0 - m.from.0) * v.0 + (m.to.1 - m.from.1) * v.1 > 0
    }

    fn legal(&self) -> Vec<Mv> {
        if self.ending.is_some() || self.awaiting {
            return Vec::new();
        }
        let seat = self.to_move;
        // The die's faces 1 to 6 name pawn, bishop, rook, knight, general, king.
        let kind = self.face.map(|f| b"PBRNFK"[usize::from(f) - 1] as char);
        self.legal_for(seat)
            .into_iter()
            .filter(|m| self.first_move_ok(seat, m))
            .filter(|m| kind.is_none_or(|k| self.at(m.from).unwrap().1 == k))
            .collect()
    }

    fn seats_alive(&self) -> usize {
        self.alive.iter().filter(|&&a| a).count()
    }

    /// Gives the turn to `seat` or the first seat after it able to play:
    /// mates and stalemates put seats out, the first-move rule loses turns.
    fn settle(&mut self, mut seat: usize) {
        loop {
            if self.seats_alive() <= 1 {
                self.ending = Some(self.last_reason);
                return;
            }
            if self.ply >= self.rules.cap {
                self.ending = Some("cap");
                return;
            }
            if !self.alive[seat] {
                seat = self.next_alive(seat);
                continue;
            }
            let moves = self.legal_for(seat);
            if moves.is_empty() {
                let attackers = self.attackers(seat);
                if attackers.is_empty() {
                    self.eliminate(seat, None, "stalemate");
                } else {
                    // Of the seats attacking, the one that moved last; ties
                    // (never moved) to the nearest before it in the order.
                    let mut best = attackers[0];
                    let key =
                        |s: usize| (self.last_moved[s].map_or(-1, i64::from), (s + 4 - seat) % 4);
                    for &s in &attackers {
                        if key(s) > key(best) {
                            best = s;
                        }
                    }
                    self.eliminate(seat, Some(best), "checkmate");
                }
                seat = self.next_alive(seat);
                continue;
            }
            if !moves.iter().any(|m| self.first_move_ok(seat, m)) {
                self.moved[seat] = true;
                self.ply += 1;
                seat = self.next_alive(seat);
                continue;
            }
            self.to_move = seat;
            self.awaiting = self.rules.die;
            self.face = None;
            return;
        }
    }

    /// The die thrown before a move: a face naming no kind able to move
    /// loses the turn.
    fn throw(&mut self, face: u8) {
        assert!(self.awaiting, "a throw out of turn");
        self.awaiting = false;
        self.face = Some(face);
        if self.legal().is_empty() {
            let seat = self.to_move;
            self.moved[seat] = true;
            self.ply += 1;
            self.face = None;
            self.settle(self.next_alive(seat));
        }
    }

    fn play(&mut self, m: Mv) {
        let seat = self.to_move;
        self.make(m);
        self.moved[seat] = true;
        self.last_moved[seat] = Some(self.ply);
        self.ply += 1;
        let next = self.next_alive(seat);
        self.settle(next);
    }

    fn written(&self, m: &Mv) -> String {
        let sep = if self.at(m.to).is_some() { "x" } else { "-" };
        let promo = if m.promo { "=F" } else { "" };
        format!("{}{sep}{}{promo}", name(m.from), name(m.to))
    }

    fn legal_names(&self) -> BTreeSet<String> {
        self.legal().iter().map(|m| self.written(m)).collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal();
        if moves.is_empty() {
            return 1;
        }
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&m| {
                let mut n = self.clone();
                n.play(m);
                n.perft(depth - 1)
            })
            .sum()
    }

    /// The board as the engine's JSON writes it, the top rank first.
    fn rows(&self) -> Vec<String> {
        (0..8)
            .rev()
            .map(|r| {
                (0..8)
                    .map(|f| match self.at((f, r)) {
                        None if self.rules.closed((f, r)) => "#".to_string(),
                        None => ".".to_string(),
                        Some((s, k, w)) => {
                            let way = if k == 'P' {
                                WAY_MARKS[w].to_string()
                            } else {
                                String::new()
                            };
                            format!("{}{k}{way}", s + 1)
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect()
    }

    fn alive_names(&self) -> Vec<String> {
        (0..4)
            .filter(|&s| self.alive[s])
            .map(|s| SIDES[s].to_string())
            .collect()
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.ending?;
        let mut places = [1u8; 4];
        for (k, &s) in self.out.iter().enumerate() {
            places[s] = 4 - k as u8;
        }
        Some(Outcome::ranked(&places, reason))
    }
}

/// The option sets the perft test runs, with the page's anchors (depths
/// 1 to 6) where it gives them.
fn perft_sets() -> Vec<(Opts, Option<[u64; 6]>)> {
    vec![
        (vec![], Some([3, 9, 27, 81, 486, 2_430])),
        (
            vec![("first_move", "free")],
            Some([5, 25, 125, 625, 3_375, 18_200]),
        ),
        (
            vec![("centre", "off")],
            Some([5, 25, 125, 625, 6_375, 61_000]),
        ),
        (
            vec![("centre", "off"), ("first_move", "free")],
            Some([7, 49, 343, 2_401, 21_952, 200_214]),
        ),
        (
            vec![("centre", "block"), ("first_move", "free")],
            Some([5, 25, 125, 625, 3_375, 18_200]),
        ),
        (vec![("layout", "murray")], Some([3, 9, 27, 81, 405, 2_394])),
        (
            vec![
                ("layout", "murray"),
                ("centre", "off"),
                ("first_move", "free"),
            ],
            None,
        ),
        (
            vec![("bishop", "up_to_two"), ("first_move", "free")],
            Some([5, 25, 125, 625, 3_625, 21_000]),
        ),
        (
            vec![("targets", "next_only"), ("first_move", "free")],
            Some([5, 25, 125, 625, 3_200, 16_580]),
        ),
        (
            vec![
                ("on_mate", "remove"),
                ("first_move", "free"),
                ("centre", "off"),
            ],
            None,
        ),
    ]
}

/// Perft from the start under the `k`th option set, depths 1 to 6, from
/// the reference equals the engine's and the rules page's anchors.
fn perft_agrees(k: usize) {
    let (opts, anchors) = perft_sets().swap_remove(k);
    let reference = Ref::start(Rules::from(&opts));
    for d in 1..=6u32 {
        let theirs = reference.perft(d);
        let engine = perft("four-seasons", &opts, d);
        assert_eq!(engine, theirs, "perft({d}) under {opts:?}");
        if let Some(a) = anchors {
            assert_eq!(
                theirs,
                a[d as usize - 1],
                "the page's perft({d}) under {opts:?}"
            );
        }
    }
}

#[test]
fn perft_agrees_under_the_defaults_and_first_move_free() {
    perft_agrees(0);
    perft_agrees(1);
}

#[test]
fn perft_agrees_without_the_centre() {
    perft_agrees(2);
    perft_agrees(3);
}

#[test]
fn perft_agrees_with_a_closed_centre_and_murray() {
    perft_agrees(4);
    perft_agrees(5);
    perft_agrees(6);
}

#[test]
fn perft_agrees_with_short_bishops_and_next_only() {
    perft_agrees(7);
    perft_agrees(8);
}

#[test]
fn perft_agrees_with_removal() {
    perft_agrees(9);
}

fn engine_legal(g: &FourSeasons) -> BTreeSet<String> {
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    let set: BTreeSet<String> = v.iter().map(|m| m.to_string()).collect();
    assert_eq!(set.len(), v.len(), "the engine lists a move twice: {v:?}");
    set
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|x| x.as_str().unwrap().to_string())
        .collect()
}

/// What the two agree on after every ply, or a message saying where not.
fn compare(game: &FourSeasons, reference: &Ref, at: &str) {
    let j = game.to_json();
    let ctx = || format!("{at}\nengine: {j}\nreference rows: {:?}", reference.rows());
    assert_eq!(strings(&j["board"]), reference.rows(), "board {}", ctx());
    assert_eq!(
        strings(&j["alive"]),
        reference.alive_names(),
        "alive {}",
        ctx()
    );
    assert_eq!(
        j["ply"].as_u64(),
        Some(u64::from(reference.ply)),
        "ply {}",
        ctx()
    );
    assert_eq!(game.outcome(), reference.outcome(), "outcome {}", ctx());
    if reference.ending.is_none() {
        assert_eq!(
            j["to_move"],
            json!(SIDES[reference.to_move]),
            "to move {}",
            ctx()
        );
        let in_check = !reference.attackers(reference.to_move).is_empty();
        assert_eq!(j["in_check"], json!(in_check), "in check {}", ctx());
    }
}

/// Along random games, the engine's legal moves are the reference's at
/// every ply, and so are the seat to move, the seats in play, the board
/// after eliminations and the outcome. Returns the games' endings and
/// why each seat went out.
fn random_games(
    opts: &[(&'static str, &'static str)],
    seeds: std::ops::Range<u64>,
) -> (Vec<&'static str>, Vec<&'static str>) {
    let o = options("four-seasons", opts);
    let mut endings = Vec::new();
    let mut outs = Vec::new();
    for seed in seeds {
        let mut reference = Ref::start(Rules::from(opts));
        let mut game = FourSeasons::new(&o).unwrap();
        let mut rng = stream(seed, Stream::Seat(0));
        let mut history: Vec<String> = Vec::new();
        let mut dice_rng = stream(seed, Stream::Dice);
        let faces: Vec<u8> = (0..20_000)
            .map(|_| 1 + below(&mut dice_rng, 6) as u8)
            .collect();
        let mut dice = Dice::scripted(&faces);
        loop {
            let at = format!("{opts:?} seed {seed} after {}", history.join(" "));
            compare(&game, &reference, &at);
            assert_eq!(
                game.turn() == Turn::Chance,
                reference.awaiting,
                "a throw due, {at}"
            );
            if reference.awaiting {
                // A face that loses the turn passes it on, and the engine
                // may throw for the next seat in the same chance event.
                let first = dice.thrown() as usize;
                game.chance(&mut dice, &mut Silent);
                for &face in &faces[first..dice.thrown() as usize] {
                    assert!(
                        reference.awaiting,
                        "{at}: a throw the reference did not expect"
                    );
                    reference.throw(face);
                    history.push(format!("({face})"));
                }
                continue;
            }
            let theirs = reference.legal_names();
            if game.turn() == Turn::Over {
                assert!(
                    theirs.is_empty(),
                    "{at}: the engine ended, the reference did not"
                );
                endings.push(game.outcome().unwrap().reason);
                outs.extend(reference.reasons.iter().copied());
                break;
            }
            let ours = engine_legal(&game);
            assert_eq!(
                ours,
                theirs,
                "legal moves, {at}\nengine: {}",
                game.to_json()
            );
            let mut listed = Vec::new();
            game.legal_moves(&mut listed);
            let mv = listed[below(&mut rng, listed.len() as u32) as usize];
            let pick = mv.to_string();
            game.play(mv, &mut Silent);
            let rm = reference
                .legal()
                .into_iter()
                .find(|m| reference.written(m) == pick)
                .unwrap();
            reference.play(rm);
            history.push(pick);
        }
    }
    (endings, outs)
}

/// Plays `seeds` under each option set (capped at `cap` plies) and checks
/// that the seats went out every way in `outs` and the games ended every
/// way in `endings`.
fn random_sets(
    sets: &[&[(&'static str, &'static str)]],
    cap: &'static str,
    outs: &[&str],
    endings: &[&str],
) {
    let (mut all_endings, mut all_outs) = (Vec::new(), Vec::new());
    for opts in sets {
        let mut opts = opts.to_vec();
        opts.push(("cap", cap));
        let (e, o) = random_games(&opts, 0..10);
        all_endings.extend(e);
        all_outs.extend(o);
    }
    eprintln!("{sets:?}: endings {all_endings:?}, out {all_outs:?}");
    for reason in outs {
        assert!(
            all_outs.contains(reason),
            "no seat went out by {reason}: {all_outs:?}"
        );
    }
    for reason in endings {
        assert!(
            all_endings.contains(reason),
            "no game ended by {reason}: {all_endings:?}"
        );
    }
}

#[test]
fn random_games_agree_under_the_defaults() {
    random_sets(
        &[&[], &[("first_move", "free")]],
        "1000",
        &["checkmate", "stalemate"],
        &["cap"],
    );
}

#[test]
fn random_games_agree_without_the_lines() {
    random_sets(
        &[
            &[("centre", "off")],
            &[("centre", "block"), ("first_move", "free")],
        ],
        "1000",
        &["checkmate", "stalemate"],
        &["cap"],
    );
}

#[test]
fn random_games_agree_with_next_only_targets() {
    random_sets(
        &[
            &[("targets", "next_only")],
            &[
                ("layout", "murray"),
                ("targets", "next_only"),
                ("on_mate", "remove"),
            ],
        ],
        "700",
        &["checkmate", "stalemate"],
        &["cap", "stalemate"],
    );
}

#[test]
fn random_games_agree_with_removal_and_short_bishops() {
    random_sets(
        &[
            &[("on_mate", "remove"), ("centre", "off")],
            &[("bishop", "up_to_two")],
        ],
        "1000",
        &["checkmate", "stalemate"],
        &["cap"],
    );
}

#[test]
fn random_games_agree_with_one_die() {
    random_sets(
        &[
            &[("dice", "one")],
            &[("dice", "one"), ("targets", "next_only")],
        ],
        "1000",
        &["checkmate", "stalemate", "king-taken"],
        &["cap", "king-taken"],
    );
}

/// The one disagreement found (centre=off, random game seed 7, ply 86):
/// black, in check from red's rook h7, may not take white's king with
/// f4xc4, since that leaves its own king attacked ("A move may not leave
/// one's own king attacked"); the engine lists the move. Fails until the
/// engine (or the page) changes.
#[test]
fn taking_a_king_does_not_excuse_leaving_ones_own_in_check() {
    let rows = [
        ". . . . . . . .",
        ". 3K . . . . . 2R",
        "3Pv 4P^ . . 3P> . 1B .",
        ". . . 4R 2B . . 2K",
        ". . 4K . . 3R . 1P^",
        ". . . . . . . 1K",
        ". . . . . . . .",
        ". . . 4P> 1P< . . .",
    ];
    let text = json!({"to_move": "black", "moved": SIDES, "board": rows}).to_string();
    let opts = [("centre", "off")];
    let g = FourSeasons::from_position(&options("four-seasons", &opts), &text).unwrap();
    let mut pieces = Vec::new();
    for (k, row) in rows.iter().enumerate() {
        for (f, t) in row.split(' ').enumerate() {
            if t != "." {
                pieces.push((name((f as i32, 7 - k as i32)), t));
            }
        }
    }
    let pieces: Vec<(&str, &str)> = pieces.iter().map(|(s, t)| (s.as_str(), *t)).collect();
    let r = made_ref(&pieces, [true; 4], 2, &opts);
    assert_eq!(strings(&g.to_json()["board"]), r.rows());
    let theirs = r.legal_names();
    assert!(!theirs.contains("f4xc4"), "{theirs:?}");
    assert_eq!(
        engine_legal(&g),
        theirs,
        "the engine lets black take a king into check: {}",
        g.to_json()
    );
}

/// The pairs of open squares a leap apart whose path crosses a line.
fn cut_pairs(d: Sq) -> usize {
    let rules = Rules::from(&[]);
    let mut n = 0;
    for a in Ref::squares() {
        let ways: BTreeSet<Sq> = [(d.0, d.1), (d.1, d.0)]
            .into_iter()
            .flat_map(|(x, y)| [(x, y), (-x, y), (x, -y), (-x, -y)])
            .collect();
        for (x, y) in ways {
            let b = (a.0 + x, a.1 + y);
            if inside(b) && !rules.closed(a) && !rules.closed(b) && rules.cut(a, b) {
                n += 1;
            }
        }
    }
    // Each unordered pair was met once from each end.
    n / 2
}

#[test]
fn the_lines_cut_24_knight_pairs_and_16_alfil_pairs() {
    assert_eq!(cut_pairs((1, 2)), 24);
    assert_eq!(cut_pairs((2, 2)), 16);
    let rules = Rules::from(&[]);
    for (a, b, is_cut) in [
        ("d3", "c4", true),
        ("e3", "f4", true),
        ("c5", "d6", true),
        ("e6", "f5", true),
        ("d3", "c5", true),
        ("b3", "d2", true),
        ("c2", "b3", false),
        ("d3", "e2", false),
    ] {
        assert_eq!(rules.cut(sq(a), sq(b)), is_cut, "{a}-{b}");
        assert_eq!(rules.cut(sq(b), sq(a)), is_cut, "{b}-{a}");
    }
}

/// The reference's position from made pieces (tokens as in a position
/// file), every seat past its first move.
fn made_ref(
    pieces: &[(&str, &str)],
    alive: [bool; 4],
    to_move: usize,
    opts: &[(&str, &str)],
) -> Ref {
    let mut r = Ref::empty(Rules::from(opts));
    r.alive = alive;
    r.moved = [true; 4];
    r.to_move = to_move;
    for (s, t) in pieces {
        let b: Vec<char> = t.chars().collect();
        let way = b
            .get(2)
            .map_or(0, |c| WAY_MARKS.iter().position(|w| w == c).unwrap());
        r.put(sq(s), (b[0] as usize - '1' as usize, b[1], way));
    }
    r
}

/// A made position: a lone green piece, green's and red's kings.
fn made(pieces: &[(&str, &str)]) -> (Value, Ref) {
    let text = file(
        (8, 8),
        pieces,
        "green",
        json!({"alive": ["green", "red"], "moved": ["green", "red"]}),
    );
    let v = from_file("four-seasons", &[], &text).unwrap();
    (v, made_ref(pieces, [true, true, false, false], 0, &[]))
}

/// Plays `moves` from made pieces (all four seats in play, green to move,
/// at ply 10) in the engine and the reference, comparing them at every
/// ply; returns the engine's game at the end.
fn along(pieces: &[(&str, &str)], opts: &[(&str, &str)], moves: &[&str]) -> FourSeasons {
    let text = file((8, 8), pieces, "green", json!({"moved": SIDES, "ply": 10}));
    let mut game = FourSeasons::from_position(&options("four-seasons", opts), &text).unwrap();
    let mut reference = made_ref(pieces, [true; 4], 0, opts);
    reference.ply = 10;
    for (k, m) in moves.iter().enumerate() {
        let at = format!("{pieces:?} {opts:?} after {:?}", &moves[..k]);
        compare(&game, &reference, &at);
        assert_eq!(engine_legal(&game), reference.legal_names(), "{at}");
        let mut listed = Vec::new();
        game.legal_moves(&mut listed);
        let mv = *listed
            .iter()
            .find(|x| x.to_string() == *m)
            .unwrap_or_else(|| panic!("{at}: {m} is not legal"));
        game.play(mv, &mut Silent);
        let rm = reference
            .legal()
            .into_iter()
            .find(|x| reference.written(x) == *m)
            .unwrap();
        reference.play(rm);
    }
    compare(
        &game,
        &reference,
        &format!("{pieces:?} {opts:?} after {moves:?}"),
    );
    if game.turn() != Turn::Over {
        assert_eq!(engine_legal(&game), reference.legal_names());
    }
    game
}

/// Green's knight uncovers red's rook on black's king: black cannot answer
/// before red moves, and red takes the king (the page's "Taking a king");
/// black's army joins red, or leaves with `on_mate=remove`.
#[test]
fn a_king_left_open_is_taken() {
    let pieces = [
        ("h3", "1K"),
        ("a4", "1N"),
        ("h8", "2K"),
        ("a1", "2R"),
        ("a8", "3K"),
        ("b7", "3Pv"),
        ("c8", "3N"),
        ("e8", "4K"),
    ];
    for opts in [vec![], vec![("on_mate", "remove")]] {
        let g = along(&pieces, &opts, &["a4-c5", "a1xa8"]);
        let j = g.to_json();
        assert_eq!(j["alive"], json!(["green", "red", "white"]), "{opts:?}");
        let joined = j["board"][1].as_str().unwrap().starts_with(". 2Pv");
        assert_eq!(joined, opts.is_empty(), "{opts:?}: {j}");
    }
    // With white out already, green and red are left.
    let two = [
        ("h3", "1K"),
        ("a4", "1N"),
        ("h8", "2K"),
        ("a1", "2R"),
        ("a8", "3K"),
    ];
    let text = file(
        (8, 8),
        &two,
        "green",
        json!({"alive": ["green", "red", "black"], "moved": SIDES}),
    );
    let mut game = FourSeasons::from_position(&options("four-seasons", &[]), &text).unwrap();
    let mut reference = made_ref(&two, [true, true, true, false], 0, &[]);
    reference.ply = game.length();
    for m in ["a4-c5", "a1xa8"] {
        compare(&game, &reference, m);
        assert_eq!(engine_legal(&game), reference.legal_names(), "{m}");
        let mut listed = Vec::new();
        game.legal_moves(&mut listed);
        let mv = *listed.iter().find(|x| x.to_string() == m).unwrap();
        game.play(mv, &mut Silent);
        let rm = reference
            .legal()
            .into_iter()
            .find(|x| reference.written(x) == m)
            .unwrap();
        reference.play(rm);
    }
    compare(&game, &reference, "the king taken");
    assert_eq!(game.to_json()["alive"], json!(["green", "red"]));
    assert_eq!(engine_legal(&game), reference.legal_names());
}

#[test]
fn the_engine_refuses_the_cut_moves() {
    for (piece, from, refused, allowed) in [
        ("1K", "d3", "d3-c4", "d3-c2"),
        ("1K", "e3", "e3-f4", "e3-f2"),
        ("1K", "c5", "c5-d6", "c5-b6"),
        ("1K", "e6", "e6-f5", "e6-f7"),
        ("1K", "c2", "c2-c3", "c2-b3"),
        ("1N", "d3", "d3-c5", "d3-b2"),
        ("1N", "b3", "b3-d2", "b3-c1"),
        ("1F", "d3", "d3-c4", "d3-c2"),
    ] {
        let mut pieces = vec![(from, piece), ("h8", "2K")];
        if piece != "1K" {
            pieces.push(("h1", "1K"));
        }
        let (v, reference) = made(&pieces);
        let moves = legal(&v);
        assert!(
            !moves.contains(&refused.to_string()),
            "{piece} {from}: {moves:?}"
        );
        assert!(
            moves.contains(&allowed.to_string()),
            "{piece} {from}: {moves:?}"
        );
        let theirs: Vec<String> = reference.legal_names().into_iter().collect();
        let mut ours = moves.clone();
        ours.sort();
        assert_eq!(ours, theirs, "{piece} {from}");
    }
}
