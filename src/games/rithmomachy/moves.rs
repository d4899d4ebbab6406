//! Moves (`from-to`) and their generation.

use std::fmt;

use crate::core::bits::nth_set_bit;
use crate::games::rithmomachy::board::{Board, MAX_PIECES};
use crate::games::rithmomachy::piece::{Layer, Shape, Side};
use crate::games::rithmomachy::reach::Reach;
use crate::games::rithmomachy::square::{Bits, Square, squares};

/// A move of one piece to an empty square, written `d5-e6`; a capture by
/// moving onto an enemy and replacing it, written `d4xe5`; or the placing
/// of a reserve piece on an empty square of the home rank, written `T36@c1`
/// (shape letter C, T or S, value, square).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece stands (for a placing, the same as `to`).
    pub from: Square,
    /// Where it goes.
    pub to: Square,
    /// The reserve piece placed, for a placing.
    pub drop: Option<Layer>,
    /// Whether the piece moves onto an enemy, capturing and replacing it.
    pub take: bool,
    /// For the announcement of a triumph, the men named (square indices;
    /// [`NO_MAN`] where there are fewer than four).
    pub men: [u8; 4],
}

/// An unused place in [`Move::men`].
pub const NO_MAN: u8 = u8::MAX;

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_announcement() {
            let men: Vec<String> = self.named().map(|s| s.to_string()).collect();
            return write!(f, "!{}", men.join(","));
        }
        match self.drop {
            Some(l) => write!(f, "{}{}@{}", l.shape.letter(), l.value, self.to),
            None if self.take => write!(f, "{}x{}", self.from, self.to),
            None => write!(f, "{}-{}", self.from, self.to),
        }
    }
}

impl Move {
    /// The move of the piece on `from` to `to`.
    #[inline]
    pub fn step(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            drop: None,
            take: false,
            men: [NO_MAN; 4],
        }
    }

    /// The announcement of a triumph by these three or four men, written
    /// `!c12,d12,e12`.
    pub fn announce(men: &[Square]) -> Move {
        let mut m = Move::step(men[0], men[0]);
        for (slot, s) in m.men.iter_mut().zip(men) {
            *slot = s.0;
        }
        m
    }

    /// Whether this announces a triumph.
    #[inline]
    pub fn is_announcement(&self) -> bool {
        self.men[0] != NO_MAN
    }

    /// The men an announcement names.
    pub fn named(&self) -> impl Iterator<Item = Square> + '_ {
        self.men
            .iter()
            .filter(|&&m| m != NO_MAN)
            .map(|&m| Square(m))
    }

    /// The capture of the enemy on `to` by the piece on `from`, moving onto it.
    #[inline]
    pub fn capture(from: Square, to: Square) -> Move {
        Move {
            take: true,
            ..Move::step(from, to)
        }
    }

    /// The placing of the reserve piece `piece` on `to`.
    #[inline]
    pub fn place(piece: Layer, to: Square) -> Move {
        Move {
            from: to,
            to,
            drop: Some(piece),
            take: false,
            men: [NO_MAN; 4],
        }
    }

    /// Parses `from-to`, `fromxto` or `T36@c1`.
    ///
    /// ```
    /// use ludus::games::rithmomachy::moves::Move;
    /// let m = Move::parse("d5-e6").unwrap();
    /// assert_eq!(m.to_string(), "d5-e6");
    /// assert!(Move::parse("d5e6").is_none());
    /// let d = Move::parse("T36@c1").unwrap();
    /// assert_eq!((d.to_string(), d.drop.unwrap().value), ("T36@c1".to_string(), 36));
    /// assert!(Move::parse("X36@c1").is_none() && Move::parse("T0@c1").is_none());
    /// let c = Move::parse("d4xe5").unwrap();
    /// assert!(c.take && c.to_string() == "d4xe5");
    /// let a = Move::parse("!c12,d12,e12").unwrap();
    /// assert!(a.is_announcement() && a.to_string() == "!c12,d12,e12");
    /// assert!(Move::parse("!c12,d12").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Move> {
        let text = text.trim();
        if let Some(list) = text.strip_prefix('!') {
            let men: Option<Vec<Square>> = list.split(',').map(Square::parse).collect();
            let men = men.filter(|m| (3..=4).contains(&m.len()))?;
            return Some(Move::announce(&men));
        }
        if let Some((piece, at)) = text.split_once('@') {
            let mut chars = piece.chars();
            let shape = Shape::from_letter(chars.next()?)?;
            let value: u16 = chars.as_str().parse().ok().filter(|&v| v > 0)?;
            return Some(Move::place(Layer { shape, value }, Square::parse(at)?));
        }
        if let Some((a, b)) = text.split_once('x') {
            return Some(Move::capture(Square::parse(a)?, Square::parse(b)?));
        }
        let (a, b) = text.split_once('-')?;
        Some(Move::step(Square::parse(a)?, Square::parse(b)?))
    }
}

