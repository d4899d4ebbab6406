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
        "--metrics",
        "all",
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
        " --metrics all",
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
        "--metrics",
        "all",
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

/// The arguments of an `#SBATCH` line as sbatch reads them (its
/// `_get_argument`): quotes group, a backslash escapes any character even
/// inside quotes, an unquoted `#` ends the line.
fn sbatch_arguments(line: &str) -> Vec<String> {
    let mut args = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        if chars.peek().is_none_or(|&c| c == '#') {
            return args;
        }
        let (mut arg, mut quote) = (String::new(), None);
        while let Some(&c) = chars.peek() {
            if quote.is_none() && (c.is_whitespace() || c == '#') {
                break;
            }
            chars.next();
            match (c, quote) {
                ('\\', _) => arg.extend(chars.next()),
                (q, Some(open)) if q == open => quote = None,
                ('"' | '\'', None) => quote = Some(c),
                _ => arg.push(c),
            }
        }
        args.push(arg);
    }
}

/// The file a Slurm filename pattern names for array task `task` of job
/// `job`: `%%` a percent sign, `%a` the task, `%A` the job; a backslash
/// anywhere turns every symbol off.
fn slurm_file(pattern: &str, job: u32, task: u32) -> String {
    if pattern.contains('\\') {
        return pattern.replace('\\', "");
    }
    let mut out = String::new();
    let mut chars = pattern.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('%') => out.push('%'),
            Some('a') => out += &task.to_string(),
            Some('A') => out += &job.to_string(),
            other => panic!("symbol %{other:?} in {pattern}"),
        }
    }
    out
}

/// The `#SBATCH` options of a job script, as sbatch collects them: from the
/// `#SBATCH` lines before the first line that is not a comment.
fn sbatch_options(script: &str) -> Vec<(String, String)> {
    let mut options = Vec::new();
    for line in script.lines().skip(1) {
        if !line.starts_with('#') {
            break;
        }
        if let Some(rest) = line.strip_prefix("#SBATCH") {
            for arg in sbatch_arguments(rest) {
                let (k, v) = arg.split_once('=').expect("--key=value");
                options.push((k.to_string(), v.to_string()));
            }
        }
    }
    options
}

fn option<'a>(options: &'a [(String, String)], key: &str) -> &'a str {
    options
        .iter()
        .find(|(k, _)| k == key)
        .map(|(_, v)| v.as_str())
        .unwrap_or_else(|| panic!("no {key} in {options:?}"))
}

/// Every line of a script bash reads: a comment before the commands, and
/// nothing bash would refuse.
fn check_bash(path: &Path) -> String {
    let o = Command::new("bash").arg("-n").arg(path).output().unwrap();
    assert!(
        o.status.success(),
        "bash -n {}: {}",
        path.display(),
        stderr(&o)
    );
    let text = read(path);
    let body = text
        .lines()
        .position(|l| !l.starts_with('#'))
        .expect("commands after the comments");
    assert!(
        text.lines().nth(body).unwrap().starts_with("set -"),
        "the first command of {} is not `set`:\n{text}",
        path.display()
    );
    text
}

