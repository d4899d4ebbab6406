//! Ambush: two of the mover's pieces whose values combine into the
//! victim's. Where they stand: each able to move to the victim (seeds 000,
//! 001 as written, 003), on opposite sides of it along a rank, file or
//! diagonal (boardspace.net), or (seed 002) two or more of its neighbours,
//! each worth less than it, by their sum or product.

use crate::games::rithmomachy::board::Board;
use crate::games::rithmomachy::capture::hit::{CaptureKind, Hit};
use crate::games::rithmomachy::capture::rules::{CaptureRules, Ops};
use crate::games::rithmomachy::lines::ring;
use crate::games::rithmomachy::piece::Side;
use crate::games::rithmomachy::rules::{AmbushReach, Op, PyramidValues};
use crate::games::rithmomachy::square::{Bits, DIRECTIONS, Square, squares};
use crate::games::rithmomachy::values::{Shown, Taken};

/// Whether some value of each of two attackers combine into `x` by one of
/// the ways on in `ops`.
pub fn combine(a: &Shown, b: &Shown, x: u32, ops: Ops) -> bool {
    a.values().any(|p| {
        b.values().any(|q| {
            Op::ALL
                .iter()
                .zip(ops)
                .any(|(op, on)| on && op.makes(p, q, x))
        })
    })
}

/// Every ambush of the enemy on `v` by the mover, `movers` being the
/// mover's pieces that could move to `v` (needed by ambush by movement).
pub fn at(
    board: &Board,
    rules: &CaptureRules,
    mover: Side,
    v: Square,
    movers: &[Square],
    hit: &mut Hit,
) {
    let Some((how, ops)) = rules.ambush else {
        return;
    };
    let own = board.occupied_by(mover);
    match how {
        AmbushReach::Move => {
            for (i, &a) in movers.iter().enumerate() {
                for &b in &movers[i + 1..] {
                    pair(board, rules, ops, v, a, b, hit);
                }
            }
        }
        AmbushReach::Custodial => {
            // Only axes with the mover's pieces on both sides: two of its
            // neighbours at least.
            let around = own & (ring(v, false) | ring(v, true));
            if around.count_ones() >= 2 {
                for d in [0usize, 1, 4, 5] {
                    // A step off the board wraps round to a square that is
                    // no neighbour of `v`, so `around` tells it apart.
                    let (df, dr) = DIRECTIONS[d];
                    let step = df + 8 * dr;
                    let a = Square(v.0.wrapping_add_signed(step) & 127);
                    let b = Square(v.0.wrapping_add_signed(-step) & 127);
                    if around & a.bit() != 0 && around & b.bit() != 0 {
                        pair(board, rules, ops, v, a, b, hit);
                    }
                }
            }
        }
        AmbushReach::Adjacent => {
            let victim = Shown::as_victim(board.get(v).expect("enemy piece"), rules.values, true);
            let around = own & (ring(v, false) | ring(v, true));
            for (x, t) in victim.all() {
                if neighbours(board, around, x, ops, rules.values) {
                    hit.take(t, CaptureKind::Ambush);
                }
            }
        }
    }
}

/// The ambush of the enemy on `v` by the two attackers on `a` and `b`.
#[inline]
fn pair(
    board: &Board,
    rules: &CaptureRules,
    ops: Ops,
    v: Square,
    a: Square,
    b: Square,
    hit: &mut Hit,
) {
    let x = board.plain_value(v) as u32;
    let (p, q) = (board.plain_value(a) as u32, board.plain_value(b) as u32);
    if p != 0 && q != 0 && x != 0 {
        if Op::ALL
            .iter()
            .zip(ops)
            .any(|(op, on)| on && op.makes(p, q, x))
        {
            hit.take(Taken::Whole, CaptureKind::Ambush);
        }
        return;
    }
    let victim = Shown::as_victim_at(board, v, rules.values, true);
    let sa = Shown::as_attacker_at(board, a, rules.values, true);
    let sb = Shown::as_attacker_at(board, b, rules.values, true);
    for (x, t) in victim.all() {
        if combine(&sa, &sb, x, ops) {
            hit.take(t, CaptureKind::Ambush);
        }
    }
}

/// Whether ambush by movement takes a victim showing `victim` whole from
/// the attacker on `a` showing `attacker` and another of the mover's pieces
/// on `movers` (those able to move to the victim).
pub fn whole_by_move(
    board: &Board,
    rules: &CaptureRules,
    attacker: &Shown,
    victim: &Shown,
    a: Square,
    movers: &[Square],
) -> bool {
    let Some((AmbushReach::Move, ops)) = rules.ambush else {
        return false;
    };
    movers.iter().filter(|&&b| b != a).any(|&b| {
        let sb = Shown::as_attacker(board.get(b).expect("ambusher"), rules.values, true);
        victim.wholes().any(|x| combine(attacker, &sb, x, ops))
    })
}

/// Whether two or more of the mover's pieces on `around` (the victim's
/// neighbours), each worth less than `x`, make `x` by their sum or their
/// product (seed 002: "45S could be captured by either 30T, 12T, & 3C (sum)
/// or 5C & 9C (product)"). A pyramid takes part by its total, or under
/// [`PyramidValues::BaseAndSums`] by its total or its base.
fn neighbours(board: &Board, around: Bits, x: u32, ops: Ops, mode: PyramidValues) -> bool {
    let mut alts = [[0u32; 2]; 8];
    let mut n = 0;
    for a in squares(around) {
        let pair = match board.plain_value(a) as u32 {
            0 => {
                let shown = Shown::whole(board.get(a).expect("ambusher"), mode);
                let mut two = [0; 2];
                for (slot, y) in two.iter_mut().zip(shown.values()) {
                    *slot = y;
                }
                two
            }
            v => [v, 0],
        };
        // Only values below the victim's take part; 0 = no value.
        let pair = pair.map(|y| if y < x { y } else { 0 });
        if pair != [0, 0] {
            alts[n] = pair;
            n += 1;
        }
    }
    let ways = Ways {
        x,
        sum: ops[Op::Sum as usize],
        product: ops[Op::Product as usize],
    };
    ways.search(&alts[..n], 0, 1, 0)
}

/// The search of [`neighbours`]: the victim's value and the ways allowed.
struct Ways {
    x: u32,
    sum: bool,
    product: bool,
}

impl Ways {
    /// Whether some choice from `alts` (each neighbour left out or taken at
    /// one of its values), with the `count` taken so far adding to `sum` and
    /// multiplying to `product`, makes the victim's value.
    fn search(&self, alts: &[[u32; 2]], sum: u32, product: u64, count: u32) -> bool {
        let x = self.x;
        let sum_open = self.sum && sum <= x;
        let product_open = self.product && product <= x as u64;
        if !sum_open && !product_open {
            return false;
        }
        let Some((first, rest)) = alts.split_first() else {
            return count >= 2 && ((self.sum && sum == x) || (self.product && product == x as u64));
        };
        self.search(rest, sum, product, count)
            || first.iter().enumerate().any(|(i, &y)| {
                y != 0
                    && (i == 0 || y != first[0])
                    && self.search(rest, sum + y, product * y as u64, count + 1)
            })
    }
}
