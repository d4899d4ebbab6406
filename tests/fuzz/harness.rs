//! What every family shares: the seed and the number of cases, each case
//! run in process under a memory bound and a hang watchdog with panics
//! caught, or through the binary under a timeout and an address-space
//! limit; failures written, input and all, to the scratch folder.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::mutate::{Syntax, mutate};
use crate::rng::Rng;

/// The run's seed: `LUDUS_FUZZ_SEED` (decimal or 0x hex), or a fixed one.
pub fn seed() -> u64 {
    match std::env::var("LUDUS_FUZZ_SEED") {
        Ok(s) => {
            let s = s.trim();
            let n = match s.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => s.parse(),
            };
            n.unwrap_or_else(|_| panic!("LUDUS_FUZZ_SEED `{s}` is not a number"))
        }
        Err(_) => 0x2028_F022,
    }
}

/// Cases in process: `LUDUS_FUZZ_CASES`, or `default`.
pub fn cases(default: usize) -> usize {
    match std::env::var("LUDUS_FUZZ_CASES") {
        Ok(s) => s
            .trim()
            .parse()
            .unwrap_or_else(|_| panic!("LUDUS_FUZZ_CASES `{s}` is not a number")),
        Err(_) => default,
    }
}

/// Cases through the binary: `default`, or a hundredth of
/// `LUDUS_FUZZ_CASES` where that is more.
pub fn binary_cases(default: usize) -> usize {
    std::env::var("LUDUS_FUZZ_CASES")
        .ok()
        .and_then(|s| s.trim().parse::<usize>().ok())
        .map_or(default, |n| default.max(n / 100))
}

/// The address space of the test process, fuzzing in process: room for
/// its threads' stacks and allocator arenas, not for a runaway allocation.
const OWN_ADDRESS_SPACE: u64 = 3 << 30;

/// The address space the binary may map: what its threads' stacks and
/// allocator arenas reserve, and far less than a runaway allocation.
const ADDRESS_SPACE: u64 = 1 << 30;

/// A case taking this long is stuck: no input ludus reads needs a tenth of it.
const HANG: Duration = Duration::from_secs(120);

/// A binary case taking this long is stuck.
const TIMEOUT: Duration = Duration::from_secs(60);

/// Runs `f` on a thread with the stack of a process's main thread
/// (8 MiB), where the command line runs, rather than a test thread's 2 MiB.
pub fn on_main_sized_stack<T: Send + 'static>(f: impl FnOnce() -> T + Send + 'static) -> T {
    match std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(f)
        .expect("a thread starts")
        .join()
    {
        Ok(t) => t,
        Err(p) => std::panic::resume_unwind(p),
    }
}

/// One family's run.
pub struct Fuzz {
    family: String,
    seed: u64,
    dir: PathBuf,
    failures: Vec<String>,
    started: Arc<AtomicU64>,
    done: Arc<AtomicBool>,
    epoch: Instant,
    /// Inputs tried, in process and through the binary.
    pub tried: (usize, usize),
    /// Seconds spent on them, in process and through the binary.
    spent: (f64, f64),
}

fn hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

impl Fuzz {
    /// A run of family `family`, writing under its own scratch folder.
    pub fn new(family: &str) -> Fuzz {
        static LIMIT: std::sync::Once = std::sync::Once::new();
        LIMIT.call_once(|| {
            let limit = libc::rlimit {
                rlim_cur: OWN_ADDRESS_SPACE as libc::rlim_t,
                rlim_max: libc::RLIM_INFINITY,
            };
            // SAFETY: setrlimit reads the struct and nothing else.
            assert_eq!(unsafe { libc::setrlimit(libc::RLIMIT_AS, &limit) }, 0);
        });
        let dir = crate::common_scratch::fresh("fuzz", family);
        let started = Arc::new(AtomicU64::new(0));
        let done = Arc::new(AtomicBool::new(false));
        let epoch = Instant::now();
        {
            let (started, done) = (started.clone(), done.clone());
            let current = dir.join("current-input.bin");
            let family = family.to_string();
            std::thread::spawn(move || {
                while !done.load(Ordering::Relaxed) {
                    std::thread::sleep(Duration::from_millis(500));
                    let at = started.load(Ordering::Relaxed);
                    if at != 0
                        && (epoch.elapsed().as_millis() as u64).saturating_sub(at)
                            > HANG.as_millis() as u64
                    {
                        eprintln!(
                            "fuzz {family}: a case has run for {} s: stuck; its input is in {}",
                            HANG.as_secs(),
                            current.display()
                        );
                        std::process::abort();
                    }
                }
            });
        }
        Fuzz {
            family: family.to_string(),
            seed: seed() ^ hash(family),
            dir,
            failures: Vec::new(),
            started,
            done,
            epoch,
            tried: (0, 0),
            spent: (0.0, 0.0),
        }
    }

