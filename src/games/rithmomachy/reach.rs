//! Precomputed move tables: where each shape can go from each square, and
//! the squares that must be empty on the way.
//!
//! Built once per rule set from its [`Movement`]: vectors over whole
//! bitboards drive move generation; per square, the moves nothing can block
//! (one mask) and those pieces on the way can block (with their paths); and
//! the reverse table answers "which squares could reach this one?" for the
//! captures that depend on movement.

use crate::core::divisor::Divisor;
use crate::games::rithmomachy::piece::Shape;
use crate::games::rithmomachy::rules::Movement;
use crate::games::rithmomachy::square::{Bits, DIRECTIONS, Square};

/// One way to reach a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The other end: the target (moves from a square) or the origin (the
    /// reverse table).
    pub square: Square,
    /// Squares that must be empty for the move.
    pub path: Bits,
}

/// Steps per shape and square.
#[derive(Clone, Debug)]
pub struct Reach {
    steps: Vec<Step>,
    reverse: [[(u16, u16); 128]; 3],
    /// The origins of each `reverse` list as one mask, to skip a list
    /// that holds none of a side's pieces.
    origins: [[Bits; 128]; 3],
    from_here: [Bits; 128],
    passing: [Bits; 128],
    free: [[Bits; 128]; 3],
    blocked: [[(u16, u16); 128]; 3],
    /// Where each list of `blocked` steps passes from normal moves to flights.
    blocked_normal: [[u16; 128]; 3],
    vectors: [Vec<Vector>; 3],
    /// How many vectors each shape has, as a divisor: a random draw divides
    /// its candidate by it to find the piece and the way.
    ways: [Divisor; 3],
    /// Per shape, square and vector (`square * ways + way`), the squares
    /// that must be empty for that one move, its target included; every
    /// square where it would leave the board (see [`Reach::guard`]).
    guards: [Vec<Bits>; 3],
    /// Whether any vector is a flying move.
    flights: bool,
    /// How many of each shape's vectors are normal moves (they come first).
    normal_len: [usize; 3],
}

/// One way a shape moves, for all pieces of that shape at once: `steps`
/// steps of `delta` (a change of square index), each landing on an empty
/// square, then for a flying move one step of `side` to the side, from the
/// squares in `from` (those where the move stays on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Vector {
    /// Change of square index per step.
    pub delta: i8,
    /// Steps; every square passed and the last must be empty.
    pub steps: u8,
    /// A flying move's last step to the side (0: none).
    pub side: i8,
    /// Where the move can start.
    pub from: Bits,
    /// Whether it runs along a rank, file or diagonal one square at a
    /// time, so that its target is the first piece in line from its start.
    pub line: bool,
}

impl Vector {
    /// The targets of the move from every square of `pieces`.
    #[inline]
    pub fn targets(&self, pieces: Bits, empty: Bits) -> Bits {
        let straight = self.straight(pieces, empty);
        if self.side == 0 {
            straight
        } else {
            shift(straight, self.side) & empty
        }
    }

    /// [`Vector::targets`] of a move that is known not to fly.
    #[inline]
    pub fn straight(&self, pieces: Bits, empty: Bits) -> Bits {
        // The common distances unrolled: a loop over a run-time count costs
        // as much as the shifts themselves.
        let d = self.delta;
        let first = shift(pieces & self.from, d) & empty;
        match self.steps {
            1 => first,
            2 => shift(first, d) & empty,
            3 => shift(shift(first, d) & empty, d) & empty,
            n => (1..n).fold(first, |cur, _| shift(cur, d) & empty),
        }
    }

    /// The squares of `enemy` the pieces on `pieces` land on by this move
    /// when every square passed over is empty (a normal move; flying moves
    /// take nothing).
    #[inline]
    pub fn onto(&self, pieces: Bits, empty: Bits, enemy: Bits) -> Bits {
        if self.side != 0 {
            return 0;
        }
        // The squares passed over, as in `straight`, then the one landed on.
        let d = self.delta;
        let start = pieces & self.from;
        let passed = match self.steps {
            1 => start,
            2 => shift(start, d) & empty,
            3 => shift(shift(start, d) & empty, d) & empty,
            n => (1..n).fold(start, |cur, _| shift(cur, d) & empty),
        };
        shift(passed, d) & enemy
    }

    /// [`Reach::guard`] of this vector from `from`: the squares passed
    /// over and the target, or every square where the move leaves the board.
    fn guard(&self, from: Square) -> Bits {
        if self.from & from.bit() == 0 {
            return !0;
        }
        let mut at = from.bit();
        let mut need = 0;
        for _ in 0..self.steps {
            at = shift(at, self.delta);
            need |= at;
        }
        if self.side != 0 {
            need |= shift(at, self.side);
        }
        need
    }

