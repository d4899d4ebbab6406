//! How a game ended.

use crate::core::seat::{MAX_SEATS, Seat, SeatSet};

/// The ending of a game drawn by its own move limit (an option of the
/// board games): what metrics.csv counts as a timeout, with the runner's
/// `max-plies`.
pub const CAP: &str = "cap";

/// The end of a game: who won, every seat's place, and why.
///
/// One seat in `winners` is a win for that seat; several seats share a draw.
/// Every seat has a 1-based place in standard competition ranking ("1224":
/// seats that tie share a place, and the next place skips as many as
/// shared it). A game of two seats, or one that names only its winners
/// ([`Outcome::win`], [`Outcome::draw`]), puts every other seat in the
/// place after the winners; a game of more seats that knows who went out
/// when says so with [`Outcome::ranked`]. `reason` is a short kebab-case
/// name of the rule that ended the game (reported in endings.csv), e.g.
/// `"hazard"`.
///
/// ```
/// use ludus::core::outcome::Outcome;
/// use ludus::core::seat::SeatSet;
/// let won = Outcome::win(1, "hazard");
/// assert_eq!((won.place(0), won.place(1), won.place(2)), (2, 1, 2));
/// let drawn = Outcome::draw(SeatSet::single(0).with(2), "tied-rounds");
/// assert_eq!((drawn.place(0), drawn.place(1), drawn.place(2)), (1, 3, 1));
/// let ranked = Outcome::ranked(&[3, 1, 4, 2], "mate");
/// assert_eq!(ranked.sole_winner(), Some(1));
/// assert_eq!(ranked.place(2), 4);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winning seat, or the seats sharing a draw: the seats in place 1.
    pub winners: SeatSet,
    /// The name of the rule that ended the game.
    pub reason: &'static str,
    /// Every seat's place, or `None` where they follow from `winners`:
    /// a ranking that [`Outcome::win`] or [`Outcome::draw`] would give is
    /// stored as `None`, so that equal endings compare equal however made.
    places: Option<[u8; MAX_SEATS]>,
}

impl Outcome {
    /// A win for one seat; every other seat shares place 2.
    ///
    /// ```
    /// use ludus::core::outcome::Outcome;
    /// let o = Outcome::win(1, "hazard");
    /// assert_eq!(o.sole_winner(), Some(1));
    /// assert_eq!((o.place(1), o.place(0)), (1, 2));
    /// ```
    pub fn win(seat: Seat, reason: &'static str) -> Outcome {
        Outcome {
            winners: SeatSet::single(seat),
            reason,
            places: None,
        }
    }

    /// A draw shared by `seats`: they are all first, and every other seat
    /// shares the place after them (`seats.len() + 1`).
    ///
    /// ```
    /// use ludus::core::outcome::Outcome;
    /// use ludus::core::seat::SeatSet;
    /// let o = Outcome::draw(SeatSet::single(0).with(1), "most-rounds");
    /// assert_eq!(o.sole_winner(), None);
    /// assert_eq!((o.place(0), o.place(1), o.place(2)), (1, 1, 3));
    /// ```
    pub fn draw(seats: SeatSet, reason: &'static str) -> Outcome {
        Outcome {
            winners: seats,
            reason,
            places: None,
        }
    }

    /// An ending that places every seat: `places[s]` is seat `s`'s place,
    /// from 1, in standard competition ranking (seats may tie; a place
    /// shared by `k` seats is followed by the place `k` further on). The
    /// seats in place 1 are the `winners`: one wins, several share a draw.
    ///
    /// ```
    /// use ludus::core::outcome::Outcome;
    /// use ludus::core::seat::SeatSet;
    /// let o = Outcome::ranked(&[2, 1, 2, 4], "mate");
    /// assert_eq!(o.sole_winner(), Some(1));
    /// assert_eq!((o.place(0), o.place(2), o.place(3)), (2, 2, 4));
    /// // A ranking that names only its winners is the same as a win.
    /// assert_eq!(Outcome::ranked(&[2, 1, 2], "mate"), Outcome::win(1, "mate"));
    /// ```
    ///
    /// # Panics
    ///
    /// If `places` has no seat or more than [`MAX_SEATS`], or is not a
    /// competition ranking (e.g. `[1, 3]`, `[2, 2]`): a game that reports
    /// such places has a bug.
    pub fn ranked(places: &[u8], reason: &'static str) -> Outcome {
        let n = places.len();
        assert!(
            (1..=MAX_SEATS).contains(&n),
            "{n} places for a game of at most {MAX_SEATS} seats"
        );
        let mut winners = SeatSet::EMPTY;
        for (s, &p) in places.iter().enumerate() {
            let better = places.iter().filter(|&&q| q < p).count();
            assert!(
                usize::from(p) == better + 1,
                "places {places:?} are not a competition ranking: seat {} has place {p} \
                 behind {better} seats",
                s + 1
            );
            if p == 1 {
                winners = winners.with(s);
            }
        }
        let behind = winners.len() as u8 + 1;
        let derived = places.iter().all(|&p| p == 1 || p == behind);
        let mut all = [0; MAX_SEATS];
        all[..n].copy_from_slice(places);
        Outcome {
            winners,
            reason,
            places: (!derived).then_some(all),
        }
    }

