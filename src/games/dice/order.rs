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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// A playing order: `seats[0]` plays first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayOrder {
    /// The seats in playing order; only the first `len` are meaningful.
    pub seats: [Seat; MAX_SEATS],
    /// How many seats play.
    pub len: usize,
}

impl PlayOrder {
    /// Seat order.
    pub fn fixed(players: usize) -> PlayOrder {
        PlayOrder {
            seats: std::array::from_fn(|i| i),
            len: players,
        }
    }

    /// The seats in playing order.
    pub fn as_slice(&self) -> &[Seat] {
        &self.seats[..self.len]
    }

    /// The seat that plays after `seat`, wrapping around.
    pub fn next_after(&self, seat: Seat) -> Seat {
        let i = self
            .as_slice()
            .iter()
            .position(|&s| s == seat)
            .expect("seat plays");
        self.seats[(i + 1) % self.len]
    }
}

/// Decides the order of `players` seats by opening throws of `dice` dice
/// each; every throw is counted in `throws` and said to `log`.
pub fn opening_order<L: Log>(
    method: OrderMethod,
    players: usize,
    dice_per_throw: u32,
    dice: &mut Dice,
    log: &mut L,
    throws: &mut u32,
) -> PlayOrder {
    let mut order = PlayOrder::fixed(players);
    if method == OrderMethod::Fixed {
        return order;
    }
    rank(
        method,
        &mut order.seats[..players],
        dice_per_throw,
        dice,
        log,
        throws,
    );
    if log.on() {
        let names: Vec<String> = order
            .as_slice()
            .iter()
            .map(|s| format!("seat {}", s + 1))
            .collect();
        say!(log, "order of play: {}", names.join(", "));
    }
    order
}

/// Orders `group` in place by one throw each, ties re-thrown within the tie.
fn rank<L: Log>(
    method: OrderMethod,
    group: &mut [Seat],
    n: u32,
    dice: &mut Dice,
    log: &mut L,
    throws: &mut u32,
) {
    let mut totals = [0u32; MAX_SEATS];
    for (i, &seat) in group.iter().enumerate() {
        totals[i] = dice.total(n);
        *throws += 1;
        say!(log, "seat {} throws {} for the order", seat + 1, totals[i]);
    }
    let mut keyed: [(u32, Seat); MAX_SEATS] = [(0, 0); MAX_SEATS];
    for i in 0..group.len() {
        let key = match method {
            OrderMethod::Highest => u32::MAX - totals[i],
            _ => totals[i],
        };
        keyed[i] = (key, group[i]);
    }
    let keyed = &mut keyed[..group.len()];
    // Insertion sort: at most six seats, and stable, like the seat order.
    for i in 1..keyed.len() {
        let mut j = i;
        while j > 0 && keyed[j - 1].0 > keyed[j].0 {
            keyed.swap(j - 1, j);
            j -= 1;
        }
    }
    for (slot, &(_, seat)) in group.iter_mut().zip(keyed.iter()) {
        *slot = seat;
    }
    let mut start = 0;
    while start < group.len() {
        let mut end = start + 1;
        while end < group.len() && keyed[end].0 == keyed[start].0 {
            end += 1;
        }
        if end - start > 1 {
            say!(log, "tie: the tied seats throw again");
            rank(method, &mut group[start..end], n, dice, log, throws);
        }
        start = end;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::log::Transcript;

    #[test]
    fn highest_first_and_ties_rethrown_within_the_tie() {
        // Three players throw one die each: 4, 6, 4 -> seat 2 first; seats 1
        // and 3 tie and throw again: 2, 5 -> seat 3 before seat 1.
        let mut dice = Dice::scripted(&[4, 6, 4, 2, 5]);
        let mut throws = 0;
        let order = opening_order(
            OrderMethod::Highest,
            3,
            1,
            &mut dice,
            &mut Transcript::default(),
            &mut throws,
        );
        assert_eq!(order.as_slice(), &[1, 2, 0]);
        assert_eq!(throws, 5);
    }

    #[test]
    fn lowest_first() {
        let mut dice = Dice::scripted(&[4, 6, 1]);
        let mut throws = 0;
        let order = opening_order(
            OrderMethod::Lowest,
            3,
            1,
            &mut dice,
            &mut Transcript::default(),
            &mut throws,
        );
        assert_eq!(order.as_slice(), &[2, 0, 1]);
    }

    #[test]
    fn fixed_throws_nothing() {
        let mut dice = Dice::scripted(&[]);
        let mut throws = 0;
        let order = opening_order(
            OrderMethod::Fixed,
            4,
            3,
            &mut dice,
            &mut Transcript::default(),
            &mut throws,
        );
        assert_eq!(order.as_slice(), &[0, 1, 2, 3]);
        assert_eq!(throws, 0);
        assert_eq!(order.next_after(3), 0);
    }
}
