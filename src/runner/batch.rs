//! Plays the cells of an experiment on a thread pool.
//!
//! Workers take chunks of any cell from one [`Dispatcher`] and send each
//! chunk's tally back to the calling thread, which adds them up per cell,
//! tells an [`Observer`] (progress, reports) and never plays itself. What a
//! cell adds up to does not depend on the chunks or the threads: the CSVs
//! are byte-identical for any `--threads`.
//!
//! A cell may be open (played to a precision, see
//! [`crate::runner::precision`]): once it has counted every game handed
//! to it, the observer says how many more it plays
//! ([`Observer::more_games`]), from the tally of those games alone, so
//! that which games a cell plays does not depend on the threads either.
//! Meanwhile the workers go on with the next cells.
//!
//! A failing policy under `stop`: the first failure found stops the hand-out
//! and every other cell; the chunks of the failing cell below the failing
//! game still finish, so the failure reported is that cell's first failing
//! game, whatever the threads.

use std::collections::HashMap;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::runner::cell_job::CellJob;
use crate::runner::cell_progress::{BatchProgress, CellProgress};
use crate::runner::dispatch::Dispatcher;
use crate::runner::tally::GameFailure;
use crate::runner::tally::Tally;

/// How often the observer hears of the batch when no chunk comes back.
pub const TICK: Duration = Duration::from_millis(200);

/// How long a worker with nothing to play waits before it asks again,
/// while an open cell's last chunks are counted: short beside a chunk
/// ([`crate::runner::dispatch::TARGET_SECONDS`]).
const WAIT: Duration = Duration::from_millis(1);

/// What a batch tells as it goes.
pub trait Observer {
    /// Called about every [`TICK`] while the batch runs, and once at its end.
    fn progress(&mut self, _batch: &BatchProgress) {}

    /// Called when cell `cell` has counted all its games. An error stops
    /// the batch (e.g. its report cannot be written); the batch ends with
    /// its message ([`Ended::Observer`]).
    fn cell_finished(&mut self, _cell: usize, _batch: &BatchProgress) -> Result<(), ObserverError> {
        Ok(())
    }

    /// Whether the batch may forget a finished cell's tally once
    /// [`Observer::cell_finished`] has returned `Ok`: an observer that
    /// keeps what it needs of each finished cell says so, and the batch's
    /// memory then stops growing with the cells' length histograms. The
    /// progress the batch returns then holds empty tallies for those cells.
    fn forgets_finished(&self) -> bool {
        false
    }

    /// Called when open cell `cell` has counted every game handed to it
    /// (`batch.cells[cell].games`): how many more it plays, the next games
    /// of its job in order; 0, it is finished.
    fn more_games(&mut self, _cell: usize, _batch: &BatchProgress) -> u64 {
        0
    }
}

/// Why an observer stopped a batch: an error of the layer above (a report
/// that cannot be written), which the runner only passes on.
pub type ObserverError = Box<dyn std::error::Error + Send + Sync>;

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

/// What a worker tells the calling thread: a chunk started, or done
/// (boxed: a tally is large, a start small, and there is one of each a
/// chunk of some 50 ms).
enum Message {
    Started(usize, Range<u64>, Instant),
    Done(Box<Chunk>),
}

struct Chunk {
    cell: usize,
    range: Range<u64>,
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
    let cells: Vec<CellSize> = jobs
        .iter()
        .map(|j| CellSize {
            games: j.cell().games,
            players: j.cell().seats.len(),
            open: false,
        })
        .collect();
    play_jobs(&cells, Jobs::Made(jobs), pool, threads, halt, observer)
}

/// What a batch must know of a cell before its job is made.
#[derive(Clone, Copy, Debug)]
pub struct CellSize {
    /// The games to play.
    pub games: u64,
    /// The game's seats.
    pub players: usize,
    /// Whether the cell may play more games once these are counted
    /// ([`Observer::more_games`]).
    pub open: bool,
}

