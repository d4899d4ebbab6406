//! How much a game rewards play, exactly: for each seat and each weaker
//! policy W, the seat's odds when it plays optimally against W in every
//! other seat, beside its odds when it plays W too, and the equilibrium
//! (every seat optimal) for reference. Knows no game and no policy: the
//! caller names the policies and solves each line-up of seats
//! (`ludus exact GAME --skill`).

use crate::analysis::exact::SeatOdds;
use crate::analysis::exact_error::ExactError;

/// Every seat's odds under one line-up, or why it was refused.
pub type Odds = Result<Vec<SeatOdds>, ExactError>;

/// One seat against one weaker policy.
#[derive(Clone, Debug, PartialEq)]
pub struct SkillRow<P> {
    /// The seat, from 0.
    pub seat: usize,
    /// The weaker policy W, played by every other seat.
    pub opponent: P,
    /// The seat's odds playing optimally, every other seat playing W;
    /// an error where that line-up could not be solved (past the limit).
    pub optimal: Result<SeatOdds, ExactError>,
    /// The seat's odds playing W itself, as every seat does.
    pub in_place: Result<SeatOdds, ExactError>,
}

impl<P> SkillRow<P> {
    /// What optimal play gains over W in this seat: the chance of winning
    /// alone (a fraction, not points) and the payoff; none where either
    /// line-up was refused.
    pub fn gap(&self) -> Option<(f64, f64)> {
        match (&self.optimal, &self.in_place) {
            (Ok(o), Ok(w)) => Some((o.win - w.win, o.payoff - w.payoff)),
            _ => None,
        }
    }
}

/// The skill table of a game: a row per seat and weaker policy, seat by
/// seat, and the equilibrium.
#[derive(Clone, Debug, PartialEq)]
pub struct Skill<P> {
    /// Every seat's odds when every seat plays optimally.
    pub equilibrium: Result<Vec<SeatOdds>, ExactError>,
    /// One row per seat and weaker policy, in seat order, the policies
    /// in the order given.
    pub rows: Vec<SkillRow<P>>,
}

impl<P> Skill<P> {
    /// The row whose gap in the chance of winning is largest among those
    /// `take` accepts, with that gap; none if no such row was solved.
    pub fn largest_gap(&self, take: impl Fn(&SkillRow<P>) -> bool) -> Option<(&SkillRow<P>, f64)> {
        // Reversed, as `max_by` keeps the last of equals and the first
        // seat should be named.
        self.rows
            .iter()
            .rev()
            .filter(|r| take(r))
            .filter_map(|r| r.gap().map(|(win, _)| (r, win)))
            .max_by(|a, b| a.1.total_cmp(&b.1))
    }
}

/// The skill table of a game of `players` seats: `optimal` in each seat
/// against each of `weaker` in every other, and each of `weaker` in
/// every seat. `solve` gives every seat's odds for a line-up of policies
/// (one per seat); each line-up is solved once, the all-W one shared by
/// every seat's row, and a refusal stays in the rows it concerns.
///
/// ```
/// use ludus::analysis::exact::SeatOdds;
/// use ludus::analysis::skill::skill;
/// // A toy game of two seats: "good" wins 60% against "bad".
/// let odds = |win: f64| SeatOdds { win, draw: 0.0, loss: 1.0 - win, payoff: 2.0 * win - 1.0 };
/// let table = skill(2, &"good", &["bad"], |seats: &[&str]| {
///     Ok(match seats {
///         ["good", "bad"] => vec![odds(0.6), odds(0.4)],
///         ["bad", "good"] => vec![odds(0.4), odds(0.6)],
///         _ => vec![odds(0.5), odds(0.5)],
///     })
/// });
/// let (win, payoff) = table.rows[0].gap().unwrap();
/// assert!((win - 0.1).abs() < 1e-12 && (payoff - 0.2).abs() < 1e-12);
/// assert_eq!(table.rows.len(), 2);
/// ```
pub fn skill<P: Clone + Eq>(
    players: usize,
    optimal: &P,
    weaker: &[P],
    mut solve: impl FnMut(&[P]) -> Odds,
) -> Skill<P> {
    // A handful of line-ups, each solved at great cost: a list searched
    // in full is fast enough and asks no hash of the policies.
    let mut solved: Vec<(Vec<P>, Odds)> = Vec::new();
    let mut odds = |seats: Vec<P>| -> Odds {
        if let Some((_, known)) = solved.iter().find(|(s, _)| *s == seats) {
            return known.clone();
        }
        let found = solve(&seats);
        solved.push((seats, found.clone()));
        found
    };
    let equilibrium = odds(vec![optimal.clone(); players]);
    let mut rows = Vec::with_capacity(players * weaker.len());
    for seat in 0..players {
        for w in weaker {
            let mut seats = vec![w.clone(); players];
            let in_place = odds(seats.clone()).map(|o| o[seat]);
            seats[seat] = optimal.clone();
            let optimal = odds(seats).map(|o| o[seat]);
            rows.push(SkillRow {
                seat,
                opponent: w.clone(),
                optimal,
                in_place,
            });
        }
    }
    Skill { equilibrium, rows }
}