/// The empty squares the piece on `from` can move to.
#[inline]
pub fn targets(board: &Board, reach: &Reach, from: Square) -> Bits {
    let occ = board.occupied();
    let shapes = board.shapes_at(from);
    debug_assert!(shapes != 0, "a piece to move");
    let mut to: Bits = 0;
    for sh in 0..3 {
        if shapes & (1 << sh) != 0 {
            to |= reach.free(sh, from);
            for st in reach.blockable(sh, from) {
                if st.path & occ == 0 {
                    to |= st.square.bit();
                }
            }
        }
    }
    to & !occ
}

/// Appends every legal move of `side` to `out`: the plain pieces shape by
/// shape and way of moving by way of moving, all pieces at once, then each
/// pyramid (whose several shapes may share a target).
///
/// Men on `grounded` (announced for a triumph) make no flying move.
pub fn generate(board: &Board, reach: &Reach, side: Side, grounded: Bits, out: &mut Vec<Move>) {
    let empty = !board.occupied();
    for shape in 0..3 {
        let pieces = board.plain(side, shape);
        if pieces == 0 {
            continue;
        }
        for v in reach.vectors(shape) {
            let span = v.span();
            let pieces = if v.flying() {
                pieces & !grounded
            } else {
                pieces
            };
            for to in squares(v.targets(pieces, empty)) {
                out.push(Move::step(Square((to.0 as i16 - span) as u8), to));
            }
        }
    }
    for from in squares(board.pyramids(side)) {
        for to in squares(targets(board, reach, from)) {
            out.push(Move::step(from, to));
        }
    }
}

/// Whether `side` has any legal move, the men on `grounded` not flying.
pub fn has_move(board: &Board, reach: &Reach, side: Side, grounded: Bits) -> bool {
    let empty = !board.occupied();
    (0..3).any(|shape| {
        let pieces = board.plain(side, shape);
        pieces != 0
            && reach.vectors(shape).iter().any(|v| {
                let pieces = if v.flying() {
                    pieces & !grounded
                } else {
                    pieces
                };
                v.targets(pieces, empty) != 0
            })
    }) || squares(board.pyramids(side)).any(|from| targets(board, reach, from) != 0)
}

/// What [`pick`] drew.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Picked {
    /// One of the moves [`generate`] lists.
    Move(Move),
    /// The `i`-th of the `extra` choices that follow them.
    Extra(usize),
    /// There was nothing to draw from.
    Nothing,
}

/// A uniform draw among the moves [`generate`] lists followed by `extra`
/// further choices (the caller's, e.g. placings), found without listing
/// or even counting them: a candidate is drawn among every plain piece's
/// every way of moving (each such pair makes one move or none), each
/// pyramid's moves and the extras; a blocked candidate is drawn again with
/// the same count. Every legal move is one candidate, so the move drawn is
/// uniform over the legal ones, and `draw` is the only source of chance.
/// A pyramid's candidates are its shapes' ways of moving; where several
/// land on one square, only the first counts.
/// After [`TRIES`] blocked candidates in a row (a side nearly out of
/// moves) the draw is made by [`pick_counted`] instead, uniform too.
pub fn pick(
    board: &Board,
    reach: &Reach,
    side: Side,
    grounded: Bits,
    extra: usize,
    draw: &mut dyn FnMut(usize) -> usize,
) -> Picked {
    let pieces = [
        board.plain(side, 0),
        board.plain(side, 1),
        board.plain(side, 2),
    ];
    let ways = [0, 1, 2].map(|sh| reach.ways(sh).get() as usize);
    let by_shape = [0, 1, 2].map(|sh| pieces[sh].count_ones() as usize * ways[sh]);
    let plain: usize = by_shape.iter().sum();
    let empty = !board.occupied();
    let pyramids = board.pyramids(side);
    // A pyramid's candidates are its every shape's every way of moving.
    let pyramid_ways = |from: Square| -> usize {
        let shapes = board.shapes_at(from);
        (0..3)
            .filter(|sh| shapes & (1 << sh) != 0)
            .map(|sh| ways[sh])
            .sum()
    };
    let mut by_pyramid = [0u8; MAX_PIECES];
    let mut pyramid_candidates = 0;
    for (from, slot) in squares(pyramids).zip(&mut by_pyramid) {
        let c = pyramid_ways(from);
        *slot = c as u8;
        pyramid_candidates += c;
    }
    let n = plain + pyramid_candidates + extra;
    if n == 0 {
        return Picked::Nothing;
    }
    let occ = !empty;
    // Where each shape's candidates end, for finding a candidate's shape by
    // comparisons rather than a loop whose exit the processor cannot guess.
    let (first, second) = (by_shape[0], by_shape[0] + by_shape[1]);
    for _ in 0..TRIES {
        let mut k = draw(n);
        if k < plain {
            let shape = (k >= first) as usize + (k >= second) as usize;
            k -= [0, first, second][shape];
            let (nth, way) = reach.ways(shape).div_rem(k as u32);
            let from = nth_square(pieces[shape], nth as usize);
            // One test whether the way is open (whether a drawn way is open
            // is a coin toss: the fewer branches on the way there, the fewer
            // the processor guesses wrong).
            if reach.guard(shape, from, way as usize) & occ == 0 {
                let v = &reach.vectors(shape)[way as usize];
                // Grounded men (announced for a triumph) make no flight.
                if grounded & from.bit() != 0 && v.flying() {
                    continue;
                }
                let to = Square((from.0 as i16 + v.span()) as u8);
                return Picked::Move(Move::step(from, to));
            }
            continue;
        }
        k -= plain;
        if k < pyramid_candidates {
            for (from, &c) in squares(pyramids).zip(&by_pyramid) {
                let c = c as usize;
                if k < c {
                    match pyramid_candidate(board, reach, from, empty, k) {
                        Some(to) => return Picked::Move(Move::step(from, to)),
                        None => break,
                    }
                }
                k -= c;
            }
            continue;
        }
        return Picked::Extra(k - pyramid_candidates);
    }
    pick_counted(board, reach, side, grounded, extra, draw)
}

