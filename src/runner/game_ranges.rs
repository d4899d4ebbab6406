//! A set of one cell's game indices, kept as sorted, disjoint ranges: the
//! games a shard is to play, the games a checkpoint holds, the games a
//! resumed run still has to play.

use std::ops::Range;

/// Game indices as sorted ranges that neither overlap nor touch (touching
/// ranges are joined), none empty.
///
/// ```
/// use ludus::runner::game_ranges::GameRanges;
/// let mut done = GameRanges::new();
/// done.insert(0..10);
/// done.insert(20..30);
/// done.insert(10..20);
/// assert_eq!(done.ranges(), std::slice::from_ref(&(0..30)));
/// let todo = GameRanges::from(0..100).minus(&done);
/// assert_eq!((todo.ranges(), todo.len()), (std::slice::from_ref(&(30..100)), 70));
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameRanges {
    ranges: Vec<Range<u64>>,
}

impl From<Range<u64>> for GameRanges {
    fn from(r: Range<u64>) -> GameRanges {
        let mut s = GameRanges::new();
        s.insert(r);
        s
    }
}

impl GameRanges {
    /// No games.
    pub fn new() -> GameRanges {
        GameRanges::default()
    }

    /// The ranges, in order.
    pub fn ranges(&self) -> &[Range<u64>] {
        &self.ranges
    }

    /// How many games.
    pub fn len(&self) -> u64 {
        self.ranges.iter().map(|r| r.end - r.start).sum()
    }

    /// Whether there are no games.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Adds the games of `r`, joining it with the ranges it overlaps or
    /// touches.
    pub fn insert(&mut self, r: Range<u64>) {
        if r.start >= r.end {
            return;
        }
        // The first range that ends at or after r.start may touch it.
        let first = self.ranges.partition_point(|x| x.end < r.start);
        let mut last = first;
        let (mut start, mut end) = (r.start, r.end);
        while last < self.ranges.len() && self.ranges[last].start <= end {
            start = start.min(self.ranges[last].start);
            end = end.max(self.ranges[last].end);
            last += 1;
        }
        self.ranges.splice(first..last, std::iter::once(start..end));
    }

    /// The first games both sets hold, if any.
    ///
    /// ```
    /// use ludus::runner::game_ranges::GameRanges;
    /// let a = GameRanges::from(0..10);
    /// assert_eq!(a.overlap(&GameRanges::from(5..20)), Some(5..10));
    /// assert_eq!(a.overlap(&GameRanges::from(10..20)), None);
    /// ```
    pub fn overlap(&self, other: &GameRanges) -> Option<Range<u64>> {
        let (mut i, mut j) = (0, 0);
        while i < self.ranges.len() && j < other.ranges.len() {
            let (a, b) = (&self.ranges[i], &other.ranges[j]);
            let (start, end) = (a.start.max(b.start), a.end.min(b.end));
            if start < end {
                return Some(start..end);
            }
            if a.end <= b.end {
                i += 1;
            } else {
                j += 1;
            }
        }
        None
    }

    /// The games of `self` that `other` does not hold.
    pub fn minus(&self, other: &GameRanges) -> GameRanges {
        let mut out = GameRanges::new();
        for r in &self.ranges {
            let mut start = r.start;
            for o in &other.ranges {
                if o.end <= start || o.start >= r.end {
                    continue;
                }
                if o.start > start {
                    out.insert(start..o.start);
                }
                start = start.max(o.end);
            }
            if start < r.end {
                out.insert(start..r.end);
            }
        }
        out
    }

    /// Whether every game of `other` is in `self`.
    pub fn covers(&self, other: &GameRanges) -> bool {
        other.minus(self).is_empty()
    }

    /// The games of the set's `local` range when its games are numbered
    /// from 0 in order, as ranges of the games themselves.
    ///
    /// ```
    /// use ludus::runner::game_ranges::GameRanges;
    /// let mut s = GameRanges::from(10..20);
    /// s.insert(30..40);
    /// assert_eq!(s.pieces(5..15), vec![(5, 15..20), (10, 30..35)]);
    /// ```
    ///
    /// Each piece comes with the local number of its first game.
    pub fn pieces(&self, local: Range<u64>) -> Vec<(u64, Range<u64>)> {
        let mut out = Vec::new();
        let mut offset = 0;
        for r in &self.ranges {
            let len = r.end - r.start;
            let (start, end) = (local.start.max(offset), local.end.min(offset + len));
            if start < end {
                out.push((start, r.start + (start - offset)..r.start + (end - offset)));
            }
            offset += len;
            if offset >= local.end {
                break;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_joins_overlapping_and_touching_ranges_only() {
        let mut s = GameRanges::new();
        s.insert(10..20);
        s.insert(30..40);
        s.insert(0..5);
        assert_eq!(s.ranges(), &[0..5, 10..20, 30..40]);
        s.insert(15..31);
        assert_eq!(s.ranges(), &[0..5, 10..40]);
        s.insert(5..10);
        assert_eq!(s.ranges(), std::slice::from_ref(&(0..40)));
        s.insert(50..50);
        assert_eq!(s.len(), 40);
    }

    #[test]
    fn minus_and_covers() {
        let mut done = GameRanges::from(10..20);
        done.insert(25..27);
        let todo = GameRanges::from(0..30).minus(&done);
        assert_eq!(todo.ranges(), &[0..10, 20..25, 27..30]);
        assert!(GameRanges::from(0..30).covers(&done));
        assert!(!done.covers(&GameRanges::from(0..30)));
        let mut all = done.clone();
        for r in todo.ranges() {
            all.insert(r.clone());
        }
        assert_eq!(all, GameRanges::from(0..30));
    }
}
