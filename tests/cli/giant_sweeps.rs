//! A sweep of 100,000 cells (the most an experiment may have) of one game
//! each: the run finishes within a bounded memory, and its charts and page
//! stay small and say what they leave out, while the CSVs hold every cell.
//! Before, 30,000 such cells took 2.5 GB and wrote a 135 MB chart, and
//! 90,000 cells ran out of memory.

use std::path::Path;
use std::process::{Command, Stdio};

use crate::support::{manifest, scratch, write};

/// The most memory the run may take: what a careful user expects of a
/// laptop, about five times what a run of a few cells takes. Measured
/// (release, two threads): 499 MB on 2026-12-06, 507 MB once cells.csv
/// gained a column a seat and a swept parameter (2026-12-07); 554 MB (the
/// test's profile) once manifest.json said of each cell whether it is
/// solved exactly and why not, and each of these cells may follow 2,000
/// outcomes to solve, not 400 (issue 58, 2026-12-07).
const MAX_PEAK_BYTES: u64 = 600 << 20;

/// The largest chart and page.
const MAX_CHART_BYTES: u64 = 1 << 20;
const MAX_PAGE_BYTES: u64 = 4 << 20;

/// 33 entries of 3,000 short dice games (players x dice x 1-100 rounds)
/// and one of 1,000 longer ones (1-1,000 rounds, lengths up to some 7,000
/// throws): 100,000 cells.
fn experiment() -> String {
    let list = |n: u32| {
        (1..=n)
            .map(|i| i.to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let mut text = String::from("name = \"giant\"\nseed = 3\ngames = 1\n");
    for i in 0..33 {
        let game = ["mayor", "menor"][i % 2];
        text.push_str(&format!(
            "[[cells]]\ngame = \"{game}\"\nsweep = {{ players = [2, 3, 4, 5, 6], \
             dice = [1, 2, 3, 4, 5, 6], rounds = [{}] }}\n",
            list(100)
        ));
    }
    text.push_str(&format!(
        "[[cells]]\ngame = \"mayor\"\nsweep = {{ rounds = [{}] }}\n",
        list(1000)
    ));
    text
}

/// Runs `ludus` with `args` and returns whether it succeeded, its stderr
/// and its peak resident memory in bytes (from `wait4`, this child's own).
// The child is reaped by `wait4`, which `Child::wait` cannot replace: it
// gives no resource usage.
#[allow(clippy::zombie_processes)]
fn run_measured(args: &[&str], dir: &Path) -> (bool, String, u64) {
    let err = dir.join("stderr.txt");
    let child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&err).unwrap())
        .spawn()
        .expect("ludus starts");
    let mut status = 0;
    // SAFETY: a zeroed rusage is a valid value for wait4 to fill.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: waits for our own child, whose `Child` is never waited on.
    let pid = unsafe { libc::wait4(child.id() as libc::pid_t, &mut status, 0, &mut usage) };
    assert_eq!(pid, child.id() as libc::pid_t, "wait4 failed");
    let ok = libc::WIFEXITED(status) && libc::WEXITSTATUS(status) == 0;
    // Linux gives ru_maxrss in kilobytes.
    let peak = usage.ru_maxrss as u64 * 1024;
    (ok, std::fs::read_to_string(&err).unwrap_or_default(), peak)
}

#[test]
#[cfg(target_os = "linux")]
fn a_sweep_of_100000_cells_runs_in_bounded_memory_with_bounded_charts() {
    let dir = scratch("giant");
    let exp = write(&dir, "giant.toml", &experiment());
    let out = dir.join("out");
    let (ok, stderr, peak) = run_measured(
        &[
            "run",
            &exp,
            "--quiet",
            "--threads",
            "2",
            "--out",
            out.to_str().unwrap(),
        ],
        &dir,
    );
    assert!(ok, "the run failed: {stderr}");
    assert!(
        peak < MAX_PEAK_BYTES,
        "the run took {} MB at its peak",
        peak >> 20
    );

    let m = manifest(&out);
    assert_eq!(m["cells_done"], 100_000);
    assert_eq!(m["complete"], true);
    let cells = std::fs::read_to_string(out.join("cells.csv")).unwrap();
    assert_eq!(cells.lines().count(), 1 + 100_000);

    let mut charts = 0;
    for file in std::fs::read_dir(&out).unwrap() {
        let file = file.unwrap();
        let name = file.file_name().into_string().unwrap();
        let size = file.metadata().unwrap().len();
        if name.ends_with(".svg") {
            charts += 1;
            assert!(size < MAX_CHART_BYTES, "{name} is {size} bytes");
        }
    }
    // Every kind but the payoff chart (these games have no money) and
    // the skill chart (no entry sweeps a policy's parameter).
    assert_eq!(
        charts,
        34 * (ludus::reports::charts::ChartKind::ALL.len() - 2)
    );
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    assert!(
        (page.len() as u64) < MAX_PAGE_BYTES,
        "index.html is {} bytes",
        page.len()
    );
    // The page and the charts say what they leave out.
    assert!(
        page.contains("3000 cells of this entry finished: its charts show the first 50"),
        "{}",
        &page[..2000]
    );
    assert!(page.contains("The CSVs hold every cell."));
    let chart = std::fs::read_to_string(out.join("win-rates-0.svg")).unwrap();
    assert!(
        chart.contains("(the first 50 of 3,000 finished cells)"),
        "{chart}"
    );
}
