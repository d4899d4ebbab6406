//! The one move generator of the family: the decisions open to the seat to
//! move, by what is left of its turn ([`Pending`]). At a turn's start:
//! placements, steps and flights, and first jumps; in a chain, the man's
//! next jumps (and `stop` where the chain may end early); after a completed
//! line, the enemy men it may remove.
//!
//! Order (which [`Position::pick`] reproduces): placements or steps by
//! man then destination, lowest point first; then jumps by man in the
//! board's jump order; removals lowest point first; `pass` alone.

use crate::core::bits::nth_set_bit;
use crate::games::morris::geometry::{Points, bits, jumps_along};
use crate::games::morris::moves::Move;
use crate::games::morris::position::{Pending, Position};
use crate::games::morris::rules::Chain;

impl Position {
    /// Clears `out` and fills it with the decisions open to the seat to move.
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        let s = self.to_move as usize;
        let g = self.geometry();
        let board = g.kind;
        let empty = self.empty();
        match self.pending {
            Pending::Turn => {}
            Pending::Removal => {
                out.extend(bits(self.removable()).map(|r| Move::remove(board, r)));
                return;
            }
            Pending::Chain { at, taken } => {
                let them = self.men[1 - s] & !taken;
                for j in &g.jumps[at as usize] {
                    if them & 1 << j.over != 0 && empty & 1 << j.to != 0 {
                        out.push(Move::jump_on(board, at, j.to));
                    }
                }
                if self.rules.chain == Chain::Optional {
                    out.push(Move::stop(board));
                }
                return;
            }
        }
        let me = self.men[s];
        if self.hand[s] > 0 {
            out.extend(bits(empty).map(|p| Move::place(board, p)));
            return;
        }
        let flying = self.flying(s as u8);
        for p in bits(me) {
            let dests = if flying {
                empty
            } else {
                g.adjacent[p as usize] & empty
            };
            out.extend(bits(dests).map(|q| Move::step(board, p, q)));
        }
        if self.rules.jumpers[s] {
            let steps = out.len();
            let them = self.men[1 - s];
            for p in bits(g.jumping_men(me, them, empty)) {
                for j in &g.jumps[p as usize] {
                    if them & 1 << j.over != 0 && empty & 1 << j.to != 0 {
                        out.push(Move::jump(board, p, j.to));
                    }
                }
            }
            if self.rules.forced_capture && out.len() > steps {
                out.drain(..steps);
            }
        }
        if out.is_empty() && self.rules.blocked_passes {
            out.push(Move::pass(board));
        }
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

    /// Draws the `k`-th legal decision without listing them, where that is
    /// cheap: placements, steps, single jumps on a grid and removals. `None`
    /// where the caller should list the moves (a chain under way, the other
    /// boards' jumps).
    #[inline]
    pub fn pick(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        let s = self.to_move as usize;
        match self.pending {
            Pending::Turn => {}
            Pending::Removal => {
                let r = self.removable();
                let k = draw(r.count_ones() as usize);
                return Some(Move::remove(self.geometry().kind, nth(r, k)));
            }
            Pending::Chain { .. } => return None,
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
        // A turn's first jumps on a grid are counted by shifting whole
        // boards; the other boards' jumps are listed by the caller.
        if jumping != 0 && g.jump_shifts.is_empty() {
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
            return self.pass(draw);
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
                        return Some(Move::jump(board, p, j.to));
                    }
                    k -= 1;
                }
            }
        }
        unreachable!("the draw is below the count")
    }

    /// The draw among no moves: the one move `pass` where the rules let a
    /// blocked side pass (drawn as one of one, as a listed pass would be).
    fn pass(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        self.rules.blocked_passes.then(|| {
            draw(1);
            Move::pass(self.geometry().kind)
        })
    }
}

/// The `k`-th point of a set, lowest first.
#[inline]
fn nth(set: Points, k: usize) -> u8 {
    nth_set_bit(u64::from(set), k as u32) as u8
}