/// [`pick`] or [`pick_counted`]: a side's move drawn, given the board, its
/// tables, the side, its grounded men, the caller's extra choices and the draw.
pub type Picker = fn(&Board, &Reach, Side, Bits, usize, &mut dyn FnMut(usize) -> usize) -> Picked;

/// The target of candidate `k` of the pyramid on `from` (its shapes in
/// order, each shape's ways of moving in order), if the way is open and no
/// earlier candidate lands on the same square: a square that several of a
/// pyramid's shapes reach is one move, drawn through its first candidate.
fn pyramid_candidate(
    board: &Board,
    reach: &Reach,
    from: Square,
    empty: Bits,
    mut k: usize,
) -> Option<Square> {
    let shapes = board.shapes_at(from);
    let occ = !empty;
    let open = |sh: usize, w: usize| reach.guard(sh, from, w) & occ == 0;
    // Where way `w` of shape `sh` lands, as a square index: two ways that
    // stay on the board land on one square exactly when these are equal.
    let lands = |sh: usize, w: usize| from.0 as i16 + reach.vectors(sh)[w].span();
    for sh in (0..3).filter(|sh| shapes & (1 << sh) != 0) {
        let ways = reach.vectors(sh).len();
        if k < ways {
            if !open(sh, k) {
                return None;
            }
            let to = lands(sh, k);
            // An earlier candidate, open, that lands on the same square
            // stands for this move.
            let before = |sh2: usize, n: usize| (0..n).any(|w| lands(sh2, w) == to && open(sh2, w));
            let earlier = (0..sh)
                .filter(|sh2| shapes & (1 << sh2) != 0)
                .any(|sh2| before(sh2, reach.vectors(sh2).len()))
                || before(sh, k);
            return (!earlier).then_some(Square(to as u8));
        }
        k -= ways;
    }
    unreachable!("k is below the pyramid's candidates")
}

/// Blocked candidates [`pick`] draws in a row before it counts the moves.
pub const TRIES: usize = 64;

/// The `draw(n)`-th of the `n` moves [`generate`] lists followed by `extra`
/// further choices, found without listing them: each way of moving's
/// targets are counted, and only the drawn one's are computed again and
/// read out. Dearer than [`pick`], which draws without counting.
pub fn pick_counted(
    board: &Board,
    reach: &Reach,
    side: Side,
    grounded: Bits,
    extra: usize,
    draw: &mut dyn FnMut(usize) -> usize,
) -> Picked {
    // Grounded men are rare (announced triumphs): the common case keeps the
    // counting loops free of the flying test.
    if grounded == 0 {
        pick_among::<false>(board, reach, side, 0, extra, draw)
    } else {
        pick_among::<true>(board, reach, side, grounded, extra, draw)
    }
}