    /// Whether this is a flying move.
    #[inline]
    pub fn flying(&self) -> bool {
        self.side != 0
    }

    /// The whole move's change of square index.
    #[inline]
    pub fn span(&self) -> i16 {
        self.delta as i16 * self.steps as i16 + self.side as i16
    }
}

#[inline]
fn shift(b: Bits, delta: i8) -> Bits {
    // Every step of a move spans at most 7 files and 7 ranks, so |delta| <= 63:
    // saying so lets the u128 shift skip its across-halves case.
    debug_assert!(delta.unsigned_abs() < 64);
    if delta >= 0 {
        b << (delta as u32 & 63)
    } else {
        b >> (delta.unsigned_abs() as u32 & 63)
    }
}

/// The vectors of one pattern: (file step, rank step, steps, side file, side rank).
fn vectors_of(p: Pattern, out: &mut Vec<(i8, i8, u8, i8, i8)>) {
    match p {
        Pattern::Slide { n, dirs } => {
            for &d in dirs {
                let (df, dr) = DIRECTIONS[d];
                out.push((df, dr, n as u8, 0, 0));
            }
        }
        Pattern::Leap { a, b } => {
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    out.push((x * sx, y * sy, 1, 0, 0));
                }
            }
        }
        Pattern::Fly { n, side } => {
            for (df, dr) in ORTHOGONAL {
                // The two directions square to this one.
                for s in [-side, side] {
                    out.push((df, dr, n as u8, dr * s, df * s));
                }
            }
        }
    }
}

const ORTHOGONAL: [(i8, i8); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

/// One movement pattern of a shape, parsed from its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pattern {
    /// Exactly n steps along one of these directions (indices into DIRECTIONS), path clear.
    Slide { n: i8, dirs: &'static [usize] },
    /// The (a, b) jump in all orientations, never blocked.
    Leap { a: i8, b: i8 },
    /// Seed 003's flying move: n steps straight along a rank or file, then
    /// `side` to the side; every square of the straight part must be empty.
    Fly { n: i8, side: i8 },
}

impl Pattern {
    fn flying(self) -> bool {
        matches!(self, Pattern::Fly { .. })
    }
}

fn parse_pattern(text: &str) -> Result<Pattern, String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let num = |w: &str| -> Result<i8, String> {
        w.parse::<i8>()
            .ok()
            .filter(|n| (1..=7).contains(n))
            .ok_or_else(|| format!("`{text}`: `{w}` is not a distance 1-7"))
    };
    match words.as_slice() {
        ["orthogonal", n] => Ok(Pattern::Slide {
            n: num(n)?,
            dirs: &[0, 1, 2, 3],
        }),
        ["diagonal", n] => Ok(Pattern::Slide {
            n: num(n)?,
            dirs: &[4, 5, 6, 7],
        }),
        ["straight", n] => Ok(Pattern::Slide {
            n: num(n)?,
            dirs: &[0, 1, 2, 3, 4, 5, 6, 7],
        }),
        ["leap", a, b] => Ok(Pattern::Leap {
            a: num(a)?,
            b: num(b)?,
        }),
        ["fly", a, b] => Ok(Pattern::Fly {
            n: num(a)?,
            side: num(b)?,
        }),
        _ => Err(format!(
            "`{text}` is not a movement (\"orthogonal N\", \"diagonal N\", \"straight N\", \"leap A B\" or \"fly A B\")"
        )),
    }
}

/// The (target, path) pairs of one pattern from `from`.
fn pattern_steps(p: Pattern, from: Square, out: &mut Vec<Step>) {
    match p {
        Pattern::Slide { n, dirs } => {
            for &d in dirs {
                let (df, dr) = DIRECTIONS[d];
                let mut path = 0;
                let mut ok = true;
                for k in 1..n {
                    match from.offset(df * k, dr * k) {
                        Some(s) => path |= s.bit(),
                        None => ok = false,
                    }
                }
                if let (true, Some(to)) = (ok, from.offset(df * n, dr * n)) {
                    out.push(Step { square: to, path });
                }
            }
        }
        Pattern::Leap { a, b } => {
            let mut seen: Bits = 0;
            for (x, y) in [(a, b), (b, a)] {
                for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
                    if let Some(to) = from.offset(x * sx, y * sy)
                        && seen & to.bit() == 0
                    {
                        seen |= to.bit();
                        out.push(Step {
                            square: to,
                            path: 0,
                        });
                    }
                }
            }
        }
        Pattern::Fly { n, side } => {
            for (df, dr) in ORTHOGONAL {
                let path = (1..=n)
                    .filter_map(|k| from.offset(df * k, dr * k))
                    .fold(0, |m, s| m | s.bit());
                for s in [-side, side] {
                    if let Some(to) = from.offset(df * n + dr * s, dr * n + df * s)
                        && path.count_ones() == n as u32
                    {
                        out.push(Step { square: to, path });
                    }
                }
            }
        }
    }
}