/// Makes cell `c`'s job.
pub type MakeJob<'a> = &'a (dyn Fn(usize) -> Box<dyn CellJob> + Sync);

/// As [`play`], for cells whose jobs `make` makes only when their first
/// chunk is handed out; a job is dropped once its cell's last chunk is
/// played. A job holds its cell's plan and a game set up, so a batch of
/// 100,000 cells holds a few jobs at a time instead of one per cell.
pub fn play_lazily(
    cells: &[CellSize],
    make: MakeJob,
    pool: &rayon::ThreadPool,
    threads: usize,
    halt: &AtomicBool,
    observer: &mut dyn Observer,
) -> (BatchProgress, Ended) {
    play_jobs(cells, Jobs::Lazy(make), pool, threads, halt, observer)
}

/// Where a batch gets its cells' jobs.
#[derive(Clone, Copy)]
enum Jobs<'a> {
    Made(&'a [Box<dyn CellJob>]),
    Lazy(MakeJob<'a>),
}

/// A worker's hold on the job of the chunk it plays.
enum Held<'a> {
    Made(&'a (dyn CellJob + 'static)),
    Lazy(Arc<dyn CellJob>),
}

impl std::ops::Deref for Held<'_> {
    type Target = dyn CellJob;

    fn deref(&self) -> &(dyn CellJob + 'static) {
        match self {
            Held::Made(j) => *j,
            Held::Lazy(j) => &**j,
        }
    }
}

/// The hand-out, and the jobs made lazily that still have chunks to hand
/// out, under one lock: a cell's job is made by the first chunk's taker
/// and dropped from here by the last one's (the workers still playing
/// chunks of it keep it until they are done).
struct HandOut {
    dispatcher: Dispatcher,
    live: HashMap<usize, Arc<dyn CellJob>>,
}

impl HandOut {
    /// The next chunk and its job, or `None` when every game is handed out.
    fn take<'a>(&mut self, jobs: Jobs<'a>) -> Option<(usize, Range<u64>, Held<'a>)> {
        let (cell, range) = self.dispatcher.take()?;
        let job = match jobs {
            Jobs::Made(made) => Held::Made(&*made[cell]),
            Jobs::Lazy(make) => {
                let job = if self.dispatcher.handed_out(cell) {
                    self.live.remove(&cell)
                } else {
                    self.live.get(&cell).cloned()
                };
                Held::Lazy(job.unwrap_or_else(|| {
                    let job: Arc<dyn CellJob> = Arc::from(make(cell));
                    if !self.dispatcher.handed_out(cell) {
                        self.live.insert(cell, job.clone());
                    }
                    job
                }))
            }
        };
        Some((cell, range, job))
    }
}

