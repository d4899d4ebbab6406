//! Plays the cells of an experiment on a thread pool.
//!
//! Workers take chunks of any cell from one [`Dispatcher`] and send each
//! chunk's tally back to the calling thread, which adds them up per cell,
//! tells an [`Observer`] (progress, reports) and never plays itself. What a
//! cell adds up to does not depend on the chunks or the threads: the CSVs
//! are byte-identical for any `--threads`.
//!
//! A failing policy under `stop`: the first failure found stops the hand-out
//! and every other cell; the chunks of the failing cell below the failing
//! game still finish, so the failure reported is that cell's first failing
//! game, whatever the threads.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use crate::runner::cell_progress::{BatchProgress, CellProgress};
use crate::runner::cell_run::{CellJob, GameFailure};
use crate::runner::dispatch::Dispatcher;
use crate::runner::tally::Tally;

/// How often the observer hears of the batch when no chunk comes back.
pub const TICK: Duration = Duration::from_millis(200);

/// What a batch tells as it goes.
pub trait Observer {
    /// Called about every [`TICK`] while the batch runs, and once at its end.
    fn progress(&mut self, _batch: &BatchProgress) {}

    /// Called when cell `cell` has counted all its games. An error stops
    /// the batch (e.g. its report cannot be written).
    fn cell_finished(&mut self, _cell: usize, _batch: &BatchProgress) -> Result<(), String> {
        Ok(())
    }
}

/// An observer that wants to hear nothing.
pub struct Unobserved;

impl Observer for Unobserved {}

/// How a batch ended.
#[derive(Clone, Debug)]
pub enum Ended {
    /// Every game of every cell was played.
    Complete,
    /// A policy failed under `stop`: the first failing game of the cell that failed.
    Failed(GameFailure),
    /// The halt flag was raised (Ctrl-C).
    Interrupted,
    /// The observer could not go on (its message).
    Observer(String),
}

struct Chunk {
    cell: usize,
    range: std::ops::Range<u64>,
    start: Instant,
    busy: Duration,
    result: Result<Tally, GameFailure>,
}

/// Where a failure stops the batch: the cell that failed first and its
/// lowest failing game so far.
struct FailurePoint {
    cell: AtomicUsize,
    game: AtomicU64,
}

impl FailurePoint {
    /// Whether game `index` of cell `cell` is still to be played.
    fn allows(&self, cell: usize, index: u64) -> bool {
        match self.cell.load(Ordering::Acquire) {
            usize::MAX => true,
            c => c == cell && index < self.game.load(Ordering::Acquire),
        }
    }

    fn record(&self, f: &GameFailure) {
        let first =
            self.cell
                .compare_exchange(usize::MAX, f.cell, Ordering::AcqRel, Ordering::Acquire);
        if first.is_ok() || first == Err(f.cell) {
            self.game.fetch_min(f.game_index, Ordering::AcqRel);
        }
    }
}

