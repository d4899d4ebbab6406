//! The property the sandbox keeps against hostile scripts: every script in
//! tests/lua/hostile/ (the red-team reproducers of issue 14 and variants)
//! ends within its limits, with exit code 3 from `ludus play`, and as a
//! forfeit under `ludus run --on-bot-error forfeit`, its output and the
//! process's memory bounded.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The limits every hostile script runs under.
const LIMITS: &str = "{max_instructions=1000000, max_memory_mb=32, max_seconds=1, max_print_kb=16}";

/// The same with time to spare: every script but those of [`CLOCKED`]
/// ends by another limit, long before (`max_seconds` must not be the only
/// thing that stops a script, issue 28).
const UNCLOCKED_LIMITS: &str =
    "{max_instructions=1000000, max_memory_mb=32, max_seconds=120, max_print_kb=16}";

/// Scripts that only the clock stops: each of their instructions works on
/// a whole long string (see scripts/README.md, Limits).
const CLOCKED: &[&str] = &["long_string_concat.lua", "pattern_backtrack.lua"];

/// Scripts that end the process rather than forfeit: stuck inside one
/// library call that cannot be interrupted, they are ended by the watchdog
/// (see scripts/README.md, Limits).
const ENDS_THE_RUN: &[&str] = &["pattern_backtrack.lua"];

/// The most a hostile script may make ludus write to stderr, and the most
/// memory the process may reach, in KiB.
const MAX_STDERR: usize = 80 << 10;
const MAX_RSS_KB: i64 = 256 << 10;

fn scripts() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/lua/hostile");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "lua"))
        .collect();
    v.sort();
    assert!(v.len() >= 20, "the hostile scripts are there");
    v
}

struct Measured {
    code: i32,
    stderr: String,
    stderr_bytes: usize,
    max_rss_kb: i64,
}

/// Runs ludus with `args`, measuring what it wrote to stderr and the most
/// memory it held; kills it if it has not ended after a minute (a hang).
/// The child is reaped with wait4, which alone reports its memory.
#[allow(clippy::zombie_processes)]
fn run(args: &[String]) -> Measured {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let pid = child.id() as libc::pid_t;
    let mut err = child.stderr.take().unwrap();
    let reader = std::thread::spawn(move || {
        let (mut kept, mut n, mut buf) = (Vec::new(), 0usize, [0u8; 8192]);
        while let Ok(k) = err.read(&mut buf) {
            if k == 0 {
                break;
            }
            n += k;
            if kept.len() < 4096 {
                kept.extend_from_slice(&buf[..k]);
            }
        }
        (String::from_utf8_lossy(&kept).into_owned(), n)
    });
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let guard = std::thread::spawn(move || {
        if done_rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .is_err()
        {
            // SAFETY: signalling the child we spawned.
            unsafe { libc::kill(pid, libc::SIGKILL) };
        }
    });
    let mut status = 0;
    // SAFETY: an all-zero rusage is valid; wait4 fills it for our child.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waiting for the child we spawned.
    let r = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    assert_eq!(r, pid);
    let _ = done_tx.send(());
    guard.join().unwrap();
    let (stderr, stderr_bytes) = reader.join().unwrap();
    let code = if libc::WIFEXITED(status) {
        libc::WEXITSTATUS(status)
    } else {
        -libc::WTERMSIG(status)
    };
    Measured {
        code,
        stderr,
        stderr_bytes,
        max_rss_kb: usage.ru_maxrss,
    }
}

fn check_bounded(what: &str, m: &Measured) {
    assert!(
        m.stderr_bytes <= MAX_STDERR,
        "{what}: {} bytes on stderr",
        m.stderr_bytes
    );
    assert!(m.max_rss_kb <= MAX_RSS_KB, "{what}: {} KiB", m.max_rss_kb);
}

#[test]
fn every_hostile_script_fails_its_game_within_its_limits() {
    let scripts = scripts();
    std::thread::scope(|s| {
        for chunk in scripts.chunks(scripts.len().div_ceil(3)) {
            s.spawn(move || {
                for path in chunk {
                    let name = path.file_name().unwrap().to_str().unwrap();
                    let clocked = CLOCKED.contains(&name);
                    let limits = if clocked { LIMITS } else { UNCLOCKED_LIMITS };
                    let seats = format!("lua:{}{limits},random", path.display());
                    let args: Vec<String> =
                        ["play", "rithmomachy", "--seats", &seats, "--seed", "1"]
                            .iter()
                            .map(|s| s.to_string())
                            .collect();
                    let m = run(&args);
                    assert_eq!(m.code, 3, "{name}: {}", m.stderr);
                    assert!(m.stderr.contains(name), "{name}: {}", m.stderr);
                    assert_eq!(
                        m.stderr.contains("time limit"),
                        clocked,
                        "{name}: {}",
                        m.stderr
                    );
                    check_bounded(name, &m);
                }
            });
        }
    });
}

#[test]
fn under_forfeit_every_hostile_script_loses_its_games_and_the_run_goes_on() {
    let dir = crate::support::scratch("hostile");
    let seat_lists: Vec<String> = scripts()
        .iter()
        .filter(|p| !ENDS_THE_RUN.contains(&p.file_name().unwrap().to_str().unwrap()))
        .map(|p| format!("[\"lua:{}{LIMITS}\", \"random\"]", p.display()))
        .collect();
    let exp = dir.join("hostile.toml");
    std::fs::write(
        &exp,
        format!(
            "name = \"hostile\"\nseed = 3\ngames = 2\nmax_plies = 40\non_bot_error = \"forfeit\"\n\
             [[cells]]\ngame = \"rithmomachy\"\nsweep = {{ seats = [{}] }}\n",
            seat_lists.join(", ")
        ),
    )
    .unwrap();
    let out = dir.join("report");
    let args: Vec<String> = [
        "run",
        exp.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
        "--quiet",
        "--threads",
        "2",
        "--max-forfeits",
        "100",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    let m = run(&args);
    assert_eq!(m.code, 0, "{}", m.stderr);
    // Each game of a printing script prints up to its allowance; each cell
    // warns of its forfeits in a few lines.
    let printers = seat_lists.iter().filter(|s| s.contains("/print_")).count();
    let bound = printers * 2 * (17 << 10) + seat_lists.len() * (2 << 10);
    assert!(
        m.stderr_bytes <= bound,
        "{} bytes on stderr",
        m.stderr_bytes
    );
    assert!(m.max_rss_kb <= MAX_RSS_KB, "{} KiB", m.max_rss_kb);
    let summary = std::fs::read_to_string(out.join("endings.csv")).unwrap();
    let forfeited = summary.lines().filter(|l| l.contains("bot-error")).count();
    assert_eq!(
        forfeited,
        seat_lists.len(),
        "every cell ends bot-error:\n{summary}"
    );
}
