//! `ludus search FILE --slurm`: the search submitted to Slurm as one job
//! that runs it (a round depends on the rounds before it), each round
//! played there as a job array of shards ([`SlurmRounds`]).

use std::path::Path;

use clap::Args;

use ludus::plan::search_plan::SearchPlan;
use ludus::runner::shard::MAX_SHARDS;
use ludus::store::atomic::write_atomic;

use crate::cli::Failure;
use crate::cli::slurm::{Job, quote, sbatch, script_text};
use crate::cli::slurm_rounds::SlurmRounds;

/// The options of `ludus search` that put it on a Slurm cluster.
#[derive(Args, Debug)]
pub struct SearchSlurmArgs {
    /// Submit the search to Slurm: one job runs it, each round a job
    /// array of shards.
    #[arg(long, group = "on_slurm", conflicts_with = "slurm_rounds")]
    slurm: bool,
    /// With --slurm: shards of each round, one array task each.
    #[arg(long, requires = "on_slurm", default_value_t = 4)]
    shards: u64,
    /// With --slurm: the partition (queue), if not the cluster's default.
    #[arg(long, requires = "on_slurm")]
    partition: Option<String>,
    /// With --slurm: each shard's time limit, as sbatch takes it (e.g. 1:00:00).
    #[arg(long, requires = "on_slurm")]
    time: Option<String>,
    /// With --slurm: the search job's time limit, every round included.
    #[arg(long, requires = "on_slurm")]
    search_time: Option<String>,
    /// With --slurm: CPUs of each shard (it plays on as many threads).
    #[arg(long, requires = "on_slurm", default_value_t = 1)]
    cpus: usize,
    /// Set by --slurm in the search job it submits: play each round as a
    /// job array.
    #[arg(long, group = "on_slurm", hide = true)]
    slurm_rounds: bool,
}

/// The checked words of the Slurm options and of where the search runs.
struct Words {
    ludus: String,
    workdir: String,
}

impl SearchSlurmArgs {
    /// Whether the search is to be submitted.
    pub fn submit(&self) -> bool {
        self.slurm
    }

    /// Refuses options no job could take; the binary's and working
    /// directory's paths as job scripts hold them.
    fn check(&self) -> Result<Words, Failure> {
        if !(1..=MAX_SHARDS).contains(&self.shards) {
            return Err(Failure::Input(format!(
                "--shards must be 1-{MAX_SHARDS}, not {}",
                self.shards
            )));
        }
        if !(1..=crate::cli::batch_args::MAX_THREADS).contains(&self.cpus) {
            return Err(Failure::Input(format!(
                "--cpus must be 1-{}, not {}",
                crate::cli::batch_args::MAX_THREADS,
                self.cpus
            )));
        }
        for (flag, v) in [
            ("--partition", &self.partition),
            ("--time", &self.time),
            ("--search-time", &self.search_time),
        ] {
            if let Some(v) = v {
                script_text(flag, v.as_ref())?;
                if v.is_empty() || v.chars().any(char::is_whitespace) {
                    return Err(Failure::Input(format!("{flag} takes one word, not {v:?}")));
                }
            }
        }
        let workdir = std::env::current_dir()
            .map_err(|e| Failure::Io(format!("cannot tell the working directory: {e}")))?;
        let ludus = std::env::current_exe()
            .map_err(|e| Failure::Io(format!("cannot tell where ludus is: {e}")))?;
        Ok(Words {
            ludus: script_text("the ludus binary's path", ludus.as_os_str())?.to_string(),
            workdir: script_text("the working directory (--chdir)", workdir.as_os_str())?
                .to_string(),
        })
    }

    /// In the search job: who plays the rounds, or `None` for a search
    /// played here.
    pub fn round_player(&self) -> Result<Option<SlurmRounds>, Failure> {
        if !self.slurm_rounds {
            return Ok(None);
        }
        let words = self.check()?;
        Ok(Some(SlurmRounds {
            ludus: words.ludus,
            workdir: words.workdir,
            shards: self.shards,
            cpus: self.cpus,
            partition: self.partition.clone(),
            time: self.time.clone(),
        }))
    }
}

/// What the submitted search is.
pub struct Submission<'a> {
    /// The search file, as given.
    pub file: &'a str,
    /// Its plan.
    pub plan: &'a SearchPlan,
    /// The search's folder.
    pub dir: &'a Path,
    /// `--resume`, `--force`: passed on to the search job.
    pub flags: Vec<&'static str>,
}

/// Writes the search job's script into `DIR/slurm/search.sbatch`,
/// submits it and says how to follow it.
pub fn submit(args: &SearchSlurmArgs, s: Submission) -> Result<(), Failure> {
    let words = args.check()?;
    let file = script_text("the search file's path", s.file.as_ref())?;
    let out = Path::new(&words.workdir).join(s.dir);
    let out_text = script_text("--out", out.as_os_str())?;
    // sbatch would replace no `%` symbol of a path holding a backslash,
    // nor of the rounds' log names.
    if out_text.contains('\\') {
        return Err(Failure::Input(format!(
            "--out `{out_text}` holds a backslash: Slurm would not name each task's log by its index"
        )));
    }
    let name = script_text("the search's name", s.plan.name.as_ref())?;
    let slurm_dir = out.join("slurm");
    let logs = slurm_dir.join("logs");
    std::fs::create_dir_all(&logs).map_err(|e| {
        Failure::Io(format!(
            "cannot write the job script to {}: {e}",
            slurm_dir.display()
        ))
    })?;
    let job = Job {
        name,
        ludus: words.ludus,
        workdir: words.workdir,
        out: out_text.to_string(),
        run_args: Vec::new(),
        shards: args.shards,
        cpus: args.cpus,
        partition: args.partition.as_deref(),
        time: args.search_time.as_deref(),
    };
    let mut search_args = vec![
        quote(file),
        "--out".into(),
        quote(out_text),
        "--threads 1".into(),
        "--slurm-rounds".into(),
        format!("--shards {} --cpus {}", args.shards, args.cpus),
    ];
    if let Some(p) = &args.partition {
        search_args.push(format!("--partition {}", quote(p)));
    }
    if let Some(t) = &args.time {
        search_args.push(format!("--time {}", quote(t)));
    }
    search_args.extend(s.flags.iter().map(|f| f.to_string()));
    // One CPU: the search job only waits for its rounds' jobs and reads
    // their sums, and a CPU more would be one shard fewer at a time.
    let script = format!(
        "#!/bin/bash\n\
         # Written by `ludus search --slurm`: runs the search `{name}`, each round a job\n\
         # array of {n} shards that it submits and waits for; logs to slurm/logs/search.log.\n\
         {common}#SBATCH --ntasks=1\n#SBATCH --cpus-per-task=1\n\
         set -euo pipefail\n\
         exec {ludus} search {args}\n",
        n = args.shards,
        common = job.common(&format!("ludus-search-{name}"), "search.log"),
        ludus = quote(&job.ludus),
        args = search_args.join(" "),
    );
    let path = slurm_dir.join("search.sbatch");
    write_atomic(&path, script.as_bytes()).map_err(|e| {
        Failure::Io(format!(
            "cannot write the job script {}: {e}",
            path.display()
        ))
    })?;
    let id = sbatch(&[script_text("the job script", path.as_os_str())?])?;
    println!(
        "submitted: search job {id}, each round a job array of {} shards; the search's tables will be in {}",
        args.shards,
        out.display()
    );
    println!(
        "see how it goes with: tail {}",
        quote(&logs.join("search.log").to_string_lossy())
    );
    Ok(())
}