    /// The winner if exactly one seat won.
    pub fn sole_winner(&self) -> Option<Seat> {
        (self.winners.len() == 1).then(|| self.winners.first().unwrap())
    }

    /// The place of a seat of the game, from 1: 1 for the winners, and
    /// for the others the place [`Outcome::ranked`] gave or, for a win or a
    /// draw, the place after the winners.
    ///
    /// ```
    /// use ludus::core::outcome::Outcome;
    /// assert_eq!(Outcome::win(0, "hazard").place(3), 2);
    /// assert_eq!(Outcome::ranked(&[4, 1, 2, 2], "mate").place(0), 4);
    /// ```
    #[inline]
    pub fn place(&self, seat: Seat) -> u8 {
        match self.places {
            Some(p) => p[seat],
            None if self.winners.contains(seat) => 1,
            None => self.winners.len() as u8 + 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_sole_winner_is_first_and_the_rest_share_second() {
        let o = Outcome::win(2, "r");
        let places: Vec<u8> = (0..4).map(|s| o.place(s)).collect();
        assert_eq!(places, [2, 2, 1, 2]);
    }

    #[test]
    fn drawing_seats_are_first_and_the_rest_share_the_place_after_them() {
        let o = Outcome::draw(SeatSet::all(3), "max-plies");
        assert_eq!([o.place(0), o.place(1), o.place(2)], [1, 1, 1]);
        let o = Outcome::draw(SeatSet::single(1).with(3), "r");
        let places: Vec<u8> = (0..5).map(|s| o.place(s)).collect();
        assert_eq!(places, [3, 1, 3, 1, 3]);
    }

    #[test]
    fn a_ranking_keeps_every_place_and_its_winners() {
        let o = Outcome::ranked(&[3, 1, 1, 4], "r");
        assert_eq!(o.winners, SeatSet::single(1).with(2));
        assert_eq!(o.sole_winner(), None);
        let places: Vec<u8> = (0..4).map(|s| o.place(s)).collect();
        assert_eq!(places, [3, 1, 1, 4]);
        assert_ne!(o, Outcome::draw(o.winners, "r"));
    }

    #[test]
    fn a_ranking_of_winners_and_one_shared_place_is_a_win_or_a_draw() {
        assert_eq!(Outcome::ranked(&[2, 1], "r"), Outcome::win(1, "r"));
        assert_eq!(
            Outcome::ranked(&[1, 3, 1], "r"),
            Outcome::draw(SeatSet::single(0).with(2), "r")
        );
        assert_eq!(
            Outcome::ranked(&[1; 4], "r"),
            Outcome::draw(SeatSet::all(4), "r")
        );
    }

    #[test]
    #[should_panic(expected = "not a competition ranking")]
    fn a_place_that_skips_is_refused() {
        Outcome::ranked(&[1, 3, 4], "r");
    }

    #[test]
    #[should_panic(expected = "not a competition ranking")]
    fn a_ranking_without_a_first_is_refused() {
        Outcome::ranked(&[2, 2], "r");
    }

    #[test]
    #[should_panic(expected = "not a competition ranking")]
    fn a_tie_must_skip_the_places_it_shares() {
        Outcome::ranked(&[1, 2, 2, 3], "r");
    }

    #[test]
    fn an_outcome_stays_small() {
        assert!(std::mem::size_of::<Outcome>() <= 32);
    }
}