    /// The family's scratch folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The generator of case `case` (in process `case`, through the
    /// binary `1 << 32` past it).
    pub fn rng(&self, case: u64) -> Rng {
        Rng::new(self.seed, case)
    }

    /// A mutation of one of `seeds`.
    pub fn input(rng: &mut Rng, seeds: &[Vec<u8>], syntax: Syntax) -> Vec<u8> {
        mutate(rng, seeds, syntax)
    }

    /// Runs `check` on `input` in process: it must return (`Err` is a
    /// wrong answer it found, such as a tampered input accepted), not panic,
    /// overrun [`OWN_ADDRESS_SPACE`] or hang.
    pub fn in_process(
        &mut self,
        case: u64,
        input: &[u8],
        check: impl FnOnce() -> Result<(), String>,
    ) {
        self.tried.0 += 1;
        let _ = std::fs::write(self.dir.join("current-input.bin"), input);
        self.started.store(
            self.epoch.elapsed().as_millis() as u64 + 1,
            Ordering::Relaxed,
        );
        let clock = Instant::now();
        let result = catch_unwind(AssertUnwindSafe(check));
        self.spent.0 += clock.elapsed().as_secs_f64();
        self.started.store(0, Ordering::Relaxed);
        let why = match result {
            Ok(Ok(())) => return,
            Ok(Err(wrong)) => wrong,
            Err(p) => format!(
                "panicked: {}",
                p.downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| p.downcast_ref::<String>().cloned())
                    .unwrap_or_default()
            ),
        };
        self.fail(case, "in process", &why, input);
    }

    /// Runs the binary with `args` in `cwd` on `input` (already written
    /// where `args` name it): it must exit 0 or 2 within [`TIMEOUT`] and
    /// [`ADDRESS_SPACE`]. Returns the exit code, if it was one of those.
    pub fn binary(&mut self, case: u64, input: &[u8], args: &[String], cwd: &Path) -> Option<i32> {
        self.tried.1 += 1;
        let out = self.dir.join("binary-stdout.txt");
        let err = self.dir.join("binary-stderr.txt");
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_ludus"));
        cmd.args(args)
            .current_dir(cwd)
            .env("MALLOC_ARENA_MAX", "2")
            .stdin(Stdio::null())
            .stdout(std::fs::File::create(&out).expect("scratch is writable"))
            .stderr(std::fs::File::create(&err).expect("scratch is writable"));
        limit_address_space(&mut cmd);
        let mut child = cmd.spawn().expect("ludus starts");
        let started = Instant::now();
        let status = loop {
            if let Some(s) = child.try_wait().expect("ludus can be waited for") {
                break Some(s);
            }
            if started.elapsed() > TIMEOUT {
                let _ = child.kill();
                let _ = child.wait();
                break None;
            }
            std::thread::sleep(Duration::from_millis(5));
        };
        self.spent.1 += started.elapsed().as_secs_f64();
        let stderr = std::fs::read_to_string(&err).unwrap_or_default();
        let tail: String = stderr.chars().take(1500).collect();
        let why = match status.map(|s| (s.code(), s)) {
            Some((Some(c @ (0 | 2)), _)) => return Some(c),
            Some((Some(c), _)) => format!("exit {c}: {tail}"),
            Some((None, s)) => format!("killed ({s}): {tail}"),
            None => format!("still running after {} s: stuck", TIMEOUT.as_secs()),
        };
        let what = format!("`ludus {}` in {}", args.join(" "), cwd.display());
        self.fail(case, &what, &why, input);
        None
    }

    /// Records a wrong answer found outside [`Fuzz::in_process`] and
    /// [`Fuzz::binary`] (an input accepted that must be refused).
    pub fn wrong(&mut self, case: u64, how: &str, why: &str, input: &[u8]) {
        self.fail(case, how, why, input);
    }

    fn fail(&mut self, case: u64, how: &str, why: &str, input: &[u8]) {
        let base = self.dir.join(format!("fail-{case}"));
        let _ = std::fs::write(base.with_extension("bin"), input);
        let escaped: String = input.escape_ascii().to_string();
        let text = format!(
            "family {}\nseed {:#x} (LUDUS_FUZZ_SEED={:#x})\ncase {case}\n{how}\n{why}\ninput ({} bytes, escaped):\n{escaped}\n",
            self.family,
            self.seed,
            seed(),
            input.len()
        );
        let _ = std::fs::write(base.with_extension("txt"), text);
        let short: String = why.chars().take(400).collect();
        self.failures.push(format!(
            "case {case}, {how}: {short}\n    input: {}",
            base.with_extension("txt").display()
        ));
    }

    /// Panics naming every failure, if there was one; prints the figures.
    pub fn finish(self) {
        self.done.store(true, Ordering::Relaxed);
        // SAFETY: getrusage fills the struct it is given.
        let max_rss_kib = unsafe {
            let mut usage: libc::rusage = std::mem::zeroed();
            libc::getrusage(libc::RUSAGE_SELF, &mut usage);
            usage.ru_maxrss
        };
        eprintln!(
            "fuzz {}: {} inputs in process ({:.1} s), {} through the binary ({:.1} s), test process at most {} MiB resident, {:.1} s in all (LUDUS_FUZZ_SEED={:#x})",
            self.family,
            self.tried.0,
            self.spent.0,
            self.tried.1,
            self.spent.1,
            max_rss_kib >> 10,
            self.epoch.elapsed().as_secs_f64(),
            seed()
        );
        if !self.failures.is_empty() {
            panic!(
                "fuzz {}: {} failing inputs (LUDUS_FUZZ_SEED={:#x}):\n{}",
                self.family,
                self.failures.len(),
                seed(),
                self.failures
                    .iter()
                    .take(8)
                    .cloned()
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
    }
}

/// Limits the child's address space, so that a runaway allocation fails
/// there instead of taking the machine's memory.
fn limit_address_space(cmd: &mut Command) {
    use std::os::unix::process::CommandExt;
    // SAFETY: between fork and exec only setrlimit runs, which is
    // async-signal-safe and allocates nothing.
    unsafe {
        cmd.pre_exec(|| {
            let limit = libc::rlimit {
                rlim_cur: ADDRESS_SPACE as libc::rlim_t,
                rlim_max: ADDRESS_SPACE as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
}

/// Writes `bytes` to `dir/name`; returns the path as text.
pub fn write(dir: &Path, name: &str, bytes: &[u8]) -> String {
    let p = dir.join(name);
    std::fs::write(&p, bytes).expect("scratch is writable");
    p.to_str().expect("a UTF-8 scratch path").to_string()
}

/// A family of TOML files that a command plays: `in_process` inputs
/// (mutated from `seeds`) each checked by `check`, then a sample run as
/// `ludus <command> FILE --games <games> --threads 1 -q --out DIR`, of
/// the inputs `quick` lets through (those that would play long are
/// skipped, not counted).
pub struct TomlFamily<'a> {
    /// The family's name (its scratch folder, its messages).
    pub family: &'a str,
    /// The `ludus` subcommand that plays a file.
    pub command: &'a str,
    /// The file's name in the scratch folder.
    pub file: &'a str,
    /// `--games` for the runs through the binary.
    pub games: &'a str,
    /// How many inputs are checked in process, by default.
    pub cases: usize,
}

impl TomlFamily<'_> {
    /// Runs the family: every input ends in a result or a clean error.
    pub fn run(
        &self,
        seeds: &[Vec<u8>],
        check: impl Fn(&str) -> Result<(), String>,
        quick: impl Fn(&str) -> bool,
    ) {
        let mut fuzz = Fuzz::new(self.family);
        for case in 0..cases(self.cases) as u64 {
            let mut rng = fuzz.rng(case);
            let input = Fuzz::input(&mut rng, seeds, Syntax::Toml);
            fuzz.in_process(case, &input, || match std::str::from_utf8(&input) {
                Ok(text) => check(text),
                Err(_) => Ok(()),
            });
        }
        let dir = fuzz.dir().to_path_buf();
        let root = std::env::current_dir().expect("the package folder");
        let mut ran = 0;
        let mut case = 1u64 << 32;
        while ran < binary_cases(24) {
            case += 1;
            let mut rng = fuzz.rng(case);
            let input = Fuzz::input(&mut rng, seeds, Syntax::Toml);
            if !std::str::from_utf8(&input).map_or(true, &quick) {
                continue;
            }
            ran += 1;
            let file = write(&dir, self.file, &input);
            let out = dir.join(format!("report-{case}"));
            let out = out.to_str().expect("UTF-8");
            let args: Vec<String> = [
                self.command,
                &file,
                "--games",
                self.games,
                "--threads",
                "1",
                "-q",
                "--out",
                out,
            ]
            .map(str::to_string)
            .to_vec();
            fuzz.binary(case, &input, &args, &root);
            let _ = std::fs::remove_dir_all(out);
        }
        fuzz.finish();
    }
}
