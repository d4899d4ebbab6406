//! What a batch knows of one cell while it plays: games done, their tally so
//! far, and what they cost.

use std::borrow::Cow;
use std::time::{Duration, Instant};

use crate::runner::game_ranges::GameRanges;
use crate::runner::tally::Tally;

/// One cell's progress.
#[derive(Clone, Debug)]
pub struct CellProgress {
    /// The games the cell plays in all.
    pub games: u64,
    /// The games whose chunks have come back.
    pub done: u64,
    /// Which games those are (indices of the cell's job).
    pub ranges: GameRanges,
    /// The game's seats.
    pub players: usize,
    /// What those games add up to (see [`CellProgress::tally`]): none
    /// before the cell's first chunk comes back, so that a batch of
    /// 100,000 cells does not hold a kilobyte of empty tally for each.
    counted: Option<Box<Tally>>,
    /// Thread time spent on those games.
    pub busy: Duration,
    /// When the cell's first chunk started.
    pub first_start: Option<Instant>,
    /// When its last chunk so far ended.
    pub last_end: Option<Instant>,
}

impl CellProgress {
    /// A cell of `games` games of a `players`-seat game, none played.
    pub fn new(games: u64, players: usize) -> CellProgress {
        CellProgress {
            games,
            done: 0,
            ranges: GameRanges::new(),
            players,
            counted: None,
            busy: Duration::ZERO,
            first_start: None,
            last_end: None,
        }
    }

    /// What the games counted add up to; the cell's result once
    /// `done == games` (unless the batch forgot it, see
    /// [`crate::runner::batch::Observer::forgets_finished`]).
    pub fn tally(&self) -> Cow<'_, Tally> {
        match &self.counted {
            Some(t) => Cow::Borrowed(t),
            None => Cow::Owned(Tally::new(self.players)),
        }
    }

    /// [`CellProgress::tally`], owned.
    pub fn into_tally(self) -> Tally {
        self.counted
            .map_or_else(|| Tally::new(self.players), |t| *t)
    }

    /// Forgets what the games counted add up to (the counts and cost stay).
    pub fn forget_tally(&mut self) {
        self.counted = None;
    }

    /// Whether every game of the cell is counted.
    pub fn finished(&self) -> bool {
        self.done == self.games
    }

    /// Adds the chunk of games `range`, whose tally is `tally`, that ran
    /// from `start` for `busy`.
    pub fn add(
        &mut self,
        range: std::ops::Range<u64>,
        tally: Tally,
        start: Instant,
        busy: Duration,
    ) {
        self.done += tally.games;
        self.ranges.insert(range);
        self.counted = Some(Box::new(match self.counted.take() {
            Some(t) => t.merge(tally),
            None => Tally::new(self.players).merge(tally),
        }));
        self.busy += busy;
        let end = start + busy;
        self.first_start = Some(self.first_start.map_or(start, |s| s.min(start)));
        self.last_end = Some(self.last_end.map_or(end, |e| e.max(end)));
    }

    /// Seconds of one thread per game, once a game is counted.
    pub fn cost(&self) -> Option<f64> {
        (self.done > 0).then(|| self.busy.as_secs_f64() / self.done as f64)
    }

    /// Seconds from the cell's first chunk's start to its last chunk's end.
    pub fn wall_seconds(&self) -> f64 {
        match (self.first_start, self.last_end) {
            (Some(s), Some(e)) => (e - s).as_secs_f64(),
            _ => 0.0,
        }
    }
}

/// Every cell's progress, and the batch's clock: what a progress display
/// and the ETA are computed from.
#[derive(Clone, Debug)]
pub struct BatchProgress {
    /// One entry per cell, in cell order.
    pub cells: Vec<CellProgress>,
    /// When the batch started.
    pub started: Instant,
    /// Worker threads.
    pub threads: usize,
    /// The chunks being played: cell, first game index, games, start.
    pub in_flight: Vec<(usize, u64, u64, Instant)>,
}

