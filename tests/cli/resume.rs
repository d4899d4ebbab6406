//! `ludus run --resume`: a run killed mid-way (as a batch job is) and run
//! again with the same arguments plays only what its checkpoint lacks and
//! ends with the CSVs of a run never stopped.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::shards::same_csvs;
use crate::support::{ludus, scratch, stderr, write};

const EXPERIMENT: &str = r#"
name = "resume"
seed = 5
games = 150000
[[cells]]
game = "three-men"
[[cells]]
game = "hazard"
sweep = { players = [2, 4] }
[[cells]]
game = "rithmomachy"
games = 3000
"#;

/// The checkpoint's games played, and whether it is complete.
fn checkpoint(dir: &Path) -> Option<(u64, bool)> {
    let bytes = std::fs::read(dir.join("partial.json")).ok()?;
    let v: serde_json::Value = serde_json::from_slice(&bytes).ok()?;
    Some((
        v["manifest"]["games_played"].as_u64()?,
        v["manifest"]["complete"].as_bool()?,
    ))
}

/// Starts `ludus args`, waits for a checkpoint holding some games but not
/// all, and kills it: with SIGKILL (`term` false) nothing more is
/// written; SIGTERM (what `scancel` sends) ends it with exit code 130.
/// Returns the games the checkpoint held.
fn kill_after_a_checkpoint(args: &[&str], out: &Path, term: bool) -> u64 {
    // Its stderr to a file: a pipe nobody reads could fill and stall it.
    let said = out.with_extension("stderr");
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args(args)
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&said).unwrap())
        .spawn()
        .unwrap();
    let start = Instant::now();
    loop {
        if let Some((games, complete)) = checkpoint(out)
            && games > 0
        {
            assert!(!complete, "the run ended before it could be killed");
            break;
        }
        assert!(child.try_wait().unwrap().is_none(), "the run ended early");
        assert!(start.elapsed() < Duration::from_secs(60), "no checkpoint");
        std::thread::sleep(Duration::from_millis(10));
    }
    if term {
        // SAFETY: sending a signal to a child this test started.
        unsafe {
            libc::kill(child.id() as i32, libc::SIGTERM);
        }
        let code = child.wait().unwrap().code();
        let err = std::fs::read_to_string(&said).unwrap();
        assert_eq!(code, Some(130), "{err}");
        assert!(err.contains("interrupted"), "{err}");
    } else {
        child.kill().unwrap();
        child.wait().unwrap();
    }
    checkpoint(out).unwrap().0
}

#[cfg(unix)]
#[test]
fn a_killed_run_resumed_gives_the_csvs_of_a_run_never_stopped() {
    let dir = scratch("resume");
    let exp = write(&dir, "e.toml", EXPERIMENT);
    let whole = dir.join("whole");
    let o = ludus(&[
        "run",
        &exp,
        "-q",
        "--threads",
        "2",
        "--out",
        whole.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = dir.join("killed");
    let out_s = out.to_str().unwrap();
    let kept = kill_after_a_checkpoint(
        &["run", &exp, "-q", "--threads", "2", "--out", out_s],
        &out,
        false,
    );
    // Run again without --resume: refused, the checkpoint kept.
    let o = ludus(&["run", &exp, "-q", "--out", out_s]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.contains("partial.json") && err.contains("--resume"),
        "{err}"
    );
    // Resumed with another seed: refused.
    let o = ludus(&["run", &exp, "-q", "--seed", "6", "--resume", "--out", out_s]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("seed 5, not 6"), "{}", stderr(&o));
    // Resumed: only the games left are played.
    let o = ludus(&["run", &exp, "--threads", "1", "--resume", "--out", out_s]);
    let err = stderr(&o);
    assert!(o.status.success(), "{err}");
    assert!(
        err.contains(&format!(
            "resuming: {kept} of 453000 games were played before"
        )),
        "{err}"
    );
    same_csvs(&whole, &out);
    assert_eq!(checkpoint(&out), Some((453000, true)));
}

#[cfg(unix)]
#[test]
fn a_killed_shard_resumed_merges_as_if_never_stopped() {
    let dir = scratch("resume-shard");
    let exp = write(&dir, "e.toml", EXPERIMENT);
    let whole = dir.join("whole");
    let o = ludus(&["run", &exp, "-q", "--out", whole.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let s1 = dir.join("s1");
    let s2 = dir.join("s2");
    let o = ludus(&[
        "run",
        &exp,
        "-q",
        "--shard",
        "1/2",
        "--out",
        s1.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let s2_s = s2.to_str().unwrap();
    kill_after_a_checkpoint(
        &["run", &exp, "-q", "--shard", "2/2", "--out", s2_s],
        &s2,
        true,
    );
    // The unfinished shard is refused by merge, naming it.
    let merged = dir.join("merged");
    let m_s = merged.to_str().unwrap();
    let o = ludus(&["merge", s1.to_str().unwrap(), s2_s, "--out", m_s]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(
        stderr(&o).contains(s2_s) && stderr(&o).contains("unfinished"),
        "{}",
        stderr(&o)
    );
    let o = ludus(&[
        "run", &exp, "-q", "--shard", "2/2", "--resume", "--out", s2_s,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = ludus(&["merge", s1.to_str().unwrap(), s2_s, "--out", m_s, "-q"]);
    assert!(o.status.success(), "{}", stderr(&o));
    same_csvs(&whole, &merged);
}
