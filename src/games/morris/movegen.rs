//! The one move generator of the family: placements, steps and flights,
//! jumps and their chains, and the removal a completed line earns, all
//! driven by [`Rules`](crate::games::morris::rules::Rules) and the board's tables.
//!
//! Order (which [`Position::pick`] reproduces): placements or steps by
//! man then destination, lowest point first; then jumps by man, each
//! chain depth first in the board's jump order; a move that completes a
//! line once per removable man, lowest first; `pass` alone.

use crate::games::morris::geometry::{Points, bits, jumps_along};
use crate::games::morris::moves::Move;
use crate::games::morris::position::Position;
use crate::games::morris::rules::Chain;

impl Position {
    /// Clears `out` and fills it with the legal moves of the seat to move.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let s = self.to_move as usize;
        let g = self.geometry();
        let board = g.kind;
        let me = self.men[s];
        let empty = self.empty();
        if self.hand[s] > 0 {
            for p in bits(empty) {
                self.push(out, Move::place(board, p), me | 1 << p, false);
            }
            return;
        }
        let flying = self.flying(s as u8);
        for p in bits(me) {
            let dests = if flying {
                empty
            } else {
                g.adjacent[p as usize] & empty
            };
            for q in bits(dests) {
                self.push(out, Move::step(board, p, q), me ^ (1 << p | 1 << q), flying);
            }
        }
        if self.rules.jumpers[s] {
            let steps = out.len();
            for p in bits(g.jumping_men(me, self.men[1 - s], empty)) {
                self.chain(
                    out,
                    Move::step(board, p, p),
                    p,
                    empty | 1 << p,
                    me & !(1 << p),
                );
            }
            if self.rules.forced_capture && out.len() > steps {
                out.drain(..steps);
            }
        }
        if out.is_empty() && self.rules.blocked_passes {
            out.push(Move::pass(board));
        }
    }

    /// Every way the man now on `at` (having made `mv` so far) goes on
    /// jumping; `rest` is the mover's other men.
    fn chain(&self, out: &mut Vec<Move>, mv: Move, at: u8, empty: Points, rest: Points) {
        let them = self.men[1 - self.to_move as usize] & !mv.taken;
        let mut went_on = false;
        for j in &self.geometry().jumps[at as usize] {
            if them & 1 << j.over == 0 || empty & 1 << j.to == 0 {
                continue;
            }
            went_on = true;
            let next = mv.then_jump(j.over, j.to);
            match self.rules.chain {
                Chain::Off => self.push(out, next, rest | 1 << j.to, false),
                Chain::Optional => {
                    self.push(out, next, rest | 1 << j.to, false);
                    self.chain(out, next, j.to, empty, rest);
                }
                Chain::MustContinue => self.chain(out, next, j.to, empty, rest),
            }
        }
        if !went_on && mv.hops > 0 && self.rules.chain == Chain::MustContinue {
            self.push(out, mv, rest | 1 << at, false);
        }
    }

    /// Adds `mv`, once per man it may remove if it completes a line.
    #[inline]
    fn push(&self, out: &mut Vec<Move>, mv: Move, me_after: Points, flying: bool) {
        if self.rules.mills
            && (self.rules.flyer_mills || !flying)
            && self.geometry().line_through(mv.to, me_after)
        {
            let removable = self.removable(mv.taken);
            if removable != 0 {
                out.extend(bits(removable).map(|r| mv.removing(r)));
                return;
            }
        }
        out.push(mv);
    }

    /// The enemy men a completed line may remove once the jumped men
    /// (`taken`) are gone: those not in a line of their own, or any if all are.
    fn removable(&self, taken: Points) -> Points {
        let them = self.men[1 - self.to_move as usize] & !taken;
        let free = them & !self.geometry().in_lines(them);
        if free != 0 { free } else { them }
    }

    /// Whether the seat to move has a legal move other than a pass.
    pub fn has_move(&self) -> bool {
        let s = self.to_move as usize;
        let empty = self.empty();
        if self.hand[s] > 0 || self.flying(s as u8) {
            return empty != 0;
        }
        let g = self.geometry();
        bits(self.men[s]).any(|p| g.adjacent[p as usize] & empty != 0)
            || (self.rules.jumpers[s] && self.any_jump())
    }

    /// Whether the seat to move has a jump.
    #[inline]
    fn any_jump(&self) -> bool {
        let s = self.to_move as usize;
        self.geometry()
            .jumping_men(self.men[s], self.men[1 - s], self.empty())
            != 0
    }

    /// Draws the `k`-th legal move without listing them, where that is
    /// cheap: placements and steps, when there is neither a jump nor a
    /// removal to enumerate. `None` where the caller should list the moves.
    pub fn pick(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        let s = self.to_move as usize;
        if self.rules.mills {
            return None;
        }
        let g = self.geometry();
        let board = g.kind;
        let (me, them, empty) = (self.men[s], self.men[1 - s], self.empty());
        if self.hand[s] > 0 {
            let k = draw(empty.count_ones() as usize);
            return Some(Move::place(board, nth(empty, k)));
        }
        let jumping = if self.rules.jumpers[s] {
            g.jumping_men(me, them, empty)
        } else {
            0
        };
        // Single jumps on a grid are counted by shifting whole boards;
        // chains, and the other boards' jumps, are listed by the caller.
        if jumping != 0 && (self.rules.chain != Chain::Off || g.jump_shifts.is_empty()) {
            return None;
        }
        let jumps: u32 = if jumping == 0 {
            0
        } else {
            g.jump_shifts
                .iter()
                .map(|&(d, from)| jumps_along(d, from, me, them, empty).count_ones())
                .sum()
        };
        let flying = self.flying(s as u8);
        let dests = |p: u8| {
            if flying {
                empty
            } else {
                g.adjacent[p as usize] & empty
            }
        };
        let steps: u32 = if self.rules.forced_capture && jumps > 0 {
            0
        } else {
            bits(me).map(|p| dests(p).count_ones()).sum()
        };
        if steps + jumps == 0 {
            return self
                .rules
                .blocked_passes
                .then(|| Move::pass(board))
                .inspect(|_| {
                    draw(1);
                });
        }
        let mut k = draw((steps + jumps) as usize) as u32;
        if k < steps {
            for p in bits(me) {
                let d = dests(p);
                let c = d.count_ones();
                if k < c {
                    return Some(Move::step(board, p, nth(d, k as usize)));
                }
                k -= c;
            }
        }
        k -= steps;
        for p in bits(jumping) {
            for j in &g.jumps[p as usize] {
                if them & 1 << j.over != 0 && empty & 1 << j.to != 0 {
                    if k == 0 {
                        return Some(Move::step(board, p, p).then_jump(j.over, j.to));
                    }
                    k -= 1;
                }
            }
        }
        unreachable!("the draw is below the count")
    }
}

/// The `k`-th point of a set, lowest first.
#[inline]
fn nth(mut set: Points, k: usize) -> u8 {
    for _ in 0..k {
        set &= set - 1;
    }
    set.trailing_zeros() as u8
}
