//! One game as an evaluator judged it, decision by decision, and what the
//! metrics that follow the lead make of it (Ludii's LeadChange,
//! Stability, Drama, DecisivenessMoves, ClarityVariance and
//! ClarityNarrowness, defined in docs/metrics.md).

use crate::core::outcome::Outcome;
use crate::core::policy::Values;
use crate::core::seat::SeatSet;

/// Two values closer than this are equal (an evaluation's rounding).
const EQUAL: f64 = 1e-9;

/// The share of the way from the mean move to the best one above which a
/// move counts as one of the few clear ones (Ludii's ClarityNarrowness).
const NARROW: f64 = 0.75;

/// A game's judgements: every seat's value before each decision, and the
/// clarity of the decisions that offered a choice.
///
/// ```
/// use ludus::core::outcome::Outcome;
/// use ludus::runner::judgements::Judgements;
/// let mut j = Judgements::default();
/// j.start(2);
/// for x in [0.0, 0.5, -0.5, 0.8] {
///     let mut v = [0.0; 8];
///     v[0] = x;
///     v[1] = -x;
///     j.note(v);
/// }
/// // The lead: shared, seat 1, seat 2, seat 1: three changes in three steps.
/// assert_eq!(j.lead_change(), Some(1.0));
/// // Seat 1 won; seat 2 never stood above 0.5, which seat 1 passed at the
/// // last of the four decisions.
/// let won = Outcome::win(0, "x");
/// assert_eq!(j.decisiveness(&won), Some(0.75));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Judgements {
    players: usize,
    values: Vec<Values>,
    clarity_variance: f64,
    clarity_narrowness: f64,
    clear: u32,
}

impl Judgements {
    /// Forgets the last game, for one of `players` seats.
    pub fn start(&mut self, players: usize) {
        self.players = players;
        self.values.clear();
        self.clarity_variance = 0.0;
        self.clarity_narrowness = 0.0;
        self.clear = 0;
    }

    /// Notes every seat's value before a decision.
    pub fn note(&mut self, values: Values) {
        self.values.push(values);
    }

    /// Notes a decision's options as the evaluator judged them, each for
    /// the seat that chose, after the move: how far apart they lie (the
    /// sample variance) and how few stand out (the share above three
    /// quarters of the way from the mean to the best). A decision of one
    /// option says nothing of clarity.
    ///
    /// ```
    /// use ludus::runner::judgements::Judgements;
    /// let mut j = Judgements::default();
    /// j.start(2);
    /// j.note_options(&[1.0, -1.0, -1.0, -1.0]);
    /// assert_eq!(j.clarity_variance(), Some(1.0));
    /// assert_eq!(j.clarity_narrowness(), Some(0.25));
    /// ```
    pub fn note_options(&mut self, values: &[f64]) {
        if values.len() < 2 {
            return;
        }
        let n = values.len() as f64;
        // Shifted by the first value, so that equal options spread by
        // exactly 0.
        let d: f64 = values.iter().map(|x| x - values[0]).sum();
        let d2: f64 = values.iter().map(|x| (x - values[0]).powi(2)).sum();
        let mean = values[0] + d / n;
        let best = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let spread = ((d2 - d * d / n) / (n - 1.0)).max(0.0);
        let bar = mean + NARROW * (best - mean);
        let above = values.iter().filter(|&&x| x > bar + EQUAL).count() as f64;
        self.clarity_variance += spread;
        self.clarity_narrowness += above / n;
        self.clear += 1;
    }

    /// The seats that lead before decision `t`: those whose value is the
    /// highest.
    fn leaders(&self, t: usize) -> SeatSet {
        let v = &self.values[t][..self.players];
        let top = v.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        (0..self.players)
            .filter(|&s| v[s] >= top - EQUAL)
            .fold(SeatSet::default(), SeatSet::with)
    }

    /// The share of steps from one decision to the next at which the
    /// leaders changed; `None` with fewer than two decisions.
    pub fn lead_change(&self) -> Option<f64> {
        let n = self.values.len();
        if n < 2 {
            return None;
        }
        let changes = (1..n)
            .filter(|&t| self.leaders(t) != self.leaders(t - 1))
            .count();
        Some(changes as f64 / (n - 1) as f64)
    }

    /// How much the seats' values move during the game: the variance of
    /// each seat's values over its decisions, averaged over the seats;
    /// `None` with fewer than two decisions.
    ///
    /// ```
    /// use ludus::runner::judgements::Judgements;
    /// let mut j = Judgements::default();
    /// j.start(2);
    /// j.note([1.0, -1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    /// j.note([-1.0, 1.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    /// assert_eq!(j.stability(), Some(1.0));
    /// ```
    pub fn stability(&self) -> Option<f64> {
        let n = self.values.len();
        if n < 2 || self.players == 0 {
            return None;
        }
        let mut total = 0.0;
        for s in 0..self.players {
            let mean = self.values.iter().map(|v| v[s]).sum::<f64>() / n as f64;
            total += self
                .values
                .iter()
                .map(|v| (v[s] - mean).powi(2))
                .sum::<f64>()
                / n as f64;
        }
        Some(total / self.players as f64)
    }

    /// The winners of a decided game: the seats in first place, unless
    /// every seat is (a draw decides nothing).
    fn winners(&self, outcome: &Outcome) -> Option<SeatSet> {
        let first = (0..self.players)
            .filter(|&s| outcome.place(s) == 1)
            .fold(SeatSet::default(), SeatSet::with);
        (!first.is_empty() && first.len() < self.players).then_some(first)
    }

