//! `ludus search --slurm`: the search job it submits, and each round a job
//! array of shards that job submits, run here by a stand-in sbatch that
//! plays each script at once (every task with its SLURM_ARRAY_TASK_ID, its
//! output to the log its `#SBATCH --output` names): the tables are a local
//! search's byte for byte, the command printed shows the search's log,
//! `--resume` submits no round already played, and a search job stopped
//! (SIGTERM) cancels the job array of its round.

#![cfg(unix)]

use std::path::Path;
use std::process::{Command, Output};

use crate::support::{scratch, stderr, write};

const SEARCH: &str = r#"
name = "pair-ace-on-slurm"
seed = 9
game = "pair-ace"
budget = 30000
exact = false
[space]
rounds = [1, 3]
order = ["highest", "fixed"]
[goals]
balance = "max"
duration_turns = "min"
"#;

/// A stand-in sbatch: records its arguments, then runs the script (each
/// task of an array in turn) as Slurm would, appending its output to the
/// log its `--output` names, and prints a job id. A stand-in squeue says
/// every job has ended.
fn fake_slurm(dir: &Path) -> String {
    use std::os::unix::fs::PermissionsExt;
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let calls = dir.join("calls");
    let sbatch = format!(
        r#"#!/bin/bash
set -u
echo "$*" >> '{calls}'
script="${{@: -1}}"
id=$(wc -l < '{calls}')
out=$(sed -n 's/^#SBATCH --output="\{{0,1\}}\(.*\)$/\1/p' "$script")
out=${{out%\"}}
tasks=$(sed -n 's/^#SBATCH --array=1-\([0-9]*\)$/\1/p' "$script")
if [ -z "$tasks" ]; then
  bash "$script" >> "$out" 2>&1
else
  for k in $(seq "$tasks"); do
    SLURM_ARRAY_TASK_ID=$k bash "$script" >> "$(echo "$out" | sed "s/%a/$k/")" 2>&1
  done
fi
echo "$id"
"#,
        calls = calls.display()
    );
    for (name, text) in [
        ("sbatch", sbatch.as_str()),
        ("squeue", "#!/bin/sh\nexit 0\n"),
    ] {
        let path = write(&bin, name, text);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    )
}

fn on_slurm(dir: &Path, path: &str, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ludus"))
        .current_dir(dir)
        .args(args)
        .env("PATH", path)
        .output()
        .unwrap()
}

fn same_files(a: &Path, b: &Path, files: &[&str]) {
    for f in files {
        let (x, y) = (std::fs::read(a.join(f)), std::fs::read(b.join(f)));
        assert!(
            x.is_ok() && x.as_ref().ok() == y.as_ref().ok(),
            "{f} differs between {} and {}",
            a.display(),
            b.display()
        );
    }
}

#[test]
fn a_search_on_slurm_plays_each_round_as_shards_and_finds_what_a_local_one_does() {
    let dir = scratch("slurm-search");
    write(&dir, "search.toml", SEARCH);
    let path = fake_slurm(&dir);
    // The same file by the same path: confirm.toml names it.
    let o = on_slurm(
        &dir,
        &path,
        &["search", "search.toml", "-q", "--out", "local"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let local = dir.join("local");
    let args = [
        "search",
        "search.toml",
        "--slurm",
        "--shards",
        "3",
        "--partition",
        "short",
        "--time",
        "0:10:00",
        "--out",
        "on slurm",
    ];
    let o = on_slurm(&dir, &path, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    let printed = String::from_utf8_lossy(&o.stdout).into_owned();
    assert!(
        printed.contains("submitted: search job 1, each round a job array of 3 shards"),
        "{printed}"
    );
    let out = dir.join("on slurm");
    same_files(
        &local,
        &out,
        &[
            "candidates.csv",
            "front.csv",
            "confirm.toml",
            "rounds/round-0/cells.csv",
        ],
    );
    assert!(
        out.join("rounds/round-0/shards/shard-3-of-3/partial.json")
            .is_file()
    );
    assert!(out.join("rounds/round-0/slurm/logs/shard-2.log").is_file());

    // The search job, then one job array a round, each task with the
    // options given.
    let calls = std::fs::read_to_string(dir.join("calls")).unwrap();
    let lines: Vec<&str> = calls.lines().collect();
    assert!(lines[0].ends_with("/slurm/search.sbatch"), "{calls}");
    let rounds = lines.len() - 1;
    assert!(rounds >= 1, "{calls}");
    assert!(
        lines[1..]
            .iter()
            .all(|l| l.ends_with("/slurm/shards.sbatch"))
    );
    let search_job = std::fs::read_to_string(out.join("slurm/search.sbatch")).unwrap();
    for said in [
        "\n#SBATCH --cpus-per-task=1\n",
        " --slurm-rounds --shards 3 --cpus 1 --partition short --time 0:10:00",
    ] {
        assert!(search_job.contains(said), "{said:?} not in\n{search_job}");
    }
    let shards = std::fs::read_to_string(out.join("rounds/round-0/slurm/shards.sbatch")).unwrap();
    assert!(
        shards.contains("\n#SBATCH --array=1-3\n") && shards.contains("\n#SBATCH --time=0:10:00\n"),
        "{shards}"
    );

    // The command printed, pasted: the end of the search job's log.
    let follow = printed
        .lines()
        .find_map(|l| l.strip_prefix("see how it goes with: "))
        .unwrap_or_else(|| panic!("no command in {printed}"));
    let o = Command::new("sh")
        .arg("-c")
        .arg(follow)
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{follow}: {}", stderr(&o));
    let log = String::from_utf8_lossy(&o.stdout);
    assert!(
        log.contains(": shards job array ") && log.contains("candidates left after"),
        "{log}"
    );

    // Resumed, the search job submits no round again and ends as it did.
    let mut resume = args.to_vec();
    resume.push("--resume");
    let o = on_slurm(&dir, &path, &resume);
    assert!(o.status.success(), "{}", stderr(&o));
    let calls = std::fs::read_to_string(dir.join("calls")).unwrap();
    assert_eq!(calls.lines().count(), rounds + 2, "{calls}");
    same_files(&local, &out, &["candidates.csv", "front.csv"]);

    // From its start again, it replaces what the rounds held.
    let o = on_slurm(&dir, &path, &args);
    assert!(o.status.success(), "{}", stderr(&o));
    same_files(&local, &out, &["candidates.csv", "front.csv"]);
}

#[test]
fn a_search_on_slurm_refuses_what_no_job_could_take() {
    let dir = scratch("slurm-search-refused");
    write(&dir, "search.toml", SEARCH);
    let path = fake_slurm(&dir);
    for (extra, named) in [
        (["--shards", "0"], "--shards"),
        (["--cpus", "0"], "--cpus"),
        (["--time", "1 00"], "--time"),
    ] {
        let mut args = vec!["search", "search.toml", "--slurm", "--out", "s"];
        args.extend(extra);
        let o = on_slurm(&dir, &path, &args);
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(named), "{}", stderr(&o));
    }
    // Slurm's options without --slurm would be lost.
    let o = on_slurm(&dir, &path, &["search", "search.toml", "--shards", "3"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--slurm"), "{}", stderr(&o));
    assert!(!dir.join("calls").exists(), "a job was submitted");
}

#[test]
fn a_stopped_search_job_cancels_the_round_under_way_and_says_how_to_resume() {
    use std::io::{BufRead, BufReader, Read};
    use std::os::unix::fs::PermissionsExt;
    use std::process::Stdio;
    let dir = scratch("slurm-search-stopped");
    write(&dir, "search.toml", SEARCH);
    // A cluster whose array never ends until cancelled.
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let calls = dir.join("scancel");
    for (name, text) in [
        ("sbatch", "#!/bin/sh\necho 77\n".to_string()),
        ("squeue", "#!/bin/sh\necho RUNNING\n".to_string()),
        (
            "scancel",
            format!("#!/bin/sh\necho \"$*\" >> '{}'\n", calls.display()),
        ),
    ] {
        let path = write(&bin, name, &text);
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    // The search job's own command, as its script runs it.
    let mut child = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .current_dir(&dir)
        .args(["search", "search.toml", "--out", "s", "--slurm-rounds"])
        .args(["--shards", "2"])
        .env("PATH", path)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut said = String::new();
    while !said.contains("shards job array 77") {
        let mut line = String::new();
        assert!(err.read_line(&mut line).unwrap() > 0, "{said}");
        said += &line;
    }
    // SIGTERM, as Slurm stops a job at its time limit or on scancel.
    let kill = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    err.read_to_string(&mut said).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(status.code(), Some(130), "{said}");
    assert!(said.contains("--resume finishes the search"), "{said}");
    assert_eq!(std::fs::read_to_string(&calls).unwrap(), "77\n");
}
