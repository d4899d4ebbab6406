//! Which games a worker plays next: the chunks of every cell, handed out so
//! that every core stays busy and every cell's cost is known early.
//!
//! A chunk is a range of one cell's game indices. How the games are cut
//! into chunks never changes a result (every game's seed is fixed by its
//! index, and tallies are integer sums), so chunk sizes are free to follow
//! the measured cost of each cell: about [`TARGET_SECONDS`] of work each,
//! smaller near the end of the run so that no core waits for another.
//!
//! Order: first one game of the first cell, alone, so that a run of slow
//! games (a Lua bot's, a search's) has an estimate of the time left after
//! its first game rather than after a whole probe; then a short probe of
//! every cell ([`PROBE`] games), so that the time left can be estimated
//! from each cell's own cost from the start;
//! then the cells one after another, every worker on the same cell, so
//! that cells finish (and reach the report) in order. In a run of more
//! than [`PROBE_AHEAD`] cells, the probes go no further than that many
//! cells past the first cell with games to hand out: every cell probed
//! holds a tally and a job until it finishes, and a probe of each of
//! 100,000 cells would hold them all at once.

use std::ops::Range;

/// Games in the first chunk of each cell, which measures its cost.
pub const PROBE: u64 = 16;

/// How many cells past the first with games left are probed ahead of it.
pub const PROBE_AHEAD: usize = 1024;

/// The work a chunk should hold, in seconds of one thread: long enough
/// that handing it out costs nothing, short enough that progress moves
/// and a stop is quick.
pub const TARGET_SECONDS: f64 = 0.05;

/// The shortest chunk worth handing out near the end of a run.
const MIN_SECONDS: f64 = 0.002;

/// The most games in one chunk, whatever the cost.
const MAX_CHUNK: u64 = 1 << 22;

/// The state of the hand-out: for each cell, the next game not yet handed
/// out and what its finished chunks cost.
#[derive(Clone, Debug)]
pub struct Dispatcher {
    games: Vec<u64>,
    next: Vec<u64>,
    measured: Vec<(u64, f64)>,
    probed: usize,
    cursor: usize,
    threads: usize,
    /// Whether the run's first game has been handed out on its own.
    piloted: bool,
    /// The cells that may still be given more games ([`Dispatcher::open`]),
    /// and how many they are.
    open: Vec<bool>,
    open_count: usize,
}

impl Dispatcher {
    /// A hand-out of cells of `games[c]` games each, for `threads` workers.
    pub fn new(games: Vec<u64>, threads: usize) -> Dispatcher {
        let n = games.len();
        Dispatcher {
            next: vec![0; n],
            measured: vec![(0, 0.0); n],
            games,
            probed: 0,
            cursor: 0,
            threads: threads.max(1),
            piloted: false,
            open: vec![false; n],
            open_count: 0,
        }
    }

    /// Marks cell `c` open: it may be given more games
    /// ([`Dispatcher::extend`]) until it is closed ([`Dispatcher::close`]).
    pub fn open(&mut self, c: usize) {
        if !std::mem::replace(&mut self.open[c], true) {
            self.open_count += 1;
        }
    }

    /// Gives open cell `c` `more` games after those it has; the hand-out
    /// goes back to it.
    ///
    /// ```
    /// use ludus::runner::dispatch::Dispatcher;
    /// let mut d = Dispatcher::new(vec![1, 2], 1);
    /// d.open(0);
    /// assert_eq!(d.take(), Some((0, 0..1)));
    /// assert_eq!(d.take(), Some((1, 0..2)));
    /// assert_eq!((d.take(), d.waiting()), (None, true));
    /// d.extend(0, 3);
    /// assert_eq!(d.take(), Some((0, 1..4)));
    /// d.close(0);
    /// assert_eq!((d.take(), d.waiting()), (None, false));
    /// ```
    pub fn extend(&mut self, c: usize, more: u64) {
        self.games[c] += more;
        self.cursor = self.cursor.min(c);
    }

    /// Closes open cell `c`: it gets no more games.
    pub fn close(&mut self, c: usize) {
        if std::mem::replace(&mut self.open[c], false) {
            self.open_count -= 1;
        }
    }

    /// Whether a cell is open: when nothing is left to hand out, more may
    /// come.
    pub fn waiting(&self) -> bool {
        self.open_count > 0
    }

    /// The seconds one game of cell `c` takes on one thread, once measured.
    pub fn cost(&self, c: usize) -> Option<f64> {
        let (games, secs) = self.measured[c];
        (games > 0).then(|| secs / games as f64)
    }

