//! What a run will take before it is played: a pilot of each cell's own
//! games, a fraction of a second on every thread, and the time the cell's
//! planned games take at that cost. A user about to start twelve cells of
//! a thousand Lua games learns that they take an hour, not a minute.
//!
//! The pilot plays the games the run would play (the same indices, so the
//! same seeds) and keeps nothing of them: it writes no report and changes
//! no seed, so the run's results are the same whether or not it was
//! estimated first.

use std::ops::Range;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::runner::cell_job::CellJob;
use crate::runner::tally::GameFailure;

/// Games a pilot of one cell aims at: it stops once it has played them
/// and [`PILOT_MIN`], or at [`PILOT_MAX`] whatever it has played.
pub const PILOT_GAMES: u64 = 64;

/// The least time a pilot plays a cell (unless it plays every planned
/// game first): a few games of a dice game take microseconds, too short
/// to time well, so a cheap cell plays more of them.
pub const PILOT_MIN: Duration = Duration::from_millis(50);

/// The most time a pilot starts games of a cell: a cell of slow games
/// (a Lua bot's, a deep search's) is measured on the games begun by then,
/// at least one per thread.
pub const PILOT_MAX: Duration = Duration::from_millis(300);

/// Cells that get the whole of [`PILOT_MIN`] and [`PILOT_MAX`]: a sweep of
/// more cells shares `PILOT_CELLS` x [`PILOT_MAX`] among them, so that the
/// pilot of 100,000 cells takes about as long as that of a hundred.
pub const PILOT_CELLS: usize = 100;

/// How long a pilot plays one cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PilotSlice {
    /// The games it aims at.
    pub games: u64,
    /// It plays at least this long, unless the cell's games run out.
    pub min: Duration,
    /// It starts no game after this long.
    pub max: Duration,
}

impl PilotSlice {
    /// The slice of each cell of a run of `cells` cells.
    pub fn for_cells(cells: usize) -> PilotSlice {
        let share = (PILOT_CELLS as f64 / cells.max(1) as f64).min(1.0);
        PilotSlice {
            games: PILOT_GAMES,
            min: PILOT_MIN.mul_f64(share),
            max: PILOT_MAX.mul_f64(share),
        }
    }
}

/// What a pilot measured of one cell.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Pilot {
    /// Games played.
    pub games: u64,
    /// Thread seconds they took, summed over the threads.
    pub busy: f64,
}

impl Pilot {
    /// Thread seconds per game; `None` when no game was played.
    pub fn cost(&self) -> Option<f64> {
        (self.games > 0).then(|| self.busy / self.games as f64)
    }
}

/// Plays a pilot of `job`'s games `games` (the indices the run plays, from
/// the first) on `threads` threads together, as the run plays a cell,
/// for as long as `slice` says. Each thread plays one chunk, as a run's
/// worker does, so that what a chunk sets up (a Lua bot's machine) is
/// counted once per thread. The first policy failure (under `stop`) is
/// returned, as the run would meet it.
pub fn pilot(
    job: &dyn CellJob,
    games: Range<u64>,
    threads: usize,
    slice: PilotSlice,
) -> Result<Pilot, GameFailure> {
    let planned = games.end.saturating_sub(games.start);
    if planned == 0 {
        return Ok(Pilot::default());
    }
    let threads = (threads.max(1) as u64).min(planned);
    let share = planned.div_ceil(threads);
    let started = AtomicU64::new(0);
    let clock = Instant::now();
    let go_on = |_index: u64| {
        let elapsed = clock.elapsed();
        let begun = started.load(Ordering::Relaxed);
        let enough = elapsed >= slice.max || (begun >= slice.games && elapsed >= slice.min);
        if !enough {
            started.fetch_add(1, Ordering::Relaxed);
        }
        !enough
    };
    let measured = Mutex::new((Pilot::default(), None::<GameFailure>));
    std::thread::scope(|scope| {
        for t in 0..threads {
            let first = games.start + t * share;
            let range = first..(first + share).min(games.end);
            let (go_on, measured) = (&go_on, &measured);
            scope.spawn(move || {
                let start = Instant::now();
                let played = job.play(range, go_on);
                let busy = start.elapsed().as_secs_f64();
                let mut m = measured.lock().unwrap_or_else(|e| e.into_inner());
                match played {
                    Ok(tally) => {
                        m.0.games += tally.games;
                        m.0.busy += busy;
                    }
                    Err(f) => {
                        if m.1.as_ref().is_none_or(|g| f.game_index < g.game_index) {
                            m.1 = Some(f);
                        }
                    }
                }
            });
        }
    });
    let (pilot, failed) = measured.into_inner().unwrap_or_else(|e| e.into_inner());
    match failed {
        Some(f) => Err(f),
        None => Ok(pilot),
    }
}

