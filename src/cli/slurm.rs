//! `ludus slurm [EXPERIMENT] --shards N`: the job scripts that play a run
//! on a Slurm cluster, one array task per shard, then a merge job that
//! starts once every shard has succeeded; `--submit` submits them.

use std::path::{Path, PathBuf};
use std::process::Command;

use clap::Args;

use ludus::plan::experiment::Experiment;
use ludus::runner::metrics_level::MetricsLevel;
use ludus::runner::on_bot_error::OnBotError;
use ludus::runner::shard::MAX_SHARDS;
use ludus::store::atomic::write_atomic;

use crate::cli::Failure;

/// Arguments of `ludus slurm`.
#[derive(Args, Debug)]
pub struct SlurmArgs {
    /// The experiment file (TOML); without it, the embedded default experiment.
    experiment: Option<String>,
    /// How many shards: one array task each.
    #[arg(long)]
    shards: u64,
    /// The partition (queue) to submit to; without it, the cluster's default.
    #[arg(long)]
    partition: Option<String>,
    /// Each task's time limit, as sbatch takes it (e.g. 2:00:00).
    #[arg(long)]
    time: Option<String>,
    /// CPUs per shard (each shard plays on as many threads).
    #[arg(long, default_value_t = 1)]
    cpus: usize,
    /// Games per cell, replacing the file's `games`.
    #[arg(long)]
    games: Option<u64>,
    /// The experiment seed, replacing the file's `seed`.
    #[arg(long)]
    seed: Option<u64>,
    /// What a failing policy does: stop or forfeit.
    #[arg(long, value_name = "stop|forfeit")]
    on_bot_error: Option<String>,
    /// How much of metrics.csv to measure: basic or all.
    #[arg(long, value_name = "basic|all")]
    metrics: Option<String>,
    /// The report folder (default: reports/<experiment name>); the shards
    /// go to its shards/, the scripts and logs to its slurm/.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Submit the jobs with sbatch once written.
    #[arg(long)]
    submit: bool,
}

/// Whether `word` reads back as itself unquoted, in a shell as in sbatch.
pub(crate) fn plain(word: &str) -> bool {
    !word.is_empty()
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"/._-:=,+@%".contains(&b))
}

/// A word as a POSIX shell reads it back unchanged: in single quotes.
pub(crate) fn quote(word: &str) -> String {
    if plain(word) {
        return word.to_string();
    }
    format!("'{}'", word.replace('\'', r"'\''"))
}

/// A word as sbatch reads it back unchanged from an `#SBATCH` line, which
/// bash takes for a comment: sbatch groups quoted text and lets a
/// backslash escape any character, even inside quotes (and a `#` outside
/// quotes would start a comment of its own).
fn sbatch_word(word: &str) -> String {
    if plain(word) {
        return word.to_string();
    }
    let mut s = String::from("\"");
    for c in word.chars() {
        if c == '"' || c == '\\' {
            s.push('\\');
        }
        s.push(c);
    }
    s.push('"');
    s
}

/// `path` as an sbatch filename pattern that names it: `%` starts a
/// replacement symbol there (`%a`, `%j`...), and `%%` is a literal one.
fn literal_pattern(path: &str) -> String {
    path.replace('%', "%%")
}

/// Refuses a path or name that cannot go into a job script as it is: a
/// control character (a newline would end the `#SBATCH` comment and run
/// what follows as a command, and sbatch stops reading its options at the
/// first line that is not one), or text that is not UTF-8 (the script
/// would name another path). `what` names the argument in the message.
pub(crate) fn script_text<'a>(what: &str, text: &'a std::ffi::OsStr) -> Result<&'a str, Failure> {
    let shown = || ludus::core::text::printable(text.as_encoded_bytes(), false);
    let t = text.to_str().ok_or_else(|| {
        Failure::Input(format!(
            "{what} `{}` is not UTF-8: the job scripts cannot name it",
            shown()
        ))
    })?;
    if t.chars().any(char::is_control) {
        return Err(Failure::Input(format!(
            "{what} `{}` holds a control character: the job scripts cannot hold it safely",
            shown()
        )));
    }
    Ok(t)
}

/// What the scripts are made of.
pub(crate) struct Job<'a> {
    pub name: &'a str,
    pub ludus: String,
    pub workdir: String,
    pub out: String,
    /// The arguments of `ludus run` that say which run it is.
    pub run_args: Vec<String>,
    pub shards: u64,
    pub cpus: usize,
    pub partition: Option<&'a str>,
    pub time: Option<&'a str>,
}

