//! The wall-clock limit of a script's calls (`max_seconds`), kept by one
//! watchdog thread for the whole process.
//!
//! A call records its deadline in its VM's [`Watch`]: two atomic accesses,
//! the only cost on the decision's path, since the time is read from the
//! watchdog's own clock, which it advances every tick (a call may so get up
//! to one [`TICK`] more than its limit). The watchdog wakes
//! every [`TICK`] and raises the `expired` flag of every call past its
//! deadline; the VM reads that flag in its instruction hook (every 1,000
//! instructions) and in every library or host call it charges, and the call
//! fails there like any other limit: exit code 3, or a forfeit.
//!
//! A call can only be stopped between instructions. If it is still running
//! [`GRACE`] after its deadline, it is inside one operation that cannot be
//! interrupted (a pathological string pattern, an operation on very long
//! strings): the thread cannot be taken back, so the watchdog prints the
//! failure and ends the process with exit code 3, even under
//! `--on-bot-error forfeit`. Reports of the cells already written stay.
//!
//! The limit is the one part of a run that depends on the machine rather
//! than the seed, so it only ever turns a call into a failure; it never
//! changes a move.

use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

/// How often the watchdog looks at the calls in progress.
pub const TICK: Duration = Duration::from_millis(20);

/// How long after its deadline a call that has not stopped is taken to be
/// stuck in an operation that cannot be interrupted.
pub const GRACE: Duration = Duration::from_secs(1);

/// The time limit of one VM's calls.
#[derive(Debug, Default)]
pub struct Watch {
    /// When the call in progress must end, in nanoseconds after [`epoch`];
    /// 0 when no call is in progress.
    deadline: AtomicU64,
    /// Raised by the watchdog when the call in progress passed its deadline.
    expired: AtomicBool,
    /// Who is watched, for the message if the process must be ended: the
    /// script, the seat, the game's seed.
    about: Mutex<String>,
    /// The limit, for that message.
    limit: Mutex<String>,
}

fn epoch() -> Instant {
    static EPOCH: OnceLock<Instant> = OnceLock::new();
    *EPOCH.get_or_init(Instant::now)
}

fn now_ns() -> u64 {
    epoch().elapsed().as_nanos() as u64
}

/// The watchdog's clock: [`now_ns`] as of its last tick.
static CLOCK: AtomicU64 = AtomicU64::new(0);

impl Watch {
    /// A call starts that may last `millis` milliseconds.
    #[inline]
    pub fn begin(&self, millis: u64) {
        self.expired.store(false, Ordering::Relaxed);
        // The clock may be a tick behind: the call gets that much more.
        let now = CLOCK.load(Ordering::Relaxed) + TICK.as_nanos() as u64;
        let deadline = now.saturating_add(millis.saturating_mul(1_000_000));
        self.deadline.store(deadline.max(1), Ordering::Release);
    }

    /// The call in progress ended.
    #[inline]
    pub fn end(&self) {
        self.deadline.store(0, Ordering::Release);
    }

    /// Whether the call in progress passed its deadline.
    #[inline]
    pub fn expired(&self) -> bool {
        self.expired.load(Ordering::Relaxed)
    }

    /// Says who is watched, for the message that ends a stuck process.
    pub fn describe(&self, about: String, limit: String) {
        *self.about.lock().unwrap_or_else(|e| e.into_inner()) = about;
        *self.limit.lock().unwrap_or_else(|e| e.into_inner()) = limit;
    }
}

struct Watchdog {
    watches: Mutex<Vec<Weak<Watch>>>,
}

fn watchdog() -> &'static Watchdog {
    static DOG: OnceLock<Watchdog> = OnceLock::new();
    DOG.get_or_init(|| {
        CLOCK.store(now_ns(), Ordering::Relaxed);
        std::thread::Builder::new()
            .name("ludus-watchdog".into())
            .spawn(patrol)
            .expect("the watchdog thread starts");
        Watchdog {
            watches: Mutex::new(Vec::new()),
        }
    })
}

/// A new watch, looked after by the watchdog for as long as it lives.
pub fn watch() -> Arc<Watch> {
    let w = Arc::new(Watch::default());
    let mut list = watchdog().watches.lock().unwrap_or_else(|e| e.into_inner());
    list.retain(|w| w.strong_count() > 0);
    list.push(Arc::downgrade(&w));
    w
}

fn patrol() {
    loop {
        std::thread::sleep(TICK);
        let now = now_ns();
        CLOCK.store(now, Ordering::Relaxed);
        let list = watchdog()
            .watches
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        for w in list.iter().filter_map(Weak::upgrade) {
            let deadline = w.deadline.load(Ordering::Acquire);
            if deadline == 0 || now < deadline {
                continue;
            }
            w.expired.store(true, Ordering::Relaxed);
            if now >= deadline.saturating_add(GRACE.as_nanos() as u64)
                && w.deadline.load(Ordering::Acquire) == deadline
            {
                stuck(&w);
            }
        }
    }
}

/// Ends the process: a call is stuck past its deadline where it cannot be
/// interrupted.
fn stuck(w: &Watch) -> ! {
    let about = w.about.lock().map(|a| a.clone()).unwrap_or_default();
    let limit = w.limit.lock().map(|a| a.clone()).unwrap_or_default();
    let _ = writeln!(
        std::io::stderr().lock(),
        "error: {about}: exceeded its time limit of {limit} per call inside one operation \
         that cannot be interrupted (a string pattern or a very long string?); the run stops \
         here, with exit code 3 whatever --on-bot-error says, since the call cannot be taken \
         back (raise the limit with max_seconds=N)"
    );
    std::process::exit(3)
}