/// One cell's share of an estimate: its planned games and its pilot.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CellEstimate {
    /// The games the run plays of the cell (a precision cell's most).
    pub planned: u64,
    /// What its pilot measured.
    pub pilot: Pilot,
}

impl CellEstimate {
    /// The thread seconds the cell's planned games take; `None` when its
    /// pilot played nothing (a cell with no games planned takes none).
    pub fn thread_seconds(&self) -> Option<f64> {
        match self.planned {
            0 => Some(0.0),
            n => self.pilot.cost().map(|c| c * n as f64),
        }
    }

    /// Games a second on `threads` threads.
    pub fn rate(&self, threads: usize) -> Option<f64> {
        self.pilot
            .cost()
            .map(|c| threads.max(1) as f64 / c.max(1e-12))
    }

    /// Wall seconds on `threads` threads, the cell alone: its games shared
    /// among the threads, but never less than one game.
    pub fn seconds(&self, threads: usize) -> Option<f64> {
        let cost = self.pilot.cost().unwrap_or(0.0);
        let spread = (threads.max(1) as u64).min(self.planned.max(1)) as f64;
        self.thread_seconds().map(|s| (s / spread).max(cost))
    }
}

/// The wall seconds a run of these cells takes on `threads` threads: the
/// thread seconds of every cell shared among the threads (a run's workers
/// move on to the next cell as one runs out of games), never less than
/// its longest game. Cells whose pilot played nothing count nothing.
pub fn run_seconds(cells: &[CellEstimate], threads: usize) -> f64 {
    let work: f64 = cells.iter().filter_map(CellEstimate::thread_seconds).sum();
    let longest = cells
        .iter()
        .filter_map(|c| c.pilot.cost())
        .fold(0.0, f64::max);
    (work / threads.max(1) as f64).max(longest)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cell(planned: u64, games: u64, busy: f64) -> CellEstimate {
        CellEstimate {
            planned,
            pilot: Pilot { games, busy },
        }
    }

    #[test]
    fn a_run_shares_its_cells_work_among_the_threads() {
        // 1,000 games at 10 ms and 100 at 1 s: 110 thread seconds.
        let cells = [cell(1000, 30, 0.3), cell(100, 2, 2.0)];
        assert!((run_seconds(&cells, 1) - 110.0).abs() < 1e-9);
        assert!((run_seconds(&cells, 2) - 55.0).abs() < 1e-9);
        assert!((cells[0].rate(2).unwrap() - 200.0).abs() < 1e-9);
        // One game of 1 s takes 1 s whatever the threads.
        let one = [cell(1, 1, 1.0)];
        assert!((run_seconds(&one, 8) - 1.0).abs() < 1e-9);
        assert!((one[0].seconds(8).unwrap() - 1.0).abs() < 1e-9);
    }

    #[test]
    fn a_large_sweep_shares_the_pilots_time() {
        assert_eq!(PilotSlice::for_cells(12).max, PILOT_MAX);
        let s = PilotSlice::for_cells(PILOT_CELLS * 1000);
        assert_eq!(s.max, PILOT_MAX / 1000);
        assert_eq!(s.games, PILOT_GAMES);
    }
}