impl Job<'_> {
    /// The `#SBATCH` lines every job shares.
    pub(crate) fn common(&self, name: &str, log: &str) -> String {
        let mut s = format!(
            "#SBATCH --job-name={}\n#SBATCH --chdir={}\n#SBATCH --output={}\n#SBATCH --open-mode=append\n",
            sbatch_word(name),
            sbatch_word(&self.workdir),
            sbatch_word(&format!("{}/slurm/logs/{log}", literal_pattern(&self.out))),
        );
        if let Some(p) = self.partition {
            s += &format!("#SBATCH --partition={}\n", sbatch_word(p));
        }
        if let Some(t) = self.time {
            s += &format!("#SBATCH --time={}\n", sbatch_word(t));
        }
        s
    }

    /// The job array: task K plays shard K of N into shards/shard-K-of-N,
    /// resuming what an earlier try of it left.
    pub(crate) fn shards_script(&self) -> String {
        let n = self.shards;
        format!(
            "#!/bin/bash\n\
             # Written by `ludus slurm`: plays shard K of {n} of experiment `{name}`, K being\n\
             # the array task's index; each task logs to slurm/logs/shard-K.log and\n\
             # writes shards/shard-K-of-{n}/partial.json. A task run again (requeued,\n\
             # resubmitted) plays only what its checkpoint lacks (--resume).\n\
             {common}#SBATCH --array=1-{n}\n#SBATCH --ntasks=1\n#SBATCH --cpus-per-task={cpus}\n\
             set -euo pipefail\n\
             exec {ludus} run {args} --shard \"${{SLURM_ARRAY_TASK_ID}}/{n}\" \\\n  \
             --threads \"${{SLURM_CPUS_PER_TASK:-{cpus}}}\" --resume \\\n  \
             --out {out}/shards/shard-\"${{SLURM_ARRAY_TASK_ID}}\"-of-{n}\n",
            name = self.name,
            common = self.common(&format!("ludus-{}", self.name), "shard-%a.log"),
            cpus = self.cpus,
            ludus = quote(&self.ludus),
            args = self.run_args.join(" "),
            out = quote(&self.out),
        )
    }

    /// The merge: every shard's partial summed into the report.
    fn merge_script(&self) -> String {
        let n = self.shards;
        format!(
            "#!/bin/bash\n\
             # Written by `ludus slurm`: sums the {n} shards of experiment `{name}` into its\n\
             # report (submitted with --dependency=afterok on the shards' job array).\n\
             {common}#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n\
             set -euo pipefail\n\
             exec {ludus} merge {out}/shards/shard-*-of-{n} --out {out}\n",
            name = self.name,
            common = self.common(&format!("ludus-{}-merge", self.name), "merge.log"),
            ludus = quote(&self.ludus),
            out = quote(&self.out),
        )
    }

    /// What `--submit` does, as a script to run by hand.
    fn submit_script(&self) -> String {
        format!(
            "#!/bin/sh\n\
             # Written by `ludus slurm`: submits the shards as a job array, then the merge,\n\
             # which starts once every task of the array has succeeded.\n\
             set -eu\n\
             array=$(sbatch --parsable {dir}/shards.sbatch)\n\
             array=${{array%%;*}}\n\
             merge=$(sbatch --parsable --dependency=afterok:\"$array\" {dir}/merge.sbatch)\n\
             echo \"submitted: shards job array $array ({n} tasks), merge job ${{merge%%;*}}\"\n",
            dir = quote(&format!("{}/slurm", self.out)),
            n = self.shards,
        )
    }
}

/// Runs `sbatch --parsable ARGS` and returns the job id it prints.
pub(crate) fn sbatch(args: &[&str]) -> Result<String, Failure> {
    let o = Command::new("sbatch")
        .arg("--parsable")
        .args(args)
        .output()
        .map_err(|e| {
            Failure::Io(format!(
                "cannot run sbatch: {e} (is this a Slurm cluster's login node? the scripts are written; submit them there)"
            ))
        })?;
    if !o.status.success() {
        return Err(Failure::Io(format!(
            "sbatch {} failed ({}): {}",
            args.join(" "),
            o.status,
            String::from_utf8_lossy(&o.stderr).trim()
        )));
    }
    let text = String::from_utf8_lossy(&o.stdout);
    let id = text.trim().split(';').next().unwrap_or("").to_string();
    if id.is_empty() || !id.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Failure::Io(format!(
            "sbatch {} printed no job id: {}",
            args.join(" "),
            text.trim()
        )));
    }
    Ok(id)
}