/// Plays every game of `jobs` with `threads` workers of `pool`, telling
/// `observer` as it goes; stops early when `halt` is raised. Returns every
/// cell's progress (the finished cells' tallies are their results) and how
/// the batch ended.
pub fn play(
    jobs: &[Box<dyn CellJob>],
    pool: &rayon::ThreadPool,
    threads: usize,
    halt: &AtomicBool,
    observer: &mut dyn Observer,
) -> (BatchProgress, Ended) {
    let threads = threads.max(1);
    let mut progress = BatchProgress {
        cells: jobs
            .iter()
            .map(|j| CellProgress::new(j.plan().games, j.plan().seats.len()))
            .collect(),
        started: Instant::now(),
        threads,
    };
    let dispatcher = Mutex::new(Dispatcher::new(
        jobs.iter().map(|j| j.plan().games).collect(),
        threads,
    ));
    let failure = FailurePoint {
        cell: AtomicUsize::new(usize::MAX),
        game: AtomicU64::new(u64::MAX),
    };
    // Raised when the observer gives up: the workers stop as on a halt.
    let given_up = AtomicBool::new(false);
    let stopped = || halt.load(Ordering::Relaxed) || given_up.load(Ordering::Relaxed);
    let mut failures: Vec<GameFailure> = Vec::new();
    let mut observer_error = None;
    let (tx, rx) = mpsc::channel::<Chunk>();
    pool.in_place_scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (dispatcher, failure, stopped) = (&dispatcher, &failure, &stopped);
            scope.spawn(move |_| {
                loop {
                    if stopped() || failure.cell.load(Ordering::Acquire) != usize::MAX {
                        break;
                    }
                    let Some((cell, range)) = dispatcher.lock().expect("no worker panics").take()
                    else {
                        break;
                    };
                    let start = Instant::now();
                    let go_on = |i: u64| !stopped() && failure.allows(cell, i);
                    let result = jobs[cell].play(range.clone(), &go_on);
                    let busy = start.elapsed();
                    match &result {
                        Ok(t) => dispatcher.lock().expect("no worker panics").measured(
                            cell,
                            t.games,
                            busy.as_secs_f64(),
                        ),
                        Err(f) => failure.record(f),
                    }
                    let chunk = Chunk {
                        cell,
                        range,
                        start,
                        busy,
                        result,
                    };
                    if tx.send(chunk).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut last_tick = Instant::now();
        loop {
            match rx.recv_timeout(TICK) {
                Ok(chunk) => {
                    let cell = chunk.cell;
                    match chunk.result {
                        Ok(tally) if tally.games == chunk.range.end - chunk.range.start => {
                            progress.cells[cell].add(chunk.range, tally, chunk.start, chunk.busy);
                            if progress.cells[cell].finished()
                                && observer_error.is_none()
                                && let Err(e) = observer.cell_finished(cell, &progress)
                            {
                                observer_error = Some(e);
                                given_up.store(true, Ordering::Relaxed);
                            }
                        }
                        // A chunk cut short by a stop: its cell cannot finish.
                        Ok(_) => {}
                        Err(f) => failures.push(f),
                    }
                }
                Err(mpsc::RecvTimeoutError::Timeout) => {}
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
            if last_tick.elapsed() >= TICK {
                observer.progress(&progress);
                last_tick = Instant::now();
            }
        }
    });
    observer.progress(&progress);
    let failed_cell = failure.cell.load(Ordering::Acquire);
    let first_failure = failures
        .into_iter()
        .filter(|f| f.cell == failed_cell)
        .min_by_key(|f| f.game_index);
    let ended = if let Some(f) = first_failure {
        Ended::Failed(f)
    } else if let Some(e) = observer_error {
        Ended::Observer(e)
    } else if progress.cells.iter().all(CellProgress::finished) {
        Ended::Complete
    } else {
        Ended::Interrupted
    };
    (progress, ended)
}

/// Plays every game of one cell of game `G` through the whole machinery of
/// a run, for tests and tools that want one cell's tally: with as many
/// workers as the rayon pool it is called in has (`pool.install(|| ...)`),
/// on a pool of its own.
pub fn run_cell<G: crate::core::game::Game>(
    plan: &crate::runner::cell_run::CellPlan,
) -> Result<Tally, GameFailure> {
    let threads = rayon::current_num_threads();
    let job: Box<dyn CellJob> = Box::new(
        crate::runner::cell_run::CellRun::<G>::new(plan.clone())
            .expect("the plan's options make a game"),
    );
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("a thread pool starts");
    let (mut progress, ended) = play(
        std::slice::from_ref(&job),
        &pool,
        threads,
        &AtomicBool::new(false),
        &mut Unobserved,
    );
    match ended {
        Ended::Failed(f) => Err(f),
        _ => Ok(progress.cells.swap_remove(0).tally),
    }
}