/// [`pick`], told whether any man is grounded.
#[inline(always)]
fn pick_among<const GROUNDED: bool>(
    board: &Board,
    reach: &Reach,
    side: Side,
    grounded: Bits,
    extra: usize,
    draw: &mut dyn FnMut(usize) -> usize,
) -> Picked {
    let vectors: usize = (0..3).map(|sh| reach.vectors(sh).len()).sum();
    let pyramids = board.pyramids(side);
    if vectors + pyramids.count_ones() as usize > MAX_WAYS {
        // More ways of moving than the counts hold (a hand-made position
        // full of pyramids): list the moves.
        let mut all = Vec::new();
        generate(board, reach, side, grounded, &mut all);
        let n = all.len() + extra;
        if n == 0 {
            return Picked::Nothing;
        }
        let k = draw(n);
        return match all.get(k) {
            Some(&m) => Picked::Move(m),
            None => Picked::Extra(k - all.len()),
        };
    }
    let empty = !board.occupied();
    let pieces = [
        board.plain(side, 0),
        board.plain(side, 1),
        board.plain(side, 2),
    ];
    // Moves per way of moving, in generate's order: each shape's vectors,
    // then each pyramid.
    let mut counts = [0u8; MAX_WAYS];
    // And per shape, so that the draw passes over whole shapes.
    let mut by_shape = [0; 3];
    let mut w = 0;
    for (shape, &p) in pieces.iter().enumerate() {
        let vectors = reach.vectors(shape);
        let n = &mut by_shape[shape];
        if p != 0 {
            // Normal moves, then flights, so that the common loop has no
            // test for flying.
            let (normal, flights) = vectors.split_at(reach.normal_len(shape));
            for (v, c) in normal.iter().zip(&mut counts[w..]) {
                *c = v.straight(p, empty).count_ones() as u8;
                *n += *c as usize;
            }
            let p = if GROUNDED { p & !grounded } else { p };
            for (v, c) in flights.iter().zip(&mut counts[w + normal.len()..]) {
                *c = v.targets(p, empty).count_ones() as u8;
                *n += *c as usize;
            }
        }
        w += vectors.len();
    }
    let mut n = by_shape.iter().sum::<usize>();
    for (from, slot) in squares(pyramids).zip(&mut counts[vectors..]) {
        let c = targets(board, reach, from).count_ones();
        *slot = c as u8;
        n += c as usize;
    }
    if n + extra == 0 {
        return Picked::Nothing;
    }
    let mut k = draw(n + extra);
    let mut w = 0;
    for (shape, &p) in pieces.iter().enumerate() {
        let vectors = reach.vectors(shape);
        if k >= by_shape[shape] {
            k -= by_shape[shape];
            w += vectors.len();
            continue;
        }
        for v in vectors {
            let c = counts[w] as usize;
            w += 1;
            if k < c {
                let p = if GROUNDED && v.flying() {
                    p & !grounded
                } else {
                    p
                };
                let to = nth_square(v.targets(p, empty), k);
                return Picked::Move(Move::step(Square((to.0 as i16 - v.span()) as u8), to));
            }
            k -= c;
        }
    }
    for (from, &c) in squares(pyramids).zip(&counts[vectors..]) {
        let c = c as usize;
        if k < c {
            let to = nth_square(targets(board, reach, from), k);
            return Picked::Move(Move::step(from, to));
        }
        k -= c;
    }
    Picked::Extra(k)
}

/// The `k`-th square (from 0, lowest first) of `bits`, which holds more than `k`.
#[inline]
fn nth_square(bits: Bits, k: usize) -> Square {
    // Half by half: the low half's count tells which half holds it (chosen
    // by selects, not a branch: which half it is is a coin toss).
    let low = bits as u64;
    let below = low.count_ones() as usize;
    let high = (k >= below) as u32;
    let half = (bits >> (64 * high)) as u64;
    let at = k as u32 - below as u32 * high;
    Square((64 * high + nth_set_bit(half, at)) as u8)
}

/// The most ways of moving [`pick_counted`] counts without listing.
const MAX_WAYS: usize = 64;

/// Fills `out` with `side`'s pieces that could move to `v` were it empty
/// (by a normal move, the path clear) and returns how many there are.
pub fn movers_to(
    board: &Board,
    reach: &Reach,
    side: Side,
    v: Square,
    out: &mut [Square; 64],
) -> usize {
    let own = board.occupied_by(side);
    let occ = board.occupied();
    let mut seen: Bits = 0;
    let mut n = 0;
    for sh in 0..3 {
        // Most of the squares that could reach `v` hold none of the side's pieces.
        if reach.origins(sh, v) & own == 0 {
            continue;
        }
        for st in reach.to(sh, v) {
            let a = st.square;
            if own & a.bit() != 0
                && seen & a.bit() == 0
                && st.path & occ == 0
                && board.shapes_at(a) & (1 << sh) != 0
            {
                seen |= a.bit();
                out[n] = a;
                n += 1;
            }
        }
    }
    n
}