#[test]
fn hostile_paths_end_up_as_the_same_paths_in_every_script() {
    let base = scratch("slurm-hostile");
    // A working directory and a report folder that a shell or sbatch
    // would take apart if written as they are.
    let workdir = base.join("work dir 'q' \"d\" $HOME `x` #c ;&|<>*?[]");
    std::fs::create_dir_all(&workdir).unwrap();
    write(&workdir, "e x'p%.toml", EXPERIMENT);
    let out_name = "re port 'a' \"b\" $PATH `id` #c 100%a %j;(x)*";
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .current_dir(&workdir)
        .args([
            "slurm",
            "e x'p%.toml",
            "--shards",
            "2",
            "--games",
            "40",
            "--out",
            out_name,
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let out = workdir.join(out_name);
    let out_s = out.to_str().unwrap();
    let shards = check_bash(&out.join("slurm/shards.sbatch"));
    let merge = check_bash(&out.join("slurm/merge.sbatch"));
    check_bash(&out.join("slurm/submit.sh"));
    for (script, log) in [(&shards, "shard-3.log"), (&merge, "merge.log")] {
        let options = sbatch_options(script);
        assert_eq!(option(&options, "--chdir"), workdir.to_str().unwrap());
        assert_eq!(
            slurm_file(option(&options, "--output"), 77, 3),
            format!("{out_s}/slurm/logs/{log}"),
            "{script}"
        );
        assert!(option(&options, "--job-name").starts_with("ludus-on-slurm"));
    }
    // Each task and the merge as Slurm runs them, in the working directory.
    for k in 1..=2 {
        let o = Command::new("bash")
            .arg(out.join("slurm/shards.sbatch"))
            .current_dir(&workdir)
            .env("SLURM_ARRAY_TASK_ID", k.to_string())
            .output()
            .unwrap();
        assert!(o.status.success(), "task {k}: {}", stderr(&o));
    }
    let o = Command::new("bash")
        .arg(out.join("slurm/merge.sbatch"))
        .current_dir(&workdir)
        .output()
        .unwrap();
    assert!(o.status.success(), "merge: {}", stderr(&o));
    assert!(out.join("summary.csv").is_file());
    assert!(out.join("shards/shard-2-of-2/partial.json").is_file());
}

#[test]
fn control_characters_in_what_a_script_would_hold_are_refused() {
    let base = scratch("slurm-controls");
    let exp = write(&base, "e.toml", EXPERIMENT);
    let pwned = base.join("pwned");
    let injected = format!("{}/a\ntouch {}\n#", base.display(), pwned.to_str().unwrap());
    let cases: [(&[&str], &str); 5] = [
        (&["--out", &injected], "--out"),
        (&["--out", "a\rb"], "--out"),
        (&["--partition", "short\n#SBATCH --x=y"], "--partition"),
        (&["--time", "1:00\u{1b}[2J"], "--time"),
        (&["--out", "100%\u{7}"], "--out"),
    ];
    for (extra, named) in cases {
        let mut args = vec!["slurm", &exp, "--shards", "2"];
        args.extend_from_slice(extra);
        let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
            .current_dir(&base)
            .args(&args)
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2), "{extra:?}: {}", stderr(&o));
        let e = stderr(&o);
        assert!(e.contains(named) && e.contains("control character"), "{e}");
        assert!(
            !e.contains(['\r', '\u{1b}', '\u{7}']) && e.trim_end().lines().count() == 1,
            "{e:?}"
        );
    }
    // The experiment's path, and a working directory with a newline.
    let odd = base.join("odd\nname.toml");
    std::fs::write(&odd, EXPERIMENT).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .current_dir(&base)
        .args(["slurm", "odd\nname.toml", "--shards", "2"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    // Refused as every argument holding one is, before `slurm` reads it.
    assert!(
        stderr(&o).contains("argument 2 `odd\\nname.toml` holds a control character"),
        "{}",
        stderr(&o)
    );
    let workdir = base.join("w\ntouch pwned\n#");
    std::fs::create_dir_all(&workdir).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .current_dir(&workdir)
        .args(["slurm", &exp, "--shards", "2", "--out", "r"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("working directory"), "{}", stderr(&o));
    assert!(!workdir.join("r").exists(), "scripts written");
    assert!(!pwned.exists() && !base.join("a").exists());
    // A backslash would turn off the log names' `%a`.
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .current_dir(&base)
        .args(["slurm", &exp, "--shards", "2", "--out", "a\\b"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("backslash"), "{}", stderr(&o));
    // Where only the working directory holds one, sbatch reads it back.
    let workdir = base.join("back\\slash");
    std::fs::create_dir_all(&workdir).unwrap();
    let out = base.join("elsewhere");
    let o = Command::new(env!("CARGO_BIN_EXE_ludus"))
        .current_dir(&workdir)
        .args([
            "slurm",
            &exp,
            "--shards",
            "2",
            "--out",
            out.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let options = sbatch_options(&check_bash(&out.join("slurm/shards.sbatch")));
    assert_eq!(option(&options, "--chdir"), workdir.to_str().unwrap());
}
