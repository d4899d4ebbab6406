//! A search's rounds played on Slurm from inside its search job: each
//! round's experiment a job array of shards (`ludus run --shard`), waited
//! for, and its shards' partials summed into the round's checkpoint, which
//! the search reads as a local round's.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use ludus::core::plural::plural;
use ludus::plan::experiment::Experiment;
use ludus::search::round_player::RoundPlayer;
use ludus::store::atomic::write_atomic;
use ludus::store::cell_record::CellRecord;
use ludus::store::identity;
use ludus::store::merge::merge as sum_partials;
use ludus::store::partial::{self, Partial};

use crate::cli::Failure;
use crate::cli::run::INTERRUPTED;
use crate::cli::slurm::{Job, quote, sbatch, script_text};

/// The states in which a job (or an array's task) has ended for good.
const ENDED: [&str; 10] = [
    "COMPLETED",
    "FAILED",
    "CANCELLED",
    "TIMEOUT",
    "NODE_FAIL",
    "OUT_OF_MEMORY",
    "PREEMPTED",
    "BOOT_FAIL",
    "DEADLINE",
    "SPECIAL_EXIT",
];

/// The longest pause between two looks at the queue: a round may take
/// hours, and each look costs the cluster's controller a request.
const LONGEST_PAUSE: Duration = Duration::from_secs(30);

/// Plays each round as a job array of `shards` tasks of `cpus` CPUs.
#[derive(Debug)]
pub(crate) struct SlurmRounds {
    /// The ludus binary the tasks run (this one).
    pub ludus: String,
    /// The folder the tasks run in, where the search's paths (its Lua
    /// scripts) are relative to.
    pub workdir: String,
    /// Shards of each round.
    pub shards: u64,
    /// CPUs of each shard.
    pub cpus: usize,
    /// The partition, if not the cluster's default.
    pub partition: Option<String>,
    /// Each task's time limit.
    pub time: Option<String>,
}

impl RoundPlayer for SlurmRounds {
    fn play(
        &self,
        exp: &Experiment,
        folder: &Path,
        resume: bool,
    ) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
        self.play_round(exp, folder, resume).map_err(Into::into)
    }
}

