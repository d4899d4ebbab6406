//! `ludus slurm`: the job array and merge scripts it writes, run here as
//! Slurm would run them (each task with its SLURM_ARRAY_TASK_ID), and
//! `--submit` against a stand-in sbatch that records what it is given.

use std::path::Path;
use std::process::Command;

use crate::shards::same_csvs;
use crate::support::{ludus, scratch, stderr, write};

const EXPERIMENT: &str = r#"
name = "on-slurm"
seed = 2
games = 1000
[[cells]]
game = "hazard"
sweep = { players = [2, 3] }
[[cells]]
game = "three-men"
"#;

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn the_scripts_are_a_job_array_of_shards_and_a_merge_that_waits_for_it() {
    let dir = scratch("slurm");
    let exp = write(&dir, "e.toml", EXPERIMENT);
    let out = dir.join("report");
    let out_s = out.to_str().unwrap();
    let o = ludus(&[
        "slurm",
        &exp,
        "--shards",
        "3",
        "--partition",
        "short",
        "--time",
        "0:05:00",
        "--cpus",
        "2",
        "--games",
        "301",
        "--out",
        out_s,
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let shards = read(&out.join("slurm/shards.sbatch"));
    for line in [
        "#!/bin/bash\n",
        "\n#SBATCH --array=1-3\n",
        "\n#SBATCH --cpus-per-task=2\n",
        "\n#SBATCH --partition=short\n",
        "\n#SBATCH --time=0:05:00\n",
        &format!("\n#SBATCH --output={out_s}/slurm/logs/shard-%a.log\n"),
        " --shard \"${SLURM_ARRAY_TASK_ID}/3\"",
        " --threads \"${SLURM_CPUS_PER_TASK:-2}\"",
        " --resume",
        " --games 301",
        &format!(" --out {out_s}/shards/shard-\"${{SLURM_ARRAY_TASK_ID}}\"-of-3\n"),
    ] {
        assert!(shards.contains(line), "{line:?} not in\n{shards}");
    }
    assert!(
        out.join("slurm/logs").is_dir(),
        "Slurm does not make the log folder"
    );
    let merge = read(&out.join("slurm/merge.sbatch"));
    assert!(!merge.contains("--array"), "{merge}");
    assert!(
        merge.contains(&format!(
            " merge {out_s}/shards/shard-*-of-3 --out {out_s}\n"
        )) && merge.contains(&format!("--output={out_s}/slurm/logs/merge.log")),
        "{merge}"
    );
    let submit = read(&out.join("slurm/submit.sh"));
    assert!(
        submit.contains("sbatch --parsable --dependency=afterok:\"$array\" "),
        "{submit}"
    );

    // Each task as Slurm runs it, then the merge: the report of one run.
    for k in 1..=3 {
        let o = Command::new("bash")
            .arg(out.join("slurm/shards.sbatch"))
            .env("SLURM_ARRAY_TASK_ID", k.to_string())
            .env("SLURM_CPUS_PER_TASK", "1")
            .output()
            .unwrap();
        assert!(o.status.success(), "task {k}: {}", stderr(&o));
    }
    let o = Command::new("bash")
        .arg(out.join("slurm/merge.sbatch"))
        .output()
        .unwrap();
    assert!(o.status.success(), "merge: {}", stderr(&o));
    let local = dir.join("local");
    let o = ludus(&[
        "run",
        &exp,
        "--games",
        "301",
        "-q",
        "--out",
        local.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    same_csvs(&local, &out);
}

#[cfg(unix)]
#[test]
fn submit_chains_the_merge_after_the_array_with_afterok() {
    use std::os::unix::fs::PermissionsExt;
    let dir = scratch("slurm-submit");
    let exp = write(&dir, "e.toml", EXPERIMENT);
    let bin = dir.join("bin");
    std::fs::create_dir_all(&bin).unwrap();
    let calls = dir.join("calls");
    // A stand-in sbatch: records its arguments, prints a job id (the
    // first with a cluster name, as --parsable may).
    let fake = write(
        &bin,
        "sbatch",
        &format!(
            "#!/bin/sh\necho \"$*\" >> '{}'\nn=$(wc -l < '{}')\nif [ \"$n\" = 1 ]; then echo '41;main'; else echo 42; fi\n",
            calls.display(),
            calls.display()
        ),
    );
    std::fs::set_permissions(&fake, std::fs::Permissions::from_mode(0o755)).unwrap();
    let out = dir.join("report");
    let path = format!(
        "{}:{}",
        bin.display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args([
            "slurm",
            &exp,
            "--shards",
            "8",
            "--submit",
            "--out",
            out.to_str().unwrap(),
        ])
        .env("PATH", path)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let printed = String::from_utf8_lossy(&o.stdout);
    assert!(
        printed.contains("shards job array 41 (8 tasks), merge job 42"),
        "{printed}"
    );
    let calls = read(&calls);
    let lines: Vec<&str> = calls.lines().collect();
    assert_eq!(lines.len(), 2, "{calls}");
    assert!(lines[0].starts_with("--parsable ") && lines[0].ends_with("shards.sbatch"));
    assert!(
        lines[1].contains("--dependency=afterok:41 ") && lines[1].ends_with("merge.sbatch"),
        "{calls}"
    );
    // Without sbatch, the scripts are written and the error says so.
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .args([
            "slurm",
            &exp,
            "--shards",
            "2",
            "--submit",
            "--out",
            out.to_str().unwrap(),
        ])
        .env("PATH", dir.join("nowhere"))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("sbatch"), "{}", stderr(&o));
}
