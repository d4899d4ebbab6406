//! Shards: one of N parts of a run, for runs that outgrow one machine.
//!
//! Shard K of N plays, in every cell, the K-th of N contiguous ranges of
//! the cell's game indices, as even as whole games allow. A game keeps its
//! index, hence its seed (experiment seed, cell, index): the shards of a
//! run play exactly the games the run plays, and their tallies add up to
//! the run's.

use crate::runner::run_setting_error::RunSettingError;
use std::fmt;
use std::ops::Range;

/// The most shards a run may be cut into.
pub const MAX_SHARDS: u64 = 1_000_000;

/// Shard `index` of `count`, numbered from 1 (as Slurm numbers array tasks
/// in `--array=1-N`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// Which shard, 1 to `count`.
    pub index: u64,
    /// How many shards.
    pub count: u64,
}

impl Shard {
    /// Parses `K/N`.
    ///
    /// ```
    /// use ludus::runner::shard::Shard;
    /// assert_eq!(Shard::parse("2/4"), Ok(Shard { index: 2, count: 4 }));
    /// assert!(Shard::parse("0/4").is_err());
    /// assert!(Shard::parse("5/4").is_err());
    /// ```
    pub fn parse(text: &str) -> Result<Shard, RunSettingError> {
        let bad = || RunSettingError {
            setting: "--shard",
            message: format!(
                "--shard takes K/N, shard K of N with 1 <= K <= N <= {MAX_SHARDS}, not `{text}`"
            ),
        };
        let (k, n) = text.split_once('/').ok_or_else(bad)?;
        let index: u64 = k.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if index == 0 || index > count || count > MAX_SHARDS {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The games of a cell of `games` games this shard plays.
    ///
    /// ```
    /// use ludus::runner::shard::Shard;
    /// let parts: Vec<_> = (1..=3).map(|k| Shard { index: k, count: 3 }.games(10)).collect();
    /// assert_eq!(parts, vec![0..3, 3..6, 6..10]);
    /// ```
    pub fn games(&self, games: u64) -> Range<u64> {
        let at = |k: u64| (u128::from(games) * u128::from(k) / u128::from(self.count)) as u64;
        at(self.index - 1)..at(self.index)
    }
}

impl fmt::Display for Shard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}