impl BatchProgress {
    /// Games in every cell.
    pub fn total_games(&self) -> u64 {
        self.cells.iter().map(|c| c.games).sum()
    }

    /// Games counted so far.
    pub fn done_games(&self) -> u64 {
        self.cells.iter().map(|c| c.done).sum()
    }

    /// The thread seconds the games left will take, from each cell's own
    /// measured cost; a cell not yet measured (a run of many cells probes
    /// only those near the one in play, see
    /// [`crate::runner::dispatch::PROBE_AHEAD`]) counts at the mean cost of
    /// the games played so far. A chunk still in play that has taken
    /// longer than that cost allows raises its cell's cost to what it has
    /// taken so far, so that the time left grows while slow games of a
    /// cell not yet measured play, rather than standing still. `None`
    /// before any game is counted.
    pub fn seconds_left(&self) -> Option<f64> {
        self.seconds_left_at(Instant::now())
    }

    /// [`BatchProgress::seconds_left`] at the instant `now`.
    pub fn seconds_left_at(&self, now: Instant) -> Option<f64> {
        let (busy, done) = self.cells.iter().fold((0.0, 0u64), |(b, d), c| {
            (b + c.busy.as_secs_f64(), d + c.done)
        });
        if done == 0 {
            return None;
        }
        let mean = busy / done as f64;
        let mut left = 0.0;
        for (i, c) in self.cells.iter().enumerate().filter(|(_, c)| !c.finished()) {
            // At least what a chunk of the cell in play has taken a game.
            let floor = self
                .in_flight
                .iter()
                .filter(|f| f.0 == i && f.2 > 0)
                .map(|&(_, _, games, start)| (now - start).as_secs_f64() / games as f64)
                .fold(0.0, f64::max);
            left += (c.games - c.done) as f64 * c.cost().unwrap_or(mean).max(floor);
        }
        Some(left)
    }

    /// The wall seconds left, the work left shared among the threads;
    /// `None` before any game is counted.
    pub fn eta(&self) -> Option<f64> {
        self.seconds_left().map(|s| s / self.threads as f64)
    }

    /// The cell a reader wants to see: the first that has started and not finished.
    pub fn current(&self) -> Option<usize> {
        self.cells
            .iter()
            .position(|c| !c.finished() && c.done > 0)
            .or_else(|| self.cells.iter().position(|c| !c.finished()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A batch of a cell of 100 games, 50 counted at 1 ms each, and a cell
    /// of 40 games not yet measured.
    fn batch(started: Instant) -> BatchProgress {
        let mut cells = vec![CellProgress::new(100, 2), CellProgress::new(40, 2)];
        let mut tally = Tally::new(2);
        tally.games = 50;
        cells[0].add(0..50, tally, started, Duration::from_millis(50));
        BatchProgress {
            cells,
            started,
            threads: 1,
            in_flight: Vec::new(),
        }
    }

    #[test]
    fn a_slow_chunk_in_play_raises_the_time_left() {
        let t0 = Instant::now();
        let mut b = batch(t0);
        // The unmeasured cell counts at the mean cost so far, 1 ms a game.
        let left = b.seconds_left_at(t0).unwrap();
        assert!((left - (50.0 + 40.0) * 0.001).abs() < 1e-9, "{left}");
        // Its probe of 16 games has run 8 s: at least 0.5 s a game.
        b.in_flight.push((1, 0, 16, t0));
        let later = t0 + Duration::from_secs(8);
        let left = b.seconds_left_at(later).unwrap();
        assert!((left - (50.0 * 0.001 + 40.0 * 0.5)).abs() < 1e-9, "{left}");
        // Nothing counted yet: no estimate.
        let none = BatchProgress {
            cells: vec![CellProgress::new(10, 2)],
            started: t0,
            threads: 1,
            in_flight: vec![(0, 0, 1, t0)],
        };
        assert_eq!(none.seconds_left_at(later), None);
    }
}