impl Reach {
    /// Builds the tables for `movement`, or says which entry is not a movement.
    pub(crate) fn new(movement: &Movement, ranks: u8) -> Result<Reach, String> {
        let on_board = |s: Square| s.rank() < ranks as i8;
        let texts = [&movement.round, &movement.triangle, &movement.square];
        let mut patterns: [Vec<Pattern>; 3] = Default::default();
        for (shape, list) in texts.iter().enumerate() {
            for t in list.iter() {
                patterns[shape].push(
                    parse_pattern(t)
                        .map_err(|e| format!("movement.{}: {e}", Shape::ALL[shape].name()))?,
                );
            }
        }
        // Which squares' reach a change on each square can alter: the
        // targets of normal moves from it and of normal moves passing over it.
        let mut from_here = [0; 128];
        let mut passing = [0; 128];
        let mut per: Vec<[Vec<Step>; 3]> = (0..128).map(|_| Default::default()).collect();
        // How many of each list's steps are normal moves (they come first).
        let mut normal = [[0usize; 3]; 128];
        let mut rev: Vec<[Vec<Step>; 3]> = (0..128).map(|_| Default::default()).collect();
        for s in 0..128u8 {
            let from = Square(s);
            if !on_board(from) {
                continue;
            }
            for shape in 0..3 {
                let mut out = Vec::new();
                for &p in patterns[shape].iter().filter(|p| !p.flying()) {
                    pattern_steps(p, from, &mut out);
                }
                out.retain(|st| on_board(st.square));
                for st in &out {
                    rev[st.square.0 as usize][shape].push(Step {
                        square: from,
                        path: st.path,
                    });
                    from_here[s as usize] |= st.square.bit();
                    for p in crate::games::rithmomachy::square::squares(st.path) {
                        passing[p.0 as usize] |= st.square.bit();
                    }
                }
                normal[s as usize][shape] = out.len();
                for &p in patterns[shape].iter().filter(|p| p.flying()) {
                    pattern_steps(p, from, &mut out);
                }
                out.retain(|st| on_board(st.square));
                per[s as usize][shape] = out;
            }
        }
        let mut steps = Vec::new();
        let mut reverse = [[(0u16, 0u16); 128]; 3];
        let mut origins = [[0; 128]; 3];
        for s in 0..128 {
            for shape in 0..3 {
                let start = steps.len() as u16;
                steps.extend_from_slice(&rev[s][shape]);
                reverse[shape][s] = (start, steps.len() as u16);
                origins[shape][s] = rev[s][shape].iter().fold(0, |m, st| m | st.square.bit());
            }
        }
        // Moves that nothing can block go into one mask per square; the
        // others keep their paths.
        let mut free = [[0; 128]; 3];
        let mut blocked = [[(0u16, 0u16); 128]; 3];
        let mut blocked_normal = [[0u16; 128]; 3];
        for (s, per_shape) in per.iter().enumerate() {
            for (shape, list) in per_shape.iter().enumerate() {
                let start = steps.len() as u16;
                for (i, st) in list.iter().enumerate() {
                    if i == normal[s][shape] {
                        blocked_normal[shape][s] = steps.len() as u16;
                    }
                    if st.path == 0 {
                        free[shape][s] |= st.square.bit();
                    } else {
                        steps.push(*st);
                    }
                }
                if list.len() == normal[s][shape] {
                    blocked_normal[shape][s] = steps.len() as u16;
                }
                blocked[shape][s] = (start, steps.len() as u16);
            }
        }
        let mut vectors: [Vec<Vector>; 3] = Default::default();
        for shape in 0..3 {
            let mut raw = Vec::new();
            for &p in &patterns[shape] {
                vectors_of(p, &mut raw);
            }
            raw.sort_unstable();
            raw.dedup();
            // Normal moves first, so that flights come last in each shape's list.
            raw.sort_by_key(|&(_, _, _, sf, sr)| sf != 0 || sr != 0);
            for (df, dr, n, sf, sr) in raw {
                let (tf, tr) = (df * n as i8 + sf, dr * n as i8 + sr);
                let from = (0..128u8)
                    .map(Square)
                    .filter(|&s| on_board(s) && s.offset(tf, tr).is_some_and(on_board))
                    .fold(0, |m, s| m | s.bit());
                vectors[shape].push(Vector {
                    delta: dr * 8 + df,
                    steps: n,
                    side: sr * 8 + sf,
                    from,
                    line: sf == 0 && sr == 0 && df.abs() <= 1 && dr.abs() <= 1,
                });
            }
        }
        let flights = vectors.iter().flatten().any(Vector::flying);
        let normal_len = [0, 1, 2].map(|sh| vectors[sh].iter().filter(|v| !v.flying()).count());
        let ways = [0, 1, 2].map(|sh| Divisor::new(vectors[sh].len() as u32));
        let guards = [0, 1, 2].map(|sh| {
            (0..128u8)
                .flat_map(|s| vectors[sh].iter().map(move |v| v.guard(Square(s))))
                .collect()
        });
        Ok(Reach {
            ways,
            guards,
            flights,
            normal_len,
            steps,
            reverse,
            origins,
            vectors,
            from_here,
            passing,
            free,
            blocked,
            blocked_normal,
        })
    }

