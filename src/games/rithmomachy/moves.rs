//! Moves (`from-to`) and their generation.

use std::fmt;

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::reach::Reach;
use crate::games::rithmomachy::square::{Bits, Square, squares};

/// A move of one piece to an empty square, written `d5-e6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.from, self.to)
    }
}

impl Move {
    /// Parses `from-to`.
    ///
    /// ```
    /// use ludus::games::rithmomachy::moves::Move;
    /// let m = Move::parse("d5-e6").unwrap();
    /// assert_eq!(m.to_string(), "d5-e6");
    /// assert!(Move::parse("d5e6").is_none());
    /// ```
    pub fn parse(text: &str) -> Option<Move> {
        let (a, b) = text.trim().split_once('-')?;
        Some(Move {
            from: Square::parse(a)?,
            to: Square::parse(b)?,
        })
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
pub fn generate(board: &Board, reach: &Reach, side: Side, out: &mut Vec<Move>) {
    let empty = !board.occupied();
    for shape in 0..3 {
        let pieces = board.plain(side, shape);
        if pieces == 0 {
            continue;
        }
        for v in reach.vectors(shape) {
            let span = v.span();
            for to in squares(v.targets(pieces, empty)) {
                out.push(Move {
                    from: Square((to.0 as i16 - span) as u8),
                    to,
                });
            }
        }
    }
    for from in squares(board.pyramids(side)) {
        for to in squares(targets(board, reach, from)) {
            out.push(Move { from, to });
        }
    }
}

/// Whether `side` has any legal move.
pub fn has_move(board: &Board, reach: &Reach, side: Side) -> bool {
    let empty = !board.occupied();
    (0..3).any(|shape| {
        let pieces = board.plain(side, shape);
        pieces != 0
            && reach
                .vectors(shape)
                .iter()
                .any(|v| v.targets(pieces, empty) != 0)
    }) || squares(board.pyramids(side)).any(|from| targets(board, reach, from) != 0)
}

/// The `draw(n)`-th of the `n` moves [`generate`] lists, found without
/// listing them: each way of moving's targets are counted, and only the
/// drawn one's are computed again and read out. `None` if there is no move.
pub fn pick(
    board: &Board,
    reach: &Reach,
    side: Side,
    draw: &mut dyn FnMut(usize) -> usize,
) -> Option<Move> {
    let plain = reach.ways();
    let pyramids = board.pyramids(side);
    if plain.len() + pyramids.count_ones() as usize > MAX_WAYS {
        // More ways of moving than the counts hold (a hand-made position
        // full of pyramids): list the moves.
        let mut all = Vec::new();
        generate(board, reach, side, &mut all);
        return (!all.is_empty()).then(|| all[draw(all.len())]);
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
    let mut n = 0;
    for ((shape, v), c) in plain.iter().zip(counts.iter_mut()) {
        let p = pieces[*shape];
        if p != 0 {
            *c = v.targets(p, empty).count_ones() as u8;
            n += *c as usize;
        }
    }
    for (from, slot) in squares(pyramids).zip(&mut counts[plain.len()..]) {
        let c = targets(board, reach, from).count_ones();
        *slot = c as u8;
        n += c as usize;
    }
    if n == 0 {
        return None;
    }
    let mut k = draw(n);
    for ((shape, v), &c) in plain.iter().zip(counts.iter()) {
        let c = c as usize;
        if k < c {
            let to = nth_square(v.targets(pieces[*shape], empty), k);
            return Some(Move {
                from: Square((to.0 as i16 - v.span()) as u8),
                to,
            });
        }
        k -= c;
    }
    for (from, &c) in squares(pyramids).zip(&counts[plain.len()..]) {
        let c = c as usize;
        if k < c {
            let to = nth_square(targets(board, reach, from), k);
            return Some(Move { from, to });
        }
        k -= c;
    }
    unreachable!("the draw is below the count")
}

/// The `k`-th square (from 0, lowest first) of `bits`, which holds more than `k`.
#[inline]
fn nth_square(bits: Bits, k: usize) -> Square {
    squares(bits).nth(k).expect("k < count")
}

/// The most ways of moving [`pick`] counts without listing.
const MAX_WAYS: usize = 64;
