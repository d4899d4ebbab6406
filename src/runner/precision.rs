//! A cell played until a precision: games in blocks of [`BLOCK`], in
//! game-index order, until the standard error of every seat's win rate is
//! at most a bound, or a most games (`games = { until_se, max }`).
//!
//! The stop is decided only at block boundaries, from the tally of games
//! `0..n` exactly: which games a cell plays depends on the seeds alone,
//! never on the threads or on where a run was interrupted and resumed.

use crate::runner::game_ranges::GameRanges;
use crate::runner::tally::Tally;

/// Games in a block: the stop is looked at after games `0..BLOCK`,
/// `0..2 * BLOCK`, ... (and `0..max`). Small beside the thousands of
/// games a standard error of a percent needs, large enough that the
/// threads of a run share each block.
pub const BLOCK: u64 = 1_000;

/// The bound on the standard errors and the most games.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Precision {
    /// The largest standard error of a seat's win rate at which the cell
    /// stops, in (0, 0.5].
    pub until_se: f64,
    /// The most games, at least 1.
    pub max: u64,
}

/// Why a cell played the games it did (cells.csv's `stopped`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stopped {
    /// A fixed count of games (`games = N`).
    Games,
    /// Every standard error was within the bound.
    Precision,
    /// The most games were played before that.
    Max,
}

impl Stopped {
    /// The word cells.csv gives it.
    pub fn as_str(self) -> &'static str {
        match self {
            Stopped::Games => "games",
            Stopped::Precision => "precision",
            Stopped::Max => "max",
        }
    }
}

/// The standard error of a win rate of `wins` in `games`, `sqrt(p(1 - p) / n)`
/// with `p = wins / n` (summary.csv's `win_rate`); 0 with no games.
///
/// ```
/// use ludus::runner::precision::standard_error;
/// assert_eq!(standard_error(50, 100), 0.05);
/// assert_eq!(standard_error(0, 100), 0.0);
/// ```
pub fn standard_error(wins: u64, games: u64) -> f64 {
    if games == 0 {
        return 0.0;
    }
    let (n, p) = (games as f64, wins as f64 / games as f64);
    (p * (1.0 - p) / n).sqrt()
}

impl Precision {
    /// Whether every seat's win rate in `tally` has a standard error of at
    /// most `until_se` (IEEE arithmetic, the same on every machine).
    ///
    /// ```
    /// use ludus::runner::precision::Precision;
    /// use ludus::runner::tally::Tally;
    /// let mut t = Tally::new(2);
    /// (t.games, t.wins[0], t.wins[1]) = (100, 50, 50);
    /// assert!(Precision { until_se: 0.05, max: 1000 }.met(&t));
    /// assert!(!Precision { until_se: 0.049, max: 1000 }.met(&t));
    /// ```
    pub fn met(&self, tally: &Tally) -> bool {
        tally.games > 0
            && (0..tally.players)
                .all(|s| standard_error(tally.wins[s], tally.games) <= self.until_se)
    }

    /// The block boundaries: `BLOCK`, `2 * BLOCK`, ..., `max`.
    fn boundaries(&self) -> impl Iterator<Item = u64> + '_ {
        (1..=self.max.div_ceil(BLOCK)).map(|k| k.saturating_mul(BLOCK).min(self.max))
    }

    /// The games the cell is to have played before its stop is looked at
    /// again (`0..n`), given that it has played `done` adding up to
    /// `tally`; `None` once it has stopped. A cell that holds games
    /// `0..b` exactly, `b` a boundary, stops there when [`Precision::met`]
    /// or `b == max`; a cell that holds games past a boundary went on from
    /// it (the games past it were played only once that was decided).
    ///
    /// ```
    /// use ludus::runner::game_ranges::GameRanges;
    /// use ludus::runner::precision::{BLOCK, Precision};
    /// use ludus::runner::tally::Tally;
    /// let p = Precision { until_se: 0.01, max: 2500 };
    /// let none = Tally::new(2);
    /// assert_eq!(p.next_target(&GameRanges::new(), &none), Some(BLOCK));
    /// let mut t = Tally::new(2);
    /// (t.games, t.wins[0], t.wins[1]) = (BLOCK, 500, 500);
    /// // The standard errors are 0.0158: one more block.
    /// assert_eq!(p.next_target(&GameRanges::from(0..BLOCK), &t), Some(2 * BLOCK));
    /// assert_eq!(p.next_target(&GameRanges::from(0..2 * BLOCK + 5), &t), Some(2500));
    /// assert_eq!(p.next_target(&GameRanges::from(0..2500), &t), None);
    /// ```
    pub fn next_target(&self, done: &GameRanges, tally: &Tally) -> Option<u64> {
        let mut last = 0;
        for b in self.boundaries() {
            if !done.covers(&GameRanges::from(0..b)) {
                return Some(b);
            }
            if done.len() == b && self.met(tally) {
                return None;
            }
            last = b;
        }
        debug_assert_eq!(last, self.max);
        None
    }

    /// Why a cell whose games add up to `tally` stopped.
    pub fn stopped(&self, tally: &Tally) -> Stopped {
        if self.met(tally) {
            Stopped::Precision
        } else {
            Stopped::Max
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_boundaries_are_whole_blocks_then_max() {
        let p = |max| Precision { until_se: 0.1, max };
        assert_eq!(p(2500).boundaries().collect::<Vec<_>>(), [1000, 2000, 2500]);
        assert_eq!(p(2000).boundaries().collect::<Vec<_>>(), [1000, 2000]);
        assert_eq!(p(7).boundaries().collect::<Vec<_>>(), [7]);
    }
}