impl SlurmRounds {
    /// Submits the round's shards, waits for them and sums them into
    /// `folder/partial.json`.
    fn play_round(&self, exp: &Experiment, folder: &Path, resume: bool) -> Result<(), Failure> {
        let checkpoint = folder.join(partial::FILE);
        let whole = identity::of_experiment(exp, None)?;
        if resume
            && let Ok(p) = Partial::read(&checkpoint)
            && p.manifest.complete
            && whole.differs(&p.manifest, true).is_none()
        {
            // Played by an earlier search job: nothing to submit.
            return Ok(());
        }
        let io = |what: &str, e: std::io::Error| {
            Failure::Io(format!("cannot {what} in {}: {e}", folder.display()))
        };
        let shards = folder.join("shards");
        if !resume {
            // A search from its start replaces what the folder held, as a
            // local round does: shards that would resume another round's
            // games, and the report and checkpoint of one.
            for file in ["manifest.json", partial::FILE] {
                match std::fs::remove_file(folder.join(file)) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                        return Err(io("clear the last round", e));
                    }
                    _ => {}
                }
            }
            if shards.exists() {
                std::fs::remove_dir_all(&shards).map_err(|e| io("clear the last shards", e))?;
            }
        }
        let slurm = folder.join("slurm");
        std::fs::create_dir_all(slurm.join("logs")).map_err(|e| io("make slurm/logs", e))?;
        let file = slurm.join("round.toml");
        write_atomic(&file, exp.text.as_bytes()).map_err(|e| io("write the round", e))?;
        let out = script_text("the round's folder", folder.as_os_str())?;
        let file_text = script_text("the round's experiment", file.as_os_str())?;
        let job = Job {
            name: &exp.name,
            ludus: self.ludus.clone(),
            workdir: self.workdir.clone(),
            out: out.to_string(),
            run_args: vec![quote(file_text)],
            shards: self.shards,
            cpus: self.cpus,
            partition: self.partition.as_deref(),
            time: self.time.as_deref(),
        };
        let script = slurm.join("shards.sbatch");
        write_atomic(&script, job.shards_script().as_bytes())
            .map_err(|e| io("write the job array", e))?;
        let array = sbatch(&[script_text("the job script", script.as_os_str())?])?;
        eprintln!(
            "{}: shards job array {array} ({}), logs in {}",
            exp.name,
            plural(self.shards as usize, "task"),
            slurm.join("logs").display()
        );
        wait_for(&array)?;
        let logs = || format!("see the logs in {}", slurm.join("logs").display());
        let n = self.shards;
        let mut partials = Vec::new();
        for k in 1..=n {
            let file = shards.join(format!("shard-{k}-of-{n}")).join(partial::FILE);
            if !file.exists() {
                return Err(Failure::Io(format!(
                    "job array {array}: shard {k}/{n} left no {}; {}",
                    file.display(),
                    logs()
                )));
            }
            let p = Partial::read(&file)?;
            partials.push((file.display().to_string(), p));
        }
        let mut merged = sum_partials(&partials, env!("CARGO_PKG_VERSION"), false)
            .map_err(|e| Failure::Io(format!("job array {array}: {e}; {}", logs())))?;
        // The checkpoint is of the round as the search made it, not of
        // the file the shards read.
        merged.manifest.source = exp.source.clone();
        let records = exp
            .cells
            .iter()
            .zip(&merged.states)
            .map(|(plan, s)| CellRecord::new(plan.cell.index, plan.game.name(), s))
            .collect();
        let sum = Partial::new(merged.manifest, records);
        write_atomic(&checkpoint, &sum.to_json()).map_err(|e| io("write partial.json", e))
    }
}

/// Waits until job `id` (every task of an array) has left the queue,
/// looking at it ever less often; on Ctrl-C or SIGTERM (a time limit, a
/// `scancel` of the search job), cancels it and says so.
fn wait_for(id: &str) -> Result<(), Failure> {
    let mut pause = Duration::from_secs(1);
    let mut failures = 0;
    loop {
        match queued(id) {
            Ok(false) => return Ok(()),
            Ok(true) => failures = 0,
            // A controller busy for a moment is not a failed round.
            Err(e) if failures >= 10 => return Err(e),
            Err(_) => failures += 1,
        }
        let until = Instant::now() + pause;
        while Instant::now() < until {
            if INTERRUPTED.load(Ordering::SeqCst) {
                // Its tasks would otherwise play on, and race those of the
                // resumed search for the same shard folders.
                let _ = Command::new("scancel").arg(id).status();
                return Err(Failure::Interrupted(format!(
                    "interrupted: job array {id} cancelled"
                )));
            }
            std::thread::sleep(Duration::from_millis(100));
        }
        pause = (pause * 2).min(LONGEST_PAUSE);
    }
}

/// Whether a task of job `id` is still to end, as squeue sees it.
fn queued(id: &str) -> Result<bool, Failure> {
    let o = Command::new("squeue")
        .args(["--noheader", "--jobs", id, "--format=%T"])
        .output()
        .map_err(|e| Failure::Io(format!("cannot run squeue: {e}")))?;
    let said = String::from_utf8_lossy(&o.stderr);
    if !o.status.success() {
        // A job that ended long ago is forgotten by the controller.
        if said.contains("Invalid job id") {
            return Ok(false);
        }
        return Err(Failure::Io(format!(
            "squeue --jobs {id} failed ({}): {}",
            o.status,
            said.trim()
        )));
    }
    Ok(String::from_utf8_lossy(&o.stdout)
        .lines()
        .map(str::trim)
        .any(|state| !state.is_empty() && !ENDED.contains(&state)))
}