/// Checks the experiment, writes the scripts and, with `--submit`, submits them.
pub fn slurm(args: SlurmArgs) -> Result<(), Failure> {
    let mut exp = match &args.experiment {
        Some(path) => Experiment::load(path).map_err(Failure::from)?,
        None => Experiment::default_experiment(),
    };
    let mut run_args: Vec<String> = args.experiment.iter().map(|e| quote(e)).collect();
    if let Some(g) = args.games {
        exp.set_games(g).map_err(Failure::from)?;
        run_args.push(format!("--games {g}"));
    }
    if let Some(s) = args.seed {
        run_args.push(format!("--seed {s}"));
    }
    if let Some(on) = &args.on_bot_error {
        OnBotError::parse(on).map_err(|e| Failure::Input(format!("--on-bot-error: {e}")))?;
        run_args.push(format!("--on-bot-error {on}"));
    }
    if let Some(m) = &args.metrics {
        exp.set_metrics(
            MetricsLevel::parse(m).map_err(|e| Failure::Input(format!("--metrics: {e}")))?,
        );
        run_args.push(format!("--metrics {m}"));
    }
    // Refused here rather than by every task.
    if let Some(said) = exp.unused_evaluator() {
        return Err(Failure::Input(match &args.metrics {
            Some(m) => format!("--metrics {m}: {said}"),
            None => format!("{}: {said}", exp.source),
        }));
    }
    if !(1..=MAX_SHARDS).contains(&args.shards) {
        return Err(Failure::Input(format!(
            "--shards must be 1-{MAX_SHARDS}, not {}",
            args.shards
        )));
    }
    if !(1..=crate::cli::batch_args::MAX_THREADS).contains(&args.cpus) {
        return Err(Failure::Input(format!(
            "--cpus must be 1-{}, not {}",
            crate::cli::batch_args::MAX_THREADS,
            args.cpus
        )));
    }
    for (flag, v) in [("--partition", &args.partition), ("--time", &args.time)] {
        if let Some(v) = v {
            script_text(flag, v.as_ref())?;
            if v.is_empty() || v.chars().any(char::is_whitespace) {
                return Err(Failure::Input(format!("{flag} takes one word, not {v:?}")));
            }
        }
    }
    if let Some(e) = &args.experiment {
        script_text("the experiment path", e.as_ref())?;
    }
    let workdir = std::env::current_dir()
        .map_err(|e| Failure::Io(format!("cannot tell the working directory: {e}")))?;
    let out = args
        .out
        .clone()
        .unwrap_or_else(|| PathBuf::from("reports").join(&exp.name));
    if let Some(o) = &args.out {
        script_text("--out", o.as_os_str())?;
    }
    let out = workdir.join(out);
    let ludus = std::env::current_exe()
        .map_err(|e| Failure::Io(format!("cannot tell where ludus is: {e}")))?;
    let workdir_text = script_text("the working directory (--chdir)", workdir.as_os_str())?;
    let out_text = script_text("--out", out.as_os_str())?;
    // Where the output path holds a backslash, Slurm replaces none of its
    // `%` symbols: every task would log to one file named `shard-%a.log`.
    if out_text.contains('\\') {
        return Err(Failure::Input(format!(
            "--out `{out_text}` holds a backslash: Slurm would not name each task's log by its index"
        )));
    }
    let ludus_text = script_text("the ludus binary's path", ludus.as_os_str())?;
    let name = script_text("the experiment's name", exp.name.as_ref())?;
    let slurm_dir = out.join("slurm");
    let io = |e: std::io::Error| {
        Failure::Io(format!(
            "cannot write the scripts to {}: {e}",
            slurm_dir.display()
        ))
    };
    std::fs::create_dir_all(slurm_dir.join("logs")).map_err(io)?;
    let text = |p: &Path| p.to_string_lossy().into_owned();
    let job = Job {
        name,
        ludus: ludus_text.to_string(),
        workdir: workdir_text.to_string(),
        out: out_text.to_string(),
        run_args,
        shards: args.shards,
        cpus: args.cpus,
        partition: args.partition.as_deref(),
        time: args.time.as_deref(),
    };
    let shards = slurm_dir.join("shards.sbatch");
    let merge = slurm_dir.join("merge.sbatch");
    let submit = slurm_dir.join("submit.sh");
    write_atomic(&shards, job.shards_script().as_bytes()).map_err(io)?;
    write_atomic(&merge, job.merge_script().as_bytes()).map_err(io)?;
    write_atomic(&submit, job.submit_script().as_bytes()).map_err(io)?;
    println!(
        "wrote {} (a job array of {} shards), {} and {}",
        shards.display(),
        args.shards,
        merge.display(),
        submit.display()
    );
    if !args.submit {
        println!("submit them with: sh {}", quote(&text(&submit)));
        return Ok(());
    }
    let array = sbatch(&[&text(&shards)])?;
    let merge_id = sbatch(&[&format!("--dependency=afterok:{array}"), &text(&merge)])?;
    println!(
        "submitted: shards job array {array} ({} tasks), merge job {merge_id}",
        args.shards
    );
    println!(
        "logs in {}; the report will be in {}",
        slurm_dir.join("logs").display(),
        out.display()
    );
    Ok(())
}