fn play_jobs(
    cells: &[CellSize],
    jobs: Jobs,
    pool: &rayon::ThreadPool,
    threads: usize,
    halt: &AtomicBool,
    observer: &mut dyn Observer,
) -> (BatchProgress, Ended) {
    let threads = threads.max(1);
    let mut progress = BatchProgress {
        cells: cells
            .iter()
            .map(|c| CellProgress::new(c.games, c.players))
            .collect(),
        started: Instant::now(),
        threads,
        in_flight: Vec::new(),
    };
    let forgets = observer.forgets_finished();
    let mut dispatcher = Dispatcher::new(cells.iter().map(|c| c.games).collect(), threads);
    let mut open: Vec<bool> = cells.iter().map(|c| c.open && c.games > 0).collect();
    for (c, _) in open.iter().enumerate().filter(|(_, o)| **o) {
        dispatcher.open(c);
    }
    let hand_out = Mutex::new(HandOut {
        dispatcher,
        live: HashMap::new(),
    });
    let failure = FailurePoint {
        cell: AtomicUsize::new(usize::MAX),
        game: AtomicU64::new(u64::MAX),
    };
    // Raised when the observer gives up: the workers stop as on a halt.
    let given_up = AtomicBool::new(false);
    let stopped = || halt.load(Ordering::Relaxed) || given_up.load(Ordering::Relaxed);
    let mut failures: Vec<GameFailure> = Vec::new();
    let mut observer_error = None;
    // Bounded, so that workers wait for a calling thread that falls behind
    // (writing a report) rather than queue up chunks and their tallies.
    let (tx, rx) = mpsc::sync_channel::<Message>(4 * threads);
    pool.in_place_scope(|scope| {
        for _ in 0..threads {
            let tx = tx.clone();
            let (hand_out, failure, stopped) = (&hand_out, &failure, &stopped);
            scope.spawn(move |_| {
                loop {
                    if stopped() || failure.cell.load(Ordering::Acquire) != usize::MAX {
                        break;
                    }
                    let mut held = hand_out.lock().expect("no worker panics");
                    let Some((cell, range, job)) = held.take(jobs) else {
                        // An open cell may get more games once its last
                        // chunks are counted: wait for them rather than end.
                        if held.dispatcher.waiting() {
                            drop(held);
                            std::thread::sleep(WAIT);
                            continue;
                        }
                        break;
                    };
                    drop(held);
                    let start = Instant::now();
                    if tx
                        .send(Message::Started(cell, range.clone(), start))
                        .is_err()
                    {
                        break;
                    }
                    let go_on = |i: u64| !stopped() && failure.allows(cell, i);
                    let result = job.play(range.clone(), &go_on);
                    drop(job);
                    let busy = start.elapsed();
                    match &result {
                        Ok(t) => hand_out
                            .lock()
                            .expect("no worker panics")
                            .dispatcher
                            .measured(cell, t.games, busy.as_secs_f64()),
                        Err(f) => failure.record(f),
                    }
                    let chunk = Chunk {
                        cell,
                        range,
                        start,
                        busy,
                        result,
                    };
                    if tx.send(Message::Done(Box::new(chunk))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut last_tick = Instant::now();
        loop {
            match rx.recv_timeout(TICK) {
                Ok(Message::Started(cell, range, start)) => {
                    let games = range.end - range.start;
                    progress.in_flight.push((cell, range.start, games, start));
                }
                Ok(Message::Done(chunk)) => {
                    let cell = chunk.cell;
                    progress
                        .in_flight
                        .retain(|f| (f.0, f.1) != (cell, chunk.range.start));
                    match chunk.result {
                        Ok(tally) if tally.games == chunk.range.end - chunk.range.start => {
                            progress.cells[cell].add(chunk.range, tally, chunk.start, chunk.busy);
                            if progress.cells[cell].finished() && open[cell] {
                                let more = if observer_error.is_none() {
                                    observer.more_games(cell, &progress)
                                } else {
                                    0
                                };
                                let mut held = hand_out.lock().expect("no worker panics");
                                if more > 0 {
                                    progress.cells[cell].games += more;
                                    held.dispatcher.extend(cell, more);
                                } else {
                                    held.dispatcher.close(cell);
                                    open[cell] = false;
                                }
                            }
                            if progress.cells[cell].finished() && observer_error.is_none() {
                                if let Err(e) = observer.cell_finished(cell, &progress) {
                                    observer_error = Some(e.to_string());
                                    given_up.store(true, Ordering::Relaxed);
                                } else if forgets {
                                    progress.cells[cell].forget_tally();
                                }
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
pub fn run_cell<G: crate::core::game::Game + crate::core::native_policies::NativePolicies>(
    cell: &crate::runner::cell::Cell,
) -> Result<Tally, GameFailure> {
    let threads = rayon::current_num_threads();
    let job: Box<dyn CellJob> = Box::new(
        crate::runner::cell_run::CellRun::<G>::new(cell.clone())
            .expect("the cell's options make a game"),
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
        _ => Ok(progress.cells.swap_remove(0).into_tally()),
    }
}