    /// The squares from which a piece of `shape` could move to `to`, with
    /// the squares that must be empty.
    #[inline]
    pub fn to(&self, shape: usize, to: Square) -> &[Step] {
        let (a, b) = self.reverse[shape][to.0 as usize];
        &self.steps[a as usize..b as usize]
    }

    /// The squares of [`Reach::to`]`(shape, to)`, as one mask.
    #[inline]
    pub fn origins(&self, shape: usize, to: Square) -> Bits {
        self.origins[shape][to.0 as usize]
    }

    /// How many of `shape`'s [`Reach::vectors`] are normal moves: the
    /// flights follow them.
    #[inline]
    pub fn normal_len(&self, shape: usize) -> usize {
        self.normal_len[shape]
    }

    /// Whether any shape has flying moves.
    #[inline]
    pub fn has_flights(&self) -> bool {
        self.flights
    }

    /// The moves of `shape` as vectors over whole bitboards.
    #[inline]
    pub fn vectors(&self, shape: usize) -> &[Vector] {
        &self.vectors[shape]
    }

    /// How many vectors `shape` has ([`Reach::vectors`]), as a divisor.
    #[inline]
    pub fn ways(&self, shape: usize) -> Divisor {
        self.ways[shape]
    }

    /// What the move by `shape`'s vector `way` from `from` needs empty,
    /// its target included, or every square if it leaves the board: the
    /// move is open exactly when none of them is occupied (the piece on
    /// `from` being one), as [`Vector::targets`] of that one piece says, and
    /// it lands [`Vector::span`] squares on. One load and no branch, for a
    /// random draw that tries ways until one is open.
    #[inline]
    pub fn guard(&self, shape: usize, from: Square, way: usize) -> Bits {
        let ways = self.vectors[shape].len();
        self.guards[shape][from.0 as usize * ways + way]
    }

    /// Where a piece of any shape on `s` could go, were the board empty.
    #[inline]
    pub fn from_here(&self, s: Square) -> Bits {
        self.from_here[s.0 as usize]
    }

    /// Where the moves that pass over `s` land.
    #[inline]
    pub fn passing(&self, s: Square) -> Bits {
        self.passing[s.0 as usize]
    }

    /// The squares a piece of `shape` on `from` reaches whatever stands
    /// around it (leaps and single steps).
    #[inline]
    pub fn free(&self, shape: usize, from: Square) -> Bits {
        self.free[shape][from.0 as usize]
    }

    /// The moves of `shape` from `from` that pieces on their way can block.
    #[inline]
    pub fn blockable(&self, shape: usize, from: Square) -> &[Step] {
        let (a, b) = self.blocked[shape][from.0 as usize];
        &self.steps[a as usize..b as usize]
    }

    /// The normal moves of `shape` from `from` that pieces on their way can
    /// block (flights left out).
    #[inline]
    pub fn blockable_normal(&self, shape: usize, from: Square) -> &[Step] {
        let (a, _) = self.blocked[shape][from.0 as usize];
        let b = self.blocked_normal[shape][from.0 as usize];
        &self.steps[a as usize..b as usize]
    }

    /// Whether a piece holding `shapes` on `from` could move to `to` by a
    /// normal move were it empty, given the occupied squares `occ`.
    #[inline]
    pub fn reaches(&self, shapes: u8, from: Square, to: Square, occ: Bits) -> bool {
        (0..3).any(|sh| {
            shapes & (1 << sh) != 0
                && self
                    .to(sh, to)
                    .iter()
                    .any(|st| st.square == from && st.path & occ == 0)
        })
    }
}
