//! The order of play, decided by opening throws.
//!
//! 004 e, f, h, i, j, l: "Gracze na początku tury rzucają kośćmi ustalając
//! kolejność graczy, mogą to zrobić w systemie: najwyższa wygrywa lub
//! najniższa wygrywa" — at the start the players throw to set the order,
//! highest or lowest first. Interpretation: every player throws; they play in
//! the order of their totals; players who tie throw again among themselves to
//! order that group (as often as needed). `fixed` skips the throws and plays
//! in seat order, for studying the first-player advantage directly.

use crate::core::dice::Dice;
use crate::core::log::Log;
use crate::core::options::{OptionKind, OptionSpec};
use crate::core::seat::{MAX_SEATS, Seat};
use crate::say;

/// How the order of play is decided.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum OrderMethod {
    /// The highest opening throw plays first.
    Highest,
    /// The lowest opening throw plays first.
    Lowest,
    /// Seat order, no opening throws.
    Fixed,
}

impl OrderMethod {
    /// From the `order` option's value.
    pub fn from_option(value: &str) -> OrderMethod {
        match value {
            "highest" => OrderMethod::Highest,
            "lowest" => OrderMethod::Lowest,
            "fixed" => OrderMethod::Fixed,
            other => panic!("unknown order `{other}`"),
        }
    }
}

/// The `order` option, defaulting to `default`.
pub const fn order_option(default: &'static str) -> OptionSpec {
    OptionSpec {
        name: "order",
        doc: "who plays first: highest or lowest opening throw first, or seat order",
        kind: OptionKind::Choice(&["highest", "lowest", "fixed"]),
        default,
    }
}

/// A playing order: `seat(0)` plays first. Seats are kept as bytes, so
/// that a game holding an order stays small to copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PlayOrder {
    seats: [u8; MAX_SEATS],
    len: u8,
}

impl PlayOrder {
    /// Seat order.
    pub fn fixed(players: usize) -> PlayOrder {
        PlayOrder {
            seats: std::array::from_fn(|i| i as u8),
            len: players as u8,
        }
    }

    /// The seat `i`-th in playing order.
    #[inline]
    pub fn seat(&self, i: usize) -> Seat {
        Seat::from(self.seats[i])
    }

    /// How many seats play.
    #[inline]
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether no seat plays (never, in a game).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The seats in playing order.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.seats[..self.len()].iter().map(|&s| Seat::from(s))
    }

    /// For an order of two seats, exchanges the seats: who played first
    /// plays second.
    pub fn exchange(&mut self) {
        for s in &mut self.seats[..usize::from(self.len)] {
            *s = 1 - *s;
        }
    }

    /// The seat that plays after `seat`, wrapping around.
    pub fn next_after(&self, seat: Seat) -> Seat {
        let i = self.seats().position(|s| s == seat).expect("seat plays");
        self.seat((i + 1) % self.len())
    }
}

/// Opening throws under way, one throw a step: the seats of a segment
/// throw one after another; once all have, the segment is put in order and
/// each run of tied seats becomes a segment to throw again, the first run
/// first, as if ranked by recursion. Only what is needed to go on is kept
/// (no totals of a finished segment), so that equal stages compare equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ordering {
    method: OrderMethod,
    dice: u8,
    /// The seats, being put in order in place.
    order: PlayOrder,
    /// Segments still to throw, `(start, end, a re-throw of a tie)`, the
    /// next on top.
    stack: [(u8, u8, bool); MAX_SEATS],
    depth: u8,
    /// Totals thrown so far in the top segment.
    totals: [u8; MAX_SEATS],
    thrown: u8,
}

// One write of packed bytes, not one a field: the key of every state of
// the dice games' exact analysis holds an ordering (a tenth of
// `ludus exact growing-hazard` hashed it field by field). Once done,
// only the order is read on.
impl std::hash::Hash for Ordering {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let mut bytes = [0u8; 4 + MAX_SEATS * 5];
        bytes[..4].copy_from_slice(&[self.method as u8, self.dice, self.depth, self.order.len]);
        bytes[4..4 + MAX_SEATS].copy_from_slice(&self.order.seats);
        let mut n = 4 + MAX_SEATS;
        if !self.done() {
            for (i, &(start, end, again)) in self.stack.iter().enumerate() {
                bytes[n + 3 * i..n + 3 * i + 3].copy_from_slice(&[start, end, u8::from(again)]);
            }
            n += 3 * MAX_SEATS;
            bytes[n..n + MAX_SEATS].copy_from_slice(&self.totals);
            n += MAX_SEATS;
        }
        h.write(&bytes[..n]);
        if !self.done() {
            h.write_u8(self.thrown);
        }
    }
}

impl Ordering {
    /// The opening throws of `players` seats, `dice` dice each, by
    /// `method`: none at all, and done at once, for [`OrderMethod::Fixed`].
    pub fn new(method: OrderMethod, players: usize, dice: u32) -> Ordering {
        let mut o = Ordering {
            method,
            dice: dice as u8,
            order: PlayOrder::fixed(players),
            stack: [(0, 0, false); MAX_SEATS],
            depth: 0,
            totals: [0; MAX_SEATS],
            thrown: 0,
        };
        if method != OrderMethod::Fixed {
            o.stack[0] = (0, players as u8, false);
            o.depth = 1;
        }
        o
    }

    /// Whether the order is set.
    #[inline]
    pub fn done(&self) -> bool {
        self.depth == 0
    }

