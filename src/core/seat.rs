//! Seats and sets of seats.

use std::fmt;

/// A player's place at the table, 0-based. Seat 0 is "seat 1" in reports.
pub type Seat = usize;

/// The most seats any game in ludus takes (the dice games allow up to 6).
pub const MAX_SEATS: usize = 8;

/// A set of seats, as a bit mask: who won (one seat) or who shared a draw (several).
///
/// ```
/// use ludus::core::seat::SeatSet;
/// let s = SeatSet::single(2).with(0);
/// assert_eq!(s.len(), 2);
/// assert!(s.contains(0) && s.contains(2) && !s.contains(1));
/// assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 2]);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct SeatSet(pub u8);

impl SeatSet {
    /// The empty set.
    pub const EMPTY: SeatSet = SeatSet(0);

    /// The set holding one seat.
    #[inline]
    pub fn single(seat: Seat) -> SeatSet {
        SeatSet(1 << seat)
    }

    /// Every seat of an `n`-player game.
    #[inline]
    pub fn all(n: usize) -> SeatSet {
        SeatSet(((1u16 << n) - 1) as u8)
    }

    /// This set with `seat` added.
    #[inline]
    pub fn with(self, seat: Seat) -> SeatSet {
        SeatSet(self.0 | (1 << seat))
    }

    /// Whether `seat` is in the set.
    #[inline]
    pub fn contains(self, seat: Seat) -> bool {
        self.0 & (1 << seat) != 0
    }

    /// How many seats the set holds.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The seats in increasing order.
    pub fn iter(self) -> impl Iterator<Item = Seat> {
        (0..MAX_SEATS).filter(move |&s| self.contains(s))
    }

    /// The lowest seat in the set, if any.
    #[inline]
    pub fn first(self) -> Option<Seat> {
        (self.0 != 0).then(|| self.0.trailing_zeros() as usize)
    }
}

impl fmt::Debug for SeatSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}
