//! The legal moves of the seat to move: the kinds its dice let move, the
//! first-move rule, the whole list, and one drawn uniformly without it.

use crate::games::chess::board::Square;
use crate::games::chess::movegen::Mover;
use crate::games::chess::moves::Move;
use crate::games::chess::position::{Position, Waiting};

impl Position {
    fn mover(&self) -> Mover<'_> {
        let s = self.to_move;
        Mover {
            rules: &self.rules,
            cells: &self.cells,
            seat: s,
            takes: self.takes(s),
            checkers: self.checkers(s),
            leapers: self.leapers,
            alive: self.alive,
            in_check: self.in_check,
            king: self.kings[s as usize],
            pinned: std::cell::OnceCell::new(),
            own: &self.pieces[s as usize],
            pieces: &self.pieces,
        }
    }

    /// The kinds the dice let move (every kind without dice).
    fn kinds_allowed(&self) -> u16 {
        if self.rules.dice.is_none() || self.stalled {
            return u16::MAX;
        }
        self.dice
            .iter()
            .filter_map(|&f| self.rules.face_kind(f))
            .fold(0, |m, k| m | k.bit())
    }

    /// Whether a move satisfies the first-move rule (Four Seasons: a seat's
    /// first move must go some way toward the next seat).
    #[inline]
    fn first_move_ok(&self, mv: Move) -> bool {
        match &self.rules.first_move {
            Some(v) if (self.moved >> self.to_move) & 1 == 0 && !mv.is_pass() => {
                let (vf, vr) = v[self.to_move as usize];
                let df = i32::from(crate::games::chess::board::file_of(mv.to))
                    - i32::from(crate::games::chess::board::file_of(mv.from));
                let dr = i32::from(crate::games::chess::board::rank_of(mv.to))
                    - i32::from(crate::games::chess::board::rank_of(mv.from));
                df * i32::from(vf) + dr * i32::from(vr) > 0
            }
            _ => true,
        }
    }

    /// Whether the seat to move has a legal move of these kinds, with or
    /// without the first-move rule.
    pub(super) fn has_legal(&self, kinds: u16, first_rule: bool) -> bool {
        let m = self.mover();
        let king = self.kings[self.to_move as usize];
        m.each(kinds, &mut |mv| {
            (!first_rule || self.first_move_ok(mv))
                && (!m.needs_test(mv) || m.leaves_king_safe(king, mv))
        })
    }

    /// Every legal move of the seat to move, in generation order (a pass last).
    pub fn legal_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.ending.is_some() || self.waiting() == Waiting::Dice {
            return;
        }
        if self.stalled {
            out.push(Move::pass());
            return;
        }
        if self.choosing {
            out.extend(self.dice.iter().map(|&f| Move::die(f)));
            return;
        }
        let m = self.mover();
        let king = self.kings[self.to_move as usize];
        // The king's moves, most of those tested, are judged together once
        // the walk is done: where each stands in `out`, and its square.
        let (mut at, mut to, mut n) = ([0usize; 32], [0 as Square; 32], 0);
        m.each(self.kinds_allowed(), &mut |mv| {
            if !self.first_move_ok(mv) {
                return false;
            }
            if !m.needs_test(mv) {
                out.push(mv);
            } else if n < 32 && m.plain_king_move(mv) {
                (at[n], to[n]) = (out.len(), mv.to);
                n += 1;
                out.push(mv);
            } else if m.leaves_king_safe(king, mv) {
                out.push(mv);
            }
            false
        });
        if n > 0 {
            let safe = m.king_moves_safe(&to[..n]);
            let (mut i, mut k) = (0, 0);
            out.retain(|_| {
                let keep = k == n || at[k] != i || {
                    k += 1;
                    (safe >> (k - 1)) & 1 == 1
                };
                i += 1;
                keep
            });
        }
    }

    /// Draws a legal move uniformly without testing every move: counts
    /// the candidates, draws one with `draw(n)` and, if it would leave the
    /// king attacked, drops it and draws again among the rest. The draws are
    /// those of a list of the candidates in generation order from which a
    /// dropped one is swapped out for the last (`Vec::swap_remove`), but
    /// the list is never written: a candidate is generated again from its
    /// piece's count when drawn, and the few moved by a drop are remembered.
    pub fn pick(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        if self.stalled {
            draw(1);
            return Some(Move::pass());
        }
        if self.choosing {
            return Some(Move::die(self.dice[draw(2)]));
        }
        if self.rules.first_move.is_some() && (self.moved >> self.to_move) & 1 == 0 {
            // The first-move rule drops candidates by direction: list them.
            return self.pick_listed(draw);
        }
        DRAW.with_borrow_mut(|DrawBuffers { counts, swapped }| {
            swapped.clear();
            let m = self.mover();
            let mut len = m.count_each(self.kinds_allowed(), counts);
            let at = |swapped: &[(usize, Move)], i: usize| match swapped.iter().find(|s| s.0 == i) {
                Some(&(_, mv)) => mv,
                None => m.nth(counts, i),
            };
            let king = self.kings[self.to_move as usize];
            while len > 0 {
                let k = draw(len);
                let mv = at(swapped, k);
                if !m.needs_test(mv) || m.leaves_king_safe(king, mv) {
                    return Some(mv);
                }
                let last = len - 1;
                if k != last {
                    let moved = at(swapped, last);
                    swapped.retain(|s| s.0 != k);
                    swapped.push((k, moved));
                }
                len = last;
            }
            None
        })
    }

    /// [`Position::pick`] from a list of the candidates.
    fn pick_listed(&self, draw: &mut dyn FnMut(usize) -> usize) -> Option<Move> {
        CANDIDATES.with_borrow_mut(|buf| {
            buf.clear();
            let m = self.mover();
            m.each(self.kinds_allowed(), &mut |mv| {
                if self.first_move_ok(mv) {
                    buf.push(mv);
                }
                false
            });
            let king = self.kings[self.to_move as usize];
            while !buf.is_empty() {
                let k = draw(buf.len());
                let mv = buf[k];
                if !m.needs_test(mv) || m.leaves_king_safe(king, mv) {
                    return Some(mv);
                }
                buf.swap_remove(k);
            }
            None
        })
    }
}

/// What [`Position::pick`] keeps between draws: each piece's count of
/// candidates, and the candidates a drop moved to a new index.
#[derive(Default)]
struct DrawBuffers {
    counts: Vec<(Square, u16)>,
    swapped: Vec<(usize, Move)>,
}

thread_local! {
    static CANDIDATES: std::cell::RefCell<Vec<Move>> = const { std::cell::RefCell::new(Vec::new()) };
    static DRAW: std::cell::RefCell<DrawBuffers> = const {
        std::cell::RefCell::new(DrawBuffers { counts: Vec::new(), swapped: Vec::new() })
    };
}