    /// The order, once [`Ordering::done`].
    pub fn order(&self) -> PlayOrder {
        self.order
    }

    /// For two seats, once [`Ordering::done`], exchanges the seats in the
    /// order; while opening throws are still to come, leaves it.
    pub fn exchange(&mut self) {
        if self.done() {
            self.order.exchange();
        }
    }

    /// The order, once [`Ordering::done`], without a copy.
    #[inline]
    pub fn order_ref(&self) -> &PlayOrder {
        &self.order
    }

    /// One opening throw, counted in `throws` and said to `log`.
    #[inline]
    pub fn step<L: Log>(&mut self, dice: &mut Dice, log: &mut L, throws: &mut u32) {
        let (start, end, tie) = self.stack[self.depth as usize - 1];
        let (start, end) = (start as usize, end as usize);
        if self.thrown == 0 && tie {
            say!(log, "tie: the tied seats throw again");
        }
        let seat = self.order.seat(start + self.thrown as usize);
        let total = dice.total(u32::from(self.dice));
        *throws += 1;
        say!(log, "seat {} throws {} for the order", seat + 1, total);
        self.totals[self.thrown as usize] = total as u8;
        self.thrown += 1;
        if usize::from(self.thrown) < end - start {
            return;
        }
        self.rank(start, end);
        if self.done() && log.on() {
            let names: Vec<String> = self
                .order
                .seats()
                .map(|s| format!("seat {}", s + 1))
                .collect();
            say!(log, "order of play: {}", names.join(", "));
        }
    }

    /// The top segment has all thrown: sorts it (stably, best first) and
    /// replaces it by its runs of tied seats.
    fn rank(&mut self, start: usize, end: usize) {
        let n = end - start;
        if n == 2 {
            // Two seats, most games' case: one comparison, no sort.
            let (a, b) = (self.totals[0], self.totals[1]);
            self.totals = [0; MAX_SEATS];
            self.thrown = 0;
            if a == b {
                self.stack[self.depth as usize - 1].2 = true;
                return;
            }
            if (self.method == OrderMethod::Highest) == (b > a) {
                self.order.seats.swap(start, start + 1);
            }
            self.depth -= 1;
            self.stack[self.depth as usize] = (0, 0, false);
            return;
        }
        let key = |t: u8| match self.method {
            OrderMethod::Highest => u8::MAX - t,
            _ => t,
        };
        let mut keyed = [(0u8, 0u8); MAX_SEATS];
        for (i, k) in keyed.iter_mut().enumerate().take(n) {
            *k = (key(self.totals[i]), self.order.seats[start + i]);
        }
        let keyed = &mut keyed[..n];
        // Insertion sort: at most six seats, and stable, like the seat order.
        for i in 1..n {
            let mut j = i;
            while j > 0 && keyed[j - 1].0 > keyed[j].0 {
                keyed.swap(j - 1, j);
                j -= 1;
            }
        }
        for (i, &(_, seat)) in keyed.iter().enumerate() {
            self.order.seats[start + i] = seat;
        }
        self.depth -= 1;
        self.stack[self.depth as usize] = (0, 0, false);
        self.totals = [0; MAX_SEATS];
        self.thrown = 0;
        // Runs of ties, pushed last first so that the first is thrown first.
        let mut runs = [(0u8, 0u8); MAX_SEATS];
        let mut count = 0;
        let mut i = 0;
        while i < n {
            let mut j = i + 1;
            while j < n && keyed[j].0 == keyed[i].0 {
                j += 1;
            }
            if j - i > 1 {
                runs[count] = ((start + i) as u8, (start + j) as u8);
                count += 1;
            }
            i = j;
        }
        for &(s, e) in runs[..count].iter().rev() {
            self.stack[self.depth as usize] = (s, e, true);
            self.depth += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::log::Transcript;

    /// The order `faces` (one die a throw) set among `players` seats by
    /// `method`, and how many throws it took.
    fn opening_order(method: OrderMethod, players: usize, faces: &[u8]) -> (Vec<Seat>, u32) {
        let mut dice = Dice::scripted(faces);
        let (mut o, mut throws) = (Ordering::new(method, players, 1), 0);
        while !o.done() {
            o.step(&mut dice, &mut Transcript::default(), &mut throws);
        }
        (o.order().seats().collect(), throws)
    }

    #[test]
    fn opening_throws_order_the_seats_and_ties_throw_again() {
        use OrderMethod::{Fixed, Highest, Lowest};
        for (method, players, faces, order, throws) in [
            // 4, 6, 4: seat 2 first; seats 1 and 3 tie and throw again:
            // 2, 5, so seat 3 before seat 1.
            (Highest, 3, &[4, 6, 4, 2, 5][..], &[1, 2, 0][..], 5),
            (Lowest, 3, &[4, 6, 1], &[2, 0, 1], 3),
            // Two seats: one comparison, a tie thrown again.
            (Highest, 2, &[3, 3, 2, 5], &[1, 0], 4),
            (Highest, 2, &[3, 3, 5, 2], &[0, 1], 4),
            (Lowest, 2, &[3, 3, 2, 5], &[0, 1], 4),
            (Lowest, 2, &[6, 6, 5, 2], &[1, 0], 4),
            (Fixed, 4, &[], &[0, 1, 2, 3], 0),
        ] {
            assert_eq!(
                opening_order(method, players, faces),
                (order.to_vec(), throws),
                "{method:?} {faces:?}"
            );
        }
        assert_eq!(PlayOrder::fixed(4).next_after(3), 0);
    }
}