    /// Records that a chunk of cell `c` played `games` games in `secs`
    /// seconds of one thread.
    pub fn measured(&mut self, c: usize, games: u64, secs: f64) {
        self.measured[c].0 += games;
        self.measured[c].1 += secs;
    }

    /// The next chunk to play, or `None` when every game is handed out.
    ///
    /// ```
    /// use ludus::runner::dispatch::{Dispatcher, PROBE};
    /// let mut d = Dispatcher::new(vec![100, 5], 2);
    /// assert_eq!(d.take(), Some((0, 0..1)));         // one game, timed first
    /// assert_eq!(d.take(), Some((0, 1..PROBE + 1))); // then probes
    /// assert_eq!(d.take(), Some((1, 0..5)));
    /// d.measured(0, PROBE + 1, 1e-6);
    /// assert_eq!(d.take(), Some((0, PROBE + 1..100))); // then cell 0's rest
    /// assert_eq!(d.take(), None);
    /// ```
    pub fn take(&mut self) -> Option<(usize, Range<u64>)> {
        if !self.piloted {
            self.piloted = true;
            if let Some(c) = self.games.iter().position(|&g| g > 0) {
                return Some(self.hand_out(c, 1));
            }
        }
        while self.cursor < self.games.len() && self.handed_out(self.cursor) {
            self.cursor += 1;
        }
        while self.probed < self.games.len() && self.probed < self.cursor + PROBE_AHEAD {
            let c = self.probed;
            self.probed += 1;
            if !self.handed_out(c) {
                return Some(self.hand_out(c, PROBE));
            }
        }
        let c = self.cursor;
        if c == self.games.len() {
            return None;
        }
        let size = match self.cost(c) {
            None => PROBE,
            Some(cost) => {
                let target =
                    TARGET_SECONDS.min(self.seconds_left(cost) / (4 * self.threads) as f64);
                (target.max(MIN_SECONDS) / cost.max(1e-12)).clamp(1.0, MAX_CHUNK as f64) as u64
            }
        };
        Some(self.hand_out(c, size))
    }

    /// Whether every game of cell `c` has been handed out.
    pub fn handed_out(&self, c: usize) -> bool {
        self.next[c] >= self.games[c]
    }

    fn hand_out(&mut self, c: usize, size: u64) -> (usize, Range<u64>) {
        let start = self.next[c];
        let end = (start + size).min(self.games[c]);
        self.next[c] = end;
        (c, start..end)
    }

    /// The work not yet handed out, in seconds of one thread; a cell not
    /// yet measured counts at `fallback` seconds a game.
    fn seconds_left(&self, fallback: f64) -> f64 {
        (self.cursor..self.games.len())
            .map(|c| (self.games[c] - self.next[c]) as f64 * self.cost(c).unwrap_or(fallback))
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probes_go_no_further_than_probe_ahead_cells_past_the_cell_in_play() {
        let cells = PROBE_AHEAD + 10;
        let mut d = Dispatcher::new(vec![100; cells], 2);
        assert_eq!(d.take(), Some((0, 0..1)));
        assert_eq!(d.take(), Some((0, 1..PROBE + 1)));
        for c in 1..PROBE_AHEAD {
            assert_eq!(d.take(), Some((c, 0..PROBE)));
        }
        // Cell 0 is in play until its games are handed out.
        d.measured(0, PROBE + 1, 1e-9);
        assert_eq!(d.take(), Some((0, PROBE + 1..100)));
        // Then the window moves on by one cell.
        assert_eq!(d.take(), Some((PROBE_AHEAD, 0..PROBE)));
        assert!(matches!(d.take(), Some((1, _))));
    }

    #[test]
    fn the_first_game_of_the_run_is_handed_out_alone() {
        // Cells of no games are skipped; every game is handed out once.
        let mut d = Dispatcher::new(vec![0, 40, 3], 2);
        assert_eq!(d.take(), Some((1, 0..1)));
        let mut seen = [vec![false; 40], vec![false; 3]];
        seen[0][0] = true;
        while let Some((c, range)) = d.take() {
            d.measured(c, range.end - range.start, 1e-6);
            for i in range {
                let slot = &mut seen[c - 1][i as usize];
                assert!(!*slot, "cell {c} game {i} twice");
                *slot = true;
            }
        }
        assert!(seen.iter().flatten().all(|&s| s));
        assert_eq!(Dispatcher::new(vec![0, 0], 1).take(), None);
    }
}