    /// How far the eventual winners trailed: before each decision, the
    /// highest value less the winners' mean value, averaged over the
    /// decisions; `None` in a drawn game or one without decisions.
    ///
    /// ```
    /// use ludus::core::outcome::Outcome;
    /// use ludus::runner::judgements::Judgements;
    /// let mut j = Judgements::default();
    /// j.start(2);
    /// j.note([-0.5, 0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    /// j.note([0.5, -0.5, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0]);
    /// assert_eq!(j.drama(&Outcome::win(0, "x")), Some(0.5));
    /// ```
    pub fn drama(&self, outcome: &Outcome) -> Option<f64> {
        let winners = self.winners(outcome)?;
        if self.values.is_empty() {
            return None;
        }
        let k = winners.len() as f64;
        let sum: f64 = self
            .values
            .iter()
            .map(|v| {
                let top = v[..self.players]
                    .iter()
                    .copied()
                    .fold(f64::NEG_INFINITY, f64::max);
                top - winners.iter().map(|s| v[s]).sum::<f64>() / k
            })
            .sum();
        Some(sum / self.values.len() as f64)
    }

    /// How soon the game was decided: the share of its decisions before
    /// a winner's value first rose above the highest any other seat
    /// reached in the whole game (1 if it never did); `None` in a drawn
    /// game or one without decisions.
    pub fn decisiveness(&self, outcome: &Outcome) -> Option<f64> {
        let winners = self.winners(outcome)?;
        let n = self.values.len();
        if n == 0 {
            return None;
        }
        let others = (0..self.players).filter(|&s| !winners.contains(s));
        let bar = self
            .values
            .iter()
            .flat_map(|v| others.clone().map(move |s| v[s]))
            .fold(-1.0, f64::max);
        let first = self
            .values
            .iter()
            .position(|v| winners.iter().any(|s| v[s] > bar + EQUAL))
            .unwrap_or(n);
        Some(first as f64 / n as f64)
    }

    /// The mean over the decisions with a choice of their options'
    /// variance (see [`Judgements::note_options`]); `None` without such
    /// a decision.
    pub fn clarity_variance(&self) -> Option<f64> {
        (self.clear > 0).then(|| self.clarity_variance / f64::from(self.clear))
    }

    /// The mean over the decisions with a choice of the share of options
    /// that stand out (see [`Judgements::note_options`]); `None` without
    /// such a decision.
    pub fn clarity_narrowness(&self) -> Option<f64> {
        (self.clear > 0).then(|| self.clarity_narrowness / f64::from(self.clear))
    }
}

/// Values with `of` for the first seats, for tests.
#[cfg(test)]
fn values(of: &[f64]) -> Values {
    let mut v = [0.0; crate::core::seat::MAX_SEATS];
    v[..of.len()].copy_from_slice(of);
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(series: &[&[f64]]) -> Judgements {
        let mut j = Judgements::default();
        j.start(series[0].len());
        for v in series {
            j.note(values(v));
        }
        j
    }

    #[test]
    fn a_lead_held_throughout_never_changes() {
        let j = game(&[&[0.1, -0.1], &[0.4, -0.4], &[0.9, -0.9]]);
        assert_eq!(j.lead_change(), Some(0.0));
        let won = Outcome::win(0, "x");
        assert_eq!(j.drama(&won), Some(0.0), "the winner never trailed");
        // Seat 2's best was -0.1, which seat 1 passed at once.
        assert_eq!(j.decisiveness(&won), Some(0.0));
    }

    #[test]
    fn a_comeback_is_dramatic_and_decided_late() {
        let j = game(&[&[-0.6, 0.6], &[-0.2, 0.2], &[0.7, -0.7]]);
        let won = Outcome::win(0, "x");
        // Trailing by 1.2 and 0.4, level at the end: (1.2 + 0.4 + 0) / 3.
        assert!((j.drama(&won).unwrap() - 1.6 / 3.0).abs() < 1e-12);
        // Seat 2 reached 0.6; seat 1 first stood above it at decision 3 of 3.
        assert!((j.decisiveness(&won).unwrap() - 2.0 / 3.0).abs() < 1e-12);
        assert_eq!(j.lead_change(), Some(0.5));
    }

    #[test]
    fn draws_and_short_games_have_no_value() {
        let j = game(&[&[0.3, -0.3]]);
        assert_eq!(j.lead_change(), None);
        assert_eq!(j.stability(), None);
        let drawn = Outcome::draw(SeatSet::all(2), "x");
        assert_eq!(j.drama(&drawn), None);
        assert_eq!(j.decisiveness(&drawn), None);
        assert_eq!(j.clarity_variance(), None);
    }

    #[test]
    fn three_seats_share_the_lead_and_the_spread() {
        // Two seats level at the top, then one alone: one change.
        let j = game(&[&[0.5, 0.5, -1.0], &[0.5, 0.2, -0.7]]);
        assert_eq!(j.lead_change(), Some(1.0));
        // Variances 0, 0.0225, 0.0225 averaged.
        assert!((j.stability().unwrap() - 0.015).abs() < 1e-12);
        // Seats 1 and 2 won (a ranking with two first places).
        let o = Outcome::ranked(&[1, 1, 3], "x");
        assert!((j.drama(&o).unwrap() - (0.0 + 0.15) / 2.0).abs() < 1e-12);
    }

    #[test]
    fn options_all_alike_are_not_clear() {
        let mut j = Judgements::default();
        j.start(2);
        j.note_options(&[0.2, 0.2, 0.2]);
        j.note_options(&[0.9]);
        assert_eq!(j.clarity_variance(), Some(0.0));
        assert_eq!(j.clarity_narrowness(), Some(0.0));
    }
}
