//! The one move generator of the family: placements, steps and flights,
//! jumps and their chains, and the removal a completed line earns, all
//! driven by [`Rules`](crate::games::morris::rules::Rules) and the board's tables.
//!
//! Order (which [`Position::pick`] reproduces): placements or steps by
//! man then destination, lowest point first; then jumps by man, each
//! chain depth first in the board's jump order; a move that completes a
//! line once per removable man, lowest first; `pass` alone.

use crate::core::bits::nth_set_bit;
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
                self.push(out, Move::place(board, p), me | 1 << p, false, 0);
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
                self.push(
                    out,
                    Move::step(board, p, q),
                    me ^ (1 << p | 1 << q),
                    flying,
                    0,
                );
            }
        }
        if self.rules.jumpers[s] {
            let steps = out.len();
            for p in bits(g.jumping_men(me, self.men[1 - s], empty)) {
                let start = Move::step(board, p, p);
                self.chain(out, start, 0, empty | 1 << p, me & !(1 << p));
            }
            if self.rules.forced_capture && out.len() > steps {
                out.drain(..steps);
            }
        }
        if out.is_empty() && self.rules.blocked_passes {
            out.push(Move::pass(board));
        }
    }

    /// Every way the man now on `mv.to` (having jumped over `taken` so
    /// far) goes on jumping; `rest` is the mover's other men.
    fn chain(&self, out: &mut Vec<Move>, mv: Move, taken: Points, empty: Points, rest: Points) {
        let them = self.men[1 - self.to_move as usize] & !taken;
        let mut went_on = false;
        for j in &self.geometry().jumps[mv.to as usize] {
            if them & 1 << j.over == 0 || empty & 1 << j.to == 0 {
                continue;
            }
            went_on = true;
            let (next, taken) = (mv.then_jump(j.to), taken | 1 << j.over);
            match self.rules.chain {
                Chain::Off => self.push(out, next, rest | 1 << j.to, false, taken),
                Chain::Optional => {
                    self.push(out, next, rest | 1 << j.to, false, taken);
                    self.chain(out, next, taken, empty, rest);
                }
                Chain::MustContinue => self.chain(out, next, taken, empty, rest),
            }
        }
        if !went_on && mv.hops > 0 && self.rules.chain == Chain::MustContinue {
            self.push(out, mv, rest | 1 << mv.to, false, taken);
        }
    }

    /// Adds `mv` (which jumps over `taken`), once per man it may remove
    /// if it completes a line.
    #[inline]
    fn push(&self, out: &mut Vec<Move>, mv: Move, me_after: Points, flying: bool, taken: Points) {
        if self.rules.mills
            && (self.rules.flyer_mills || !flying)
            && self.geometry().line_through(mv.to, me_after)
        {
            let removable = self.removable(taken);
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
    #[inline]
    pub fn pick(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        let s = self.to_move as usize;
        if self.rules.mills {
            return self.pick_with_removals(draw);
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
                        return Some(Move::step(board, p, p).then_jump(j.to));
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

    /// [`Position::pick`] where completed lines remove men: each placement
    /// or step counts once, or once per removable man if it completes a
    /// line. Jumps (mills and jumps together) are left to the caller.
    fn pick_with_removals(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        let s = self.to_move as usize;
        let g = self.geometry();
        let board = g.kind;
        let (me, them, empty) = (self.men[s], self.men[1 - s], self.empty());
        let placing = self.hand[s] > 0;
        if !placing && self.rules.jumpers[s] && g.jumping_men(me, them, empty) != 0 {
            return None;
        }
        let removable = self.removable(0);
        let flying = !placing && self.flying(s as u8);
        // The lines one man short: their empty point, and the two men that
        // must stay for a man arriving there to complete the line.
        let mut open = [(0 as Points, 0 as Points); 16];
        let mut n_open = 0;
        if removable != 0 && (self.rules.flyer_mills || !flying) {
            for &l in &g.lines {
                let mine = l & me;
                if mine.count_ones() == 2 && l & empty != 0 {
                    open[n_open] = (l & empty, mine);
                    n_open += 1;
                }
            }
        }
        let open = &open[..n_open];
        // The points where a man completes a line when `left` is vacated.
        let completing = |left: Points| {
            open.iter()
                .filter(|(_, pair)| pair & left == 0)
                .fold(0, |m, (at, _)| m | at)
        };
        let extra = removable.count_ones().saturating_sub(1);
        let count = |dests: Points, lines: Points| {
            dests.count_ones() + extra * (dests & lines).count_ones()
        };
        // Every man that moves, with where it goes and where it completes a
        // line; a placement is one "man" from nowhere.
        let dests = |p: u8| {
            if flying {
                empty
            } else {
                g.adjacent[p as usize] & empty
            }
        };
        let men = if placing { 1 } else { me };
        let options = |p: u8| {
            if placing {
                (empty, completing(0))
            } else {
                (dests(p), completing(1 << p))
            }
        };
        let total: u32 = bits(men)
            .map(|p| {
                let (d, c) = options(p);
                count(d, c)
            })
            .sum();
        if total == 0 {
            return self.pass(draw);
        }
        let mut k = draw(total as usize) as u32;
        for p in bits(men) {
            let (d, c) = options(p);
            let n = count(d, c);
            if k >= n {
                k -= n;
                continue;
            }
            for q in bits(d) {
                let line = c & 1 << q != 0;
                let w = if line { extra + 1 } else { 1 };
                if k < w {
                    let mv = if placing {
                        Move::place(board, q)
                    } else {
                        Move::step(board, p, q)
                    };
                    return Some(if line {
                        mv.removing(nth(removable, k as usize))
                    } else {
                        mv
                    });
                }
                k -= w;
            }
        }
        unreachable!("the draw is below the count")
    }
}

/// The `k`-th point of a set, lowest first.
#[inline]
fn nth(set: Points, k: usize) -> u8 {
    nth_set_bit(u64::from(set), k as u32) as u8
}
